package dev.camelsuite.enhancer.chain;

/** A chain definition that cannot run: the message names the chain and, where one is at fault, the engine. */
public class InvalidChainException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String chain;
    private final String engine;

    public InvalidChainException(String chain, String engine, String message) {
        super(message);
        this.chain = chain;
        this.engine = engine;
    }

    public String getChain() {
        return chain;
    }

    /** The engine at fault, or null when the fault is the chain's as a whole. */
    public String getEngine() {
        return engine;
    }
}
