package dev.camelsuite.enhancer.remote;

import java.util.concurrent.TimeUnit;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.enhancer.remote.worker.EnhancerWorkerConsumer;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The broker is not there when the application starts, as in a container platform that starts the broker later:
 * workers start anyway (their health says why they are down), attach when the broker comes, and a context whose
 * broker never came stops at once; a producer started meanwhile fails its exchange at once with the reason.
 */
class BrokerAbsentAtStartTest {

    /** A worker's URL: tcp, and failover without options (whose JMS calls would wait for the broker for ever). */
    @ParameterizedTest
    @ValueSource(strings = { "tcp", "failover" })
    void workersStartWithoutTheBrokerAndAttachWhenItComes(String kind) throws Exception {
        EmbeddedBroker broker = new EmbeddedBroker().withAdvisories();
        String url = kind.equals("tcp") ? broker.url() : "failover:(" + broker.url() + ")?maxReconnectDelay=1000";
        try (CamelContext context = context(url)) {
            long start = System.nanoTime();
            context.start();
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start))
                    .as("the start does not wait for the broker").isLessThan(EnhancerWorkerConsumer.FIRST_ATTEMPT_MILLIS
                                                                          + 3000);
            HealthCheck.Result worker = workerHealth(context);
            assertThat(worker.getState()).isEqualTo(HealthCheck.State.DOWN);
            assertThat(worker.getMessage()).hasValueSatisfying(m -> assertThat(m).contains("No connection to the broker"));

            broker.start();
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (workerHealth(context).getState() != HealthCheck.State.UP && System.nanoTime() < deadline) {
                    Thread.sleep(100);
                }
                assertThat(workerHealth(context).getState()).isEqualTo(HealthCheck.State.UP);
                ContentItem done = context.createProducerTemplate().requestBody("enhancer:late?queue=late.q&brokerURL="
                                                                                + broker.url(), "it came",
                        ContentItem.class);
                assertThat(done.getAnnotationsOfType("seen")).hasSize(1);
            } finally {
                broker.stop();
            }
        }
    }

    @Test
    void aContextWhoseBrokerNeverCameStopsAtOnce() throws Exception {
        String url = "failover:(tcp://127.0.0.1:" + EmbeddedBroker.freePort() + ")";
        CamelContext context = context(url);
        context.start();
        long stop = System.nanoTime();
        context.stop();
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stop)).isLessThan(5000);
    }

    @ParameterizedTest
    @ValueSource(strings = { "tcp", "failover" })
    void aProducerWithoutItsBrokerFailsTheExchangeAtOnceWithTheReason(String kind) throws Exception {
        String tcp = "tcp://127.0.0.1:" + EmbeddedBroker.freePort();
        String url = kind.equals("tcp") ? tcp : "failover:(" + tcp + ")";
        try (CamelContext context = new DefaultCamelContext()) {
            context.addComponent("enhancer", new EnhancerComponent());
            context.start();
            long start = System.nanoTime();
            assertThatThrownBy(() -> context.createProducerTemplate().requestBody(
                    "enhancer:late?queue=late.q&lazyStartProducer=true&brokerURL=RAW(" + url + ")", "nobody there"))
                    .hasStackTraceContaining("The broker of queue late.q cannot be reached");
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start))
                    .isLessThan(EnhancerWorkerConsumer.FIRST_ATTEMPT_MILLIS + 3000);
        }
    }

    private static CamelContext context(String url) throws Exception {
        CamelContext context = new DefaultCamelContext();
        EnhancerComponent enhancer = new EnhancerComponent();
        enhancer.addChain(Chain.list("late", "seen"));
        enhancer.addEngine(EnhancementEngine.of("seen", item -> item.addAnnotation("seen", 1.0, "seen", null)));
        context.addComponent("enhancer", enhancer);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("enhancer:late?queue=late.q&brokerURL=RAW(" + url + ")").routeId("late-worker").log("${body.text}");
            }
        });
        return context;
    }

    private static HealthCheck.Result workerHealth(CamelContext context) {
        return HealthCheckHelper.invokeReadiness(context).stream()
                .filter(r -> r.getCheck().getId().startsWith("enhancer-worker-")).findFirst().orElseThrow();
    }
}
