package dev.camelsuite.enhancer.remote;

import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.Set;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** Worker and producer figures move as documents flow, read through JMX and Micrometer. */
class WorkerMonitoringTest extends CamelTestSupport {

    @RegisterExtension
    static final EmbeddedBroker BROKER = new EmbeddedBroker();

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

    private final EnhancementEngine langid = EnhancementEngine.of("langid", item -> item.addLanguage("en", 0.9, "langid"));
    private final EnhancementEngine slow = EnhancementEngine.of("slow", item -> {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (item.getText().startsWith("bad")) {
            throw new EngineException("slow cannot read it");
        }
    });

    @Override
    protected boolean useJmx() {
        return true;
    }

    private static String remote(String options) {
        return "enhancer:monitored?queue=monitored.q&brokerURL=" + BROKER.url() + (options.isEmpty() ? "" : "&" + options);
    }

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        context.getRegistry().bind("meters", meters);
        EnhancerComponent enhancer = new EnhancerComponent();
        enhancer.addChain(Chain.list("monitored", "langid", "slow"));
        enhancer.addEngine(langid).addEngine(slow);
        context.addComponent("enhancer", enhancer);
        return context;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from(remote("instanceId=w1")).routeId("worker").log("${body.text}");
            }
        };
    }

    private Object workerAttribute(String name) throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        Set<ObjectName> names = server.queryNames(new ObjectName("org.apache.camel:type=enhancer,*"), null);
        ObjectName worker = names.stream().filter(n -> n.getKeyProperty("name").contains("worker-monitored.q-w1"))
                .findFirst().orElseThrow(() -> new AssertionError("no worker MBean among " + names));
        return server.getAttribute(worker, name);
    }

    @Test
    void figuresMoveAsDocumentsFlow() throws Exception {
        String producer = remote("timeout=10000&throwOnFailure=false&casPoolSize=1");
        for (int i = 0; i < 4; i++) {
            Exchange out = template.request(producer, e -> e.getIn().setBody("document"));
            // per-engine timings travel back with every reply
            assertThat(out.getMessage().getHeader(EnhancerConstants.ENGINE_TIMINGS, Map.class))
                    .containsKeys("langid", "slow");
        }
        template.request(producer, e -> e.getIn().setBody("bad document"));

        assertThat(workerAttribute("Processed")).isEqualTo(5L);
        assertThat(workerAttribute("ProcessErrors")).isEqualTo(1L);
        assertThat(workerAttribute("InProcess")).isEqualTo(0);
        @SuppressWarnings("unchecked")
        Map<String, Double> engineMillis = (Map<String, Double>) workerAttribute("EngineMillis");
        assertThat(engineMillis.get("slow")).isGreaterThanOrEqualTo(100.0);
        assertThat((Long) workerAttribute("IdleMillis")).isPositive();

        assertThat(meters.get("enhancer.worker.processed").tag("instance", "w1").functionCounter().count())
                .isEqualTo(5.0);
        assertThat(meters.get("enhancer.worker.errors").tags("instance", "w1", "kind", "process").functionCounter()
                .count()).isEqualTo(1.0);
        assertThat(meters.get("enhancer.worker.engine.time").tags("engine", "slow").functionCounter().count())
                .isGreaterThanOrEqualTo(100.0);
        assertThat(meters.get("enhancer.producer.sent").tag("queue", "monitored.q").functionCounter().count())
                .isEqualTo(5.0);
        assertThat(meters.get("enhancer.producer.errors").tags("kind", "process").functionCounter().count())
                .isEqualTo(1.0);
        assertThat(meters.get("enhancer.producer.reply.latency").functionCounter().count()).isGreaterThan(0);
        assertThat(meters.get("enhancer.producer.in.flight").gauge().value()).isZero();
    }

    @Test
    void exchangesThatWaitForAPlaceAreCounted() throws Exception {
        String producer = remote("timeout=10000&casPoolSize=1&getMetaTimeout=5000");
        var replies = new java.util.ArrayList<java.util.concurrent.CompletableFuture<Object>>();
        for (int i = 0; i < 4; i++) {
            replies.add(template.asyncRequestBody(producer, "queued " + i));
        }
        for (var r : replies) {
            r.get(10, java.util.concurrent.TimeUnit.SECONDS);
        }
        assertThat(meters.get("enhancer.producer.wait").tag("queue", "monitored.q").functionCounter().count())
                .isGreaterThan(0);
    }
}
