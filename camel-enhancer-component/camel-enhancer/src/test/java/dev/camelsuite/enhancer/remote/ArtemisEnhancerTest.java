package dev.camelsuite.enhancer.remote;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.testbrokers.BrokerProcess;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Remote mode on ActiveMQ Artemis 2.40.0, clients on its OpenWire acceptor; also with a broker that checks users. */
class ArtemisEnhancerTest extends EnhancerOnOtherBrokerTests {

    @RegisterExtension
    static final BrokerProcess BROKER = BrokerProcess.artemis();

    @RegisterExtension
    static final BrokerProcess WITH_USER = BrokerProcess.artemisWithUser("enhancer", "s3cret");

    @Override
    protected BrokerProcess broker() {
        return BROKER;
    }

    @Test
    void credentialsOnTheEndpointAreUsedAndWrongOnesFailTheProducerStartClearly() throws Exception {
        String uri = "enhancer:secure?queue=secure.q&brokerURL=" + WITH_USER.url() + "&userName=enhancer";
        try (CamelContext context = securedContext(uri + "&password=RAW(s3cret)")) {
            context.start();
            ContentItem item = context.createProducerTemplate().requestBody(uri + "&password=RAW(s3cret)&timeout=10000",
                    "psst", ContentItem.class);
            assertThat(item.getLanguage()).isEqualTo("en");
            // Artemis's words, where ActiveMQ Classic says "User name [enhancer] or password is invalid"
            assertThatThrownBy(() -> context.createProducerTemplate().requestBody(uri + "&password=wrong", "x"))
                    .hasStackTraceContaining("Unable to validate user").hasStackTraceContaining("Username: enhancer");
        }
    }

    @Test
    void aWorkerNeedsThePermissionToCreateDurableQueues() throws Exception {
        // the test-brokers user with every permission of the other but createDurableQueue
        try (CamelContext context = securedContext("enhancer:secure?queue=limited.q&brokerURL=" + WITH_USER.url()
                                                   + "&userName=no-durable-queues&password=RAW(s3cret)")) {
            assertThatThrownBy(context::start).hasStackTraceContaining("permission='CREATE_DURABLE_QUEUE'");
        }
    }

    /** A context with the chain "secure" and a worker route from {@code workerUri}; not started. */
    private static CamelContext securedContext(String workerUri) throws Exception {
        CamelContext context = new DefaultCamelContext();
        EnhancerComponent enhancer = new EnhancerComponent();
        enhancer.addChain(Chain.list("secure", "langid"));
        enhancer.addEngine(EnhancementEngine.of("langid", item -> item.addLanguage("en", 0.9, "langid")));
        context.addComponent("enhancer", enhancer);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(workerUri).routeId("secure-worker").log("${body.text}");
            }
        });
        return context;
    }
}
