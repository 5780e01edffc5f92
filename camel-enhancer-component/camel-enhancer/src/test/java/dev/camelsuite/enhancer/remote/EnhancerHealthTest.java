package dev.camelsuite.enhancer.remote;

import java.util.Collection;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Producer and worker health in Camel's health registry, with the broker, the workers and a terminated worker made
 * real: the worker's route is stopped, the broker is stopped.
 */
class EnhancerHealthTest extends CamelTestSupport {

    @RegisterExtension
    static final EmbeddedBroker BROKER = new EmbeddedBroker().withAdvisories();

    private static String remote(String options) {
        return "enhancer:healthy?queue=health.q&brokerURL=" + BROKER.url() + "&" + options;
    }

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        EnhancerComponent enhancer = new EnhancerComponent();
        enhancer.addChain(Chain.list("healthy", "langid"));
        enhancer.addEngine(EnhancementEngine.of("langid", item -> item.addLanguage("en", 0.9, "langid")));
        context.addComponent("enhancer", enhancer);
        return context;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from(remote("instanceId=w1&concurrentConsumers=2")).routeId("worker").log("${body.text}");
                from("direct:in").routeId("client").to(remote("timeout=5000&getMetaTimeout=0"));
            }
        };
    }

    private HealthCheck.Result result(String id) {
        Collection<HealthCheck.Result> all = HealthCheckHelper.invokeReadiness(context);
        return all.stream().filter(r -> r.getCheck().getId().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no check " + id + " among " + all.stream()
                        .map(r -> r.getCheck().getId()).toList()));
    }

    private HealthCheck.Result await(String id, Predicate<HealthCheck.Result> condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        HealthCheck.Result r = result(id);
        while (!condition.test(r) && System.nanoTime() < deadline) {
            Thread.sleep(50);
            r = result(id);
        }
        return r;
    }

    @Test
    void producerIsReadyWhileWorkersAreAttachedAndTheBrokerAnswers() throws Exception {
        // every result, not only the first one when all are up
        org.apache.camel.health.HealthCheckRegistry.get(context).setExposureLevel("full");
        template.requestBody("direct:in", "warm up");
        HealthCheck.Result producer = await("enhancer-producer-health.q", r -> r.getState() == HealthCheck.State.UP);
        assertThat(producer.getState()).as(producer.getMessage() + " " + producer.getDetails() + " " + producer.getError())
                .isEqualTo(HealthCheck.State.UP);
        // two consumers of one worker instance: the broker counts both
        assertThat(producer.getDetails()).containsEntry("workers", 2).containsEntry("queue", "health.q")
                .containsEntry("chain", "healthy");
        assertThat(result("enhancer-worker-w1").getState()).isEqualTo(HealthCheck.State.UP);
        assertThat(producer.getCheck().isLiveness()).isFalse();

        context.getRouteController().stopRoute("worker");
        producer = await("enhancer-producer-health.q", r -> r.getState() == HealthCheck.State.DOWN);
        assertThat(producer.getState()).isEqualTo(HealthCheck.State.DOWN);
        assertThat(producer.getMessage()).hasValue("No worker attached to queue health.q");
        // a stopped worker leaves the registry
        assertThat(HealthCheckHelper.invokeReadiness(context)).noneMatch(r -> r.getCheck().getId().equals(
                "enhancer-worker-w1"));

        context.getRouteController().startRoute("worker");
        assertThat(await("enhancer-producer-health.q", r -> r.getState() == HealthCheck.State.UP).getState())
                .isEqualTo(HealthCheck.State.UP);

        BROKER.stop();
        try {
            producer = await("enhancer-producer-health.q", r -> r.getMessage().orElse("").startsWith("No connection"));
            assertThat(producer.getState()).isEqualTo(HealthCheck.State.DOWN);
            assertThat(producer.getMessage()).hasValue("No connection to the broker for queue health.q");
            HealthCheck.Result worker = await("enhancer-worker-w1", r -> r.getState() == HealthCheck.State.DOWN);
            assertThat(worker.getMessage()).hasValue("No connection to the broker for queue health.q");
        } finally {
            BROKER.start();
        }
    }
}
