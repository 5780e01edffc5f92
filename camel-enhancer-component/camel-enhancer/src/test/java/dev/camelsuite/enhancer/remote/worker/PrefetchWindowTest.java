package dev.camelsuite.enhancer.remote.worker;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.enhancer.remote.EmbeddedBroker;
import org.apache.activemq.broker.region.Subscription;
import org.apache.activemq.command.ActiveMQQueue;
import org.apache.camel.CamelContext;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** A worker instance's prefetch window: wide for short, even documents, back to prefetch at once after a slow one. */
class PrefetchWindowTest {

    @RegisterExtension
    static final EmbeddedBroker BROKER = new EmbeddedBroker();

    private static final long FAST = TimeUnit.MICROSECONDS.toNanos(50);
    private static final long SLOW = TimeUnit.MILLISECONDS.toNanos(20);

    @Test
    void shortEvenDocumentsWidenTheWindowToTheCeiling() {
        PrefetchWindow window = new PrefetchWindow(1, 50);
        int told = -1;
        for (int i = 0; i < 10; i++) {
            int w = window.documentDone(FAST);
            told = w < 0 ? told : w;
        }
        // 5 ms of 50 µs documents is 100: the ceiling
        assertThat(told).isEqualTo(50);
        assertThat(window.get()).isEqualTo(50);
    }

    @Test
    void oneSlowDocumentNarrowsAtOnceAndTheWindowWidensOnlyAfterItIsForgotten() {
        PrefetchWindow window = new PrefetchWindow(1, 50);
        window.documentDone(FAST);
        assertThat(window.documentDone(SLOW)).isEqualTo(1);
        int fastAfter = 0;
        while (window.get() == 1 && fastAfter < 1000) {
            window.documentDone(FAST);
            fastAfter++;
        }
        // 20 ms decays by 1/32 a document: below 5 ms (a window of 1) after about 45, wider after that
        assertThat(fastAfter).isBetween(40, 120);
        assertThat(window.get()).isLessThan(50);
    }

    @Test
    void documentsOfAFewMillisecondsKeepANarrowWindow() {
        PrefetchWindow window = new PrefetchWindow(1, 50);
        for (int i = 0; i < 200; i++) {
            window.documentDone(TimeUnit.MILLISECONDS.toNanos(2));
        }
        assertThat(window.get()).isEqualTo(2);
    }

    @Test
    void aCeilingAtTheFloorOrAPullConsumerKeepTheWindowWhereItIs() {
        assertThat(new PrefetchWindow(20, 20).documentDone(FAST)).isEqualTo(-1);
        assertThat(new PrefetchWindow(20, 10).documentDone(FAST)).isEqualTo(-1);
        assertThat(new PrefetchWindow(0, 50).documentDone(FAST)).isEqualTo(-1);
        assertThat(new PrefetchWindow(20, 10).get()).isEqualTo(20);
    }

    @Test
    void theBrokerIsToldTheWindow() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            EnhancerComponent enhancer = new EnhancerComponent();
            enhancer.addChain(Chain.list("window", "pace"));
            enhancer.addEngine(EnhancementEngine.of("pace", item -> {
                if (item.getText().startsWith("slow")) {
                    java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(30));
                }
                item.addAnnotation("paced", 1.0, "pace", Map.of());
            }));
            context.addComponent("enhancer", enhancer);
            String uri = "enhancer:window?queue=window.q&brokerURL=" + BROKER.url();
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from(uri).routeId("window-worker").log("${body.referenceId}");
                }
            });
            context.start();
            ProducerTemplate template = context.createProducerTemplate();
            assertThat(brokerWindow()).isEqualTo(1);
            // The window is judged by the slowest recent document in wall time: in a cold JVM documents take
            // milliseconds (interpreted code, compiler threads and the broker on the same cores), and a stall keeps the
            // window narrow for up to a hundred documents after it. So how many documents it takes is the machine's affair;
            // the promise is that short, even ones get there, within a bound.
            Subscription worker = subscription();
            int sent = 0;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (worker.getPrefetchSize() == 1 && sent < 20_000 && System.nanoTime() < deadline) {
                template.requestBody(uri, "fast " + sent++);
            }
            assertThat(brokerWindow()).as("after %d short, even documents", sent).isGreaterThan(1);
            template.requestBody(uri, "slow one");
            assertThat(brokerWindow()).as("right after a slow document").isEqualTo(1);
        }
    }

    /** The worker's one subscription, as the broker holds it. */
    private static Subscription subscription() throws Exception {
        List<Subscription> subscriptions = BROKER.service().getDestination(new ActiveMQQueue("window.q")).getConsumers();
        assertThat(subscriptions).hasSize(1);
        return subscriptions.get(0);
    }

    /** The prefetch the broker holds for the worker's one subscription (the window is told asynchronously). */
    private static int brokerWindow() throws Exception {
        Subscription subscription = subscription();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
        int last = subscription.getPrefetchSize();
        while (System.nanoTime() < deadline) {
            Thread.sleep(20);
            int now = subscription.getPrefetchSize();
            if (now == last) {
                return now;
            }
            last = now;
        }
        return last;
    }
}
