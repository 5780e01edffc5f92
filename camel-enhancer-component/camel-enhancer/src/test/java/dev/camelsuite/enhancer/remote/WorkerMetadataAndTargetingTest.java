package dev.camelsuite.enhancer.remote;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.enhancer.remote.producer.RemoteEnhancerProducer;
import dev.camelsuite.enhancer.remote.wire.WorkerMetadata;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangeTimedOutException;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** Worker metadata (UIMA AS GetMeta), targeting one instance, and collection process complete across instances. */
class WorkerMetadataAndTargetingTest extends CamelTestSupport {

    @RegisterExtension
    static final EmbeddedBroker BROKER = new EmbeddedBroker();

    /** A stateful engine: counts documents and flushes the count on collection process complete. */
    static final class Counter implements EnhancementEngine {
        final AtomicInteger seen = new AtomicInteger();
        final Map<Integer, Integer> flushed = new ConcurrentHashMap<>();
        final AtomicInteger flushes = new AtomicInteger();

        @Override
        public String getName() {
            return "counter";
        }

        @Override
        public int getOrder() {
            return 150;
        }

        @Override
        public void computeEnhancements(ContentItem item) {
            seen.incrementAndGet();
        }

        @Override
        public void collectionProcessComplete() {
            flushed.put(flushes.incrementAndGet(), seen.getAndSet(0));
        }
    }

    private final Counter counter = new Counter();
    private final EnhancementEngine langid = EnhancementEngine.of("langid", item -> item.addLanguage("en", 0.9, "langid"));
    private final EnhancementEngine brokenFlush = new EnhancementEngine() {
        @Override
        public String getName() {
            return "brokenFlush";
        }

        @Override
        public void computeEnhancements(ContentItem item) {
        }

        @Override
        public void collectionProcessComplete() throws EngineException {
            throw new EngineException("the summary file is not writable");
        }
    };

