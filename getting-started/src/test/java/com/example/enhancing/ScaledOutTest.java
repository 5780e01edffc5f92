package com.example.enhancing;

import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import org.apache.activemq.broker.BrokerService;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The page's caller and worker, each in its own Camel context, over a broker in this JVM. */
class ScaledOutTest {

    @Test
    void theCallerSendsAndAWorkerEnhances() throws Exception {
        BrokerService broker = new BrokerService();
        broker.setBrokerName("getting-started");
        broker.setPersistent(false);
        broker.setUseJmx(false);
        broker.start();
        String url = "vm://getting-started?create=false";
        try (CamelContext worker = new DefaultCamelContext(); CamelContext caller = new DefaultCamelContext()) {
            worker.getRegistry().bind("shout", new UpperCaseEngine());
            worker.getRegistry().bind("loud", Chain.list("loud", "shout"));
            worker.addRoutes(ScaledOut.worker(url));
            worker.start();
            caller.addRoutes(ScaledOut.caller(url));
            caller.start();
            Exchange done = caller.createProducerTemplate().request("direct:in", e -> e.getIn().setBody("Hello"));
            assertThat(done.getException()).isNull();
            assertThat(done.getMessage().getHeader(EnhancerConstants.CHAIN_STATUS)).isEqualTo("completed");
            assertThat(done.getMessage().getBody(ContentItem.class).getAnnotationsOfType("shouted")).hasSize(1);
        } finally {
            broker.stop();
        }
    }
}
