package dev.camelsuite.examples.plans;

import org.apache.camel.AggregationStrategy;
import org.apache.camel.Exchange;

/** An optional input (Narval's optional action input): appended when one is there, the step runs without it too. */
public class OptionalSignature implements AggregationStrategy {

    @Override
    public Exchange aggregate(Exchange greeting, Exchange signature) {
        if (signature != null && signature.getMessage().getBody() != null) {
            greeting.getMessage().setBody(greeting.getMessage().getBody(String.class) + "\n-- "
                                          + signature.getMessage().getBody(String.class));
        }
        return greeting;
    }
}
