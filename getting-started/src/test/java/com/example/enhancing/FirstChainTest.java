package com.example.enhancing;

import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.enhancer.content.ContentItem;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The page's chain runs as the page says. */
class FirstChainTest {

    @Test
    void theChainShoutsAndItsRouteEngineRuns() throws Exception {
        try (CamelContext context = FirstChain.create()) {
            context.start();
            Exchange done = context.createProducerTemplate().request("direct:in",
                    e -> e.getIn().setBody("Hello, enhancer"));
            assertThat(done.getException()).isNull();
            assertThat(done.getMessage().getHeader(EnhancerConstants.CHAIN_STATUS)).isEqualTo("completed");
            ContentItem item = done.getMessage().getBody(ContentItem.class);
            assertThat(item.getAnnotationsOfType("shouted")).singleElement()
                    .satisfies(a -> assertThat(a.getFeature("upper")).isEqualTo("HELLO, ENHANCER"));
            assertThat(item.getExecutionMetadata().getEngineExecution("direct:log").getStatus().name())
                    .isEqualTo("COMPLETED");
        }
    }
}
