package dev.camelsuite.enhancer.remote;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.TextAnnotation;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A broker process, two worker JVMs on one queue, and a producer here. One worker is killed with SIGKILL in the middle
 * of a batch of 1,000: the broker gives its unacknowledged requests to the other worker, and every exchange completes
 * exactly once.
 */
class WorkerCrashTest {

    @Test
    void killingAWorkerMidBatchLosesNothing() throws Exception {
        int port = EmbeddedBroker.freePort();
        String url = "tcp://127.0.0.1:" + port;
        try (JvmProcess broker = new JvmProcess("crash-broker", BrokerMain.class, String.valueOf(port))) {
            broker.awaitReady();
            try (JvmProcess doomed = new JvmProcess("crash-worker-a", WorkerMain.class, url, "crash.q", "a");
                 JvmProcess survivor = new JvmProcess("crash-worker-b", WorkerMain.class, url, "crash.q", "b");
                 CamelContext context = new DefaultCamelContext()) {
                doomed.awaitReady();
                survivor.awaitReady();
                context.start();
                ProducerTemplate template = context.createProducerTemplate();
                String uri = "enhancer:crash?queue=crash.q&brokerURL=" + url + "&casPoolSize=32&timeout=60000";

                Map<String, AtomicInteger> completions = new ConcurrentHashMap<>();
                AtomicInteger completed = new AtomicInteger();
                List<CompletableFuture<Exchange>> futures = new ArrayList<>();
                for (int i = 0; i < 1000; i++) {
                    String referenceId = "doc-" + i;
                    CompletableFuture<Exchange> f = template.asyncSend(uri, ex -> {
                        ex.getIn().setBody("document " + referenceId);
                        ex.getIn().setHeader(EnhancerConstants.REFERENCE_ID, referenceId);
                    });
                    futures.add(f.whenComplete((ex, t) -> {
                        completions.computeIfAbsent(referenceId, k -> new AtomicInteger()).incrementAndGet();
                        completed.incrementAndGet();
                    }));
                }
                // kill -9 worker a while the batch is under way
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (completed.get() < 200 && System.nanoTime() < deadline) {
                    Thread.sleep(5);
                }
                assertThat(completed.get()).as("completions before the kill").isGreaterThanOrEqualTo(200).isLessThan(1000);
                doomed.kill();
                assertThat(doomed.isAlive()).isFalse();

                Set<String> signers = new HashSet<>();
                for (CompletableFuture<Exchange> f : futures) {
                    Exchange ex = f.get(120, TimeUnit.SECONDS);
                    assertThat(ex.getException()).as("exchange %s", ex.getIn().getHeader(EnhancerConstants.REFERENCE_ID))
                            .isNull();
                    ContentItem item = ex.getMessage().getBody(ContentItem.class);
                    assertThat(item.getText()).isEqualTo("document " + item.getReferenceId());
                    for (TextAnnotation a : item.getAnnotationsOfType("worker")) {
                        signers.add((String) a.getFeature("name"));
                    }
                }
                assertThat(completions).hasSize(1000);
                assertThat(completions.values()).allSatisfy(c -> assertThat(c).hasValue(1));
                assertThat(signers).containsExactlyInAnyOrder("a", "b");
            }
        }
    }
}
