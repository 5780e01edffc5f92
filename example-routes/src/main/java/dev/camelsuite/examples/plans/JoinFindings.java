package dev.camelsuite.examples.plans;

import org.apache.camel.AggregationStrategy;
import org.apache.camel.Exchange;

/**
 * The join of parallel branches (a Narval transition with several incoming steps): fires when every branch is done,
 * with what each found, in branch order, joined by "; ".
 */
public class JoinFindings implements AggregationStrategy {

    @Override
    public Exchange aggregate(Exchange joined, Exchange branch) {
        if (joined == null) {
            return branch;
        }
        joined.getMessage().setBody(joined.getMessage().getBody(String.class) + "; "
                                    + branch.getMessage().getBody(String.class));
        return joined;
    }
}
