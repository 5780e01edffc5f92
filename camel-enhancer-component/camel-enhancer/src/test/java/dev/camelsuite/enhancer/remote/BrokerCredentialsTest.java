package dev.camelsuite.enhancer.remote;

import java.util.List;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.broker.BrokerPlugin;
import org.apache.activemq.broker.BrokerService;
import org.apache.activemq.security.AuthenticationUser;
import org.apache.activemq.security.SimpleAuthenticationPlugin;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** userName and password reach a broker that requires them; a connectionFactory bean replaces brokerURL. */
class BrokerCredentialsTest {

    private static BrokerService broker;
    private static String url;

    @BeforeAll
    static void startBrokerWithUsers() throws Exception {
        int port = EmbeddedBroker.freePort();
        url = "tcp://127.0.0.1:" + port;
        broker = new BrokerService();
        broker.setBrokerName("secured-" + port);
        broker.setPersistent(false);
        broker.setUseJmx(false);
        broker.setAdvisorySupport(false);
        SimpleAuthenticationPlugin users = new SimpleAuthenticationPlugin(
                List.of(new AuthenticationUser("enhancer", "s3cret", "users")));
        broker.setPlugins(new BrokerPlugin[] { users });
        broker.addConnector(url);
        broker.start();
        broker.waitUntilStarted();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        broker.stop();
        broker.waitUntilStopped();
    }

    private static CamelContext context() {
        CamelContext context = new DefaultCamelContext();
        EnhancerComponent enhancer = new EnhancerComponent();
        enhancer.addChain(Chain.list("secure", "upper"));
        enhancer.addEngine(EnhancementEngine.of("upper",
                item -> item.addAnnotation("upper", 1.0, "upper", java.util.Map.of("text", item.getText().toUpperCase()))));
        context.addComponent("enhancer", enhancer);
        return context;
    }

    @Test
    void credentialsOnTheEndpointAreUsed() throws Exception {
        try (CamelContext context = context()) {
            String uri = "enhancer:secure?queue=secure.q&brokerURL=" + url + "&userName=enhancer&password=RAW(s3cret)";
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from(uri).routeId("secure-worker").log("${body.text}");
                }
            });
            context.start();
            ContentItem item = context.createProducerTemplate().requestBody(uri + "&timeout=10000", "psst",
                    ContentItem.class);
            assertThat(item.getAnnotationsOfType("upper").get(0).getFeature("text")).isEqualTo("PSST");
        }
    }

    @Test
    void wrongCredentialsFailTheProducerStartClearly() throws Exception {
        try (CamelContext context = context()) {
            context.start();
            assertThatThrownBy(() -> context.createProducerTemplate().requestBody(
                    "enhancer:secure?queue=secure.q&brokerURL=" + url + "&userName=enhancer&password=wrong", "x"))
                    .hasStackTraceContaining("User name [enhancer] or password is invalid");
        }
    }

    @Test
    void aConnectionFactoryBeanOnTheComponentServesProducerAndWorker() throws Exception {
        try (CamelContext context = context()) {
            ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory("enhancer", "s3cret", url);
            // this broker runs without advisories, so the client must not wait for them to learn of temporary queues
            factory.setWatchTopicAdvisories(false);
            context.getRegistry().bind("amq", factory);
            context.getComponent("enhancer", EnhancerComponent.class).getConfiguration().setConnectionFactory(factory);
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("enhancer:secure?queue=factory.q").routeId("factory-worker").log("${body.text}");
                }
            });
            context.start();
            ContentItem item = context.createProducerTemplate().requestBody(
                    "enhancer:secure?queue=factory.q&connectionFactory=#amq&timeout=10000", "bean", ContentItem.class);
            assertThat(item.getAnnotationsOfType("upper")).hasSize(1);
        }
    }
}
