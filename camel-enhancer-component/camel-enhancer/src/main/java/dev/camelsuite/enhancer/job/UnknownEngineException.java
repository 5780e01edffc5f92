package dev.camelsuite.enhancer.job;

import dev.camelsuite.enhancer.chain.InvalidChainException;

/** A chain names an engine that is neither registered nor a Camel endpoint URI. */
public class UnknownEngineException extends InvalidChainException {

    private static final long serialVersionUID = 1L;

    public UnknownEngineException(String chain, String engine) {
        super(chain, engine, "Chain '" + chain + "' names engine '" + engine
                             + "', which is not registered (as a bean or on the enhancer component)"
                             + " and is not a Camel endpoint URI");
    }
}
