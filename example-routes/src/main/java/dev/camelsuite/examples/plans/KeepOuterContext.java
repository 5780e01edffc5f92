package dev.camelsuite.examples.plans;

import org.apache.camel.AggregationStrategy;
import org.apache.camel.Exchange;

/**
 * The return from a nested plan: the parent keeps its own context (headers, properties) and takes only the nested
 * plan's result, its body — what the nested plan kept in its context stays there.
 */
public class KeepOuterContext implements AggregationStrategy {

    @Override
    public Exchange aggregate(Exchange parent, Exchange nested) {
        parent.getMessage().setBody(nested.getMessage().getBody());
        return parent;
    }
}