    private static String remote(String chain, String queue, String options) {
        return "enhancer:" + chain + "?queue=" + queue + "&brokerURL=" + BROKER.url()
               + (options.isEmpty() ? "" : "&" + options);
    }

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        EnhancerComponent enhancer = new EnhancerComponent();
        enhancer.addChain(Chain.list("counting", "langid", "counter;optional"));
        enhancer.addChain(Chain.list("flushing", "brokenFlush"));
        enhancer.addEngine(langid).addEngine(counter).addEngine(brokenFlush);
        context.addComponent("enhancer", enhancer);
        return context;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from(remote("counting", "counting.q", "instanceId=worker-a")).routeId("worker-a").log("a ${body.text}");
                from(remote("counting", "counting.q", "instanceId=worker-b")).routeId("worker-b").log("b ${body.text}");
                // two workers of one queue in one JVM without ids: host:pid and host:pid#2
                from(remote("flushing", "flushing.q", "")).routeId("flush-1").log("${body.text}");
                from(remote("flushing", "flushing.q", "prefetch=1")).routeId("flush-2").log("${body.text}");
            }
        };
    }

    /** Waits (up to 5 s) until the producer knows both instances from their metadata answers. */
    private static void awaitBothWorkers(RemoteEnhancerProducer producer) throws InterruptedException {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (producer.getWorkers().size() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }

    @Test
    void everyWorkerInstanceAnswersTheMetadataRequest() throws Exception {
        RemoteEnhancerProducer producer = (RemoteEnhancerProducer) context.getEndpoint(
                remote("counting", "counting.q", "getMetaTimeout=5000")).createProducer();
        producer.start();
        try {
            // the first answer lets the producer start; the second comes a moment later
            awaitBothWorkers(producer);
            assertThat(producer.getWorkers()).containsOnlyKeys("worker-a", "worker-b");
            WorkerMetadata a = producer.getWorkers().get("worker-a");
            assertThat(a.chain()).isEqualTo("counting");
            assertThat(a.engines()).containsExactly(new WorkerMetadata.Engine("langid", 0, false),
                    new WorkerMetadata.Engine("counter", 150, true));
            assertThat(a.serializers()).containsExactly("json", "binary");
        } finally {
            producer.stop();
        }
    }

    @Test
    void aTargetedDocumentGoesToThatInstanceOnly() {
        for (String target : List.of("worker-b", "worker-a", "worker-b")) {
            Exchange out = template.request(remote("counting", "counting.q", "timeout=10000"), e -> {
                e.getIn().setBody("for " + target);
                e.getIn().setHeader(EnhancerConstants.TARGET_SERVICE_ID, target);
            });
            assertThat(out.getException()).isNull();
            assertThat(out.getMessage().getHeader(EnhancerConstants.INSTANCE_ID)).isEqualTo(target);
        }
        Exchange byOption = template.request(remote("counting", "counting.q", "timeout=10000&targetServiceId=worker-a"),
                e -> e.getIn().setBody("by option"));
        assertThat(byOption.getMessage().getHeader(EnhancerConstants.INSTANCE_ID)).isEqualTo("worker-a");
        // an instance that does not exist takes nothing: the document times out
        Exchange nowhere = template.request(remote("counting", "counting.q", "timeout=800"), e -> {
            e.getIn().setBody("for nobody");
            e.getIn().setHeader(EnhancerConstants.TARGET_SERVICE_ID, "worker-z");
        });
        assertThat(nowhere.getException()).isInstanceOf(ExchangeTimedOutException.class);
    }

    @Test
    void collectionProcessCompleteReachesEveryEngineOfEveryInstance() {
        String uri = remote("counting", "counting.q", "timeout=10000&cpcTimeout=10000");
        for (int i = 0; i < 6; i++) {
            template.requestBody(uri, "document " + i);
        }
        // the producer knows both instances from its metadata request
        long deadline = System.nanoTime() + 5_000_000_000L;
        Exchange done;
        do {
            done = template.request(uri, e -> e.getIn().setHeader(EnhancerConstants.COLLECTION_PROCESS_COMPLETE, true));
        } while (done.getMessage().getBody(List.class).size() < 2 && System.nanoTime() < deadline);
        assertThat(done.getException()).isNull();
        assertThat(done.getMessage().getBody(List.class)).containsExactly("worker-a", "worker-b");
        // the shared engine flushed once per instance, and together they had seen every document
        assertThat(counter.flushes.get()).isGreaterThanOrEqualTo(2);
        assertThat(counter.flushed.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(6);
    }

    @Test
    void anEngineFailingCollectionProcessCompleteFailsTheExchangeNamingTheInstances() throws Exception {
        Exchange out = template.request(remote("flushing", "flushing.q", "cpcTimeout=10000"),
                e -> e.getIn().setHeader(EnhancerConstants.COLLECTION_PROCESS_COMPLETE, true));
        String host = java.net.InetAddress.getLocalHost().getHostName() + ":" + ProcessHandle.current().pid();
        assertThat(out.getException()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Collection process complete failed on queue flushing.q")
                .hasMessageContaining("the summary file is not writable");
        assertThat(out.getMessage().getBody(List.class)).containsExactlyInAnyOrder(host, host + "#2");
    }

    @Test
    void collectionProcessCompleteGoesToTheLiveInstancesOnlyAndTheDeadOnesAreForgotten() throws Exception {
        String uri = remote("counting", "counting.q", "timeout=10000&cpcTimeout=20000");
        template.requestBody(uri, "a document");
        RemoteEnhancerProducer producer = (RemoteEnhancerProducer) context.getEndpoint(uri).createProducer();
        producer.start();
        try {
            awaitBothWorkers(producer);
            assertThat(producer.getWorkers()).containsOnlyKeys("worker-a", "worker-b");
            // worker-b dies (its route stops: it answers nothing any more)
            context.getRouteController().stopRoute("worker-b");
            Exchange cpc = context.getEndpoint(uri).createExchange();
            cpc.getIn().setHeader(EnhancerConstants.COLLECTION_PROCESS_COMPLETE, true);
            java.util.concurrent.CompletableFuture<Exchange> done = new java.util.concurrent.CompletableFuture<>();
            long sent = System.nanoTime();
            producer.process(cpc, doneSync -> done.complete(cpc));
            Exchange out = done.get(15, java.util.concurrent.TimeUnit.SECONDS);
            // not held up by the dead one until cpcTimeout (20 s): the live one answered, and that was all
            assertThat(out.getException()).isNull();
            assertThat(out.getMessage().getBody(List.class)).containsExactly("worker-a");
            assertThat(java.util.concurrent.TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - sent)).isLessThan(10);
            assertThat(producer.getWorkers()).containsOnlyKeys("worker-a");
        } finally {
            producer.stop();
            context.getRouteController().startRoute("worker-b");
        }
    }
}
