package dev.camelsuite.enhancer.remote;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import dev.camelsuite.enhancer.EnhancementException;
import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.metadata.ExecutionStatus;
import dev.camelsuite.enhancer.remote.producer.RemoteEnhancerProducer;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.testbrokers.BrokerProcess;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangeTimedOutException;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Remote mode on a broker other than the ActiveMQ 6 of the other tests (a subclass per broker): documents go to the
 * workers and come back, collection process complete reaches every instance, and a broker stopped and started again
 * ends the exchanges in flight clearly while later ones succeed.
 */
abstract class EnhancerOnOtherBrokerTests {

    /** The subclass's broker, started for the class. */
    protected abstract BrokerProcess broker();

    private final WorkerMetadataAndTargetingTest.Counter counter = new WorkerMetadataAndTargetingTest.Counter();

    private CamelContext context(String options, String... workerIds) throws Exception {
        CamelContext context = new DefaultCamelContext();
        EnhancerComponent enhancer = new EnhancerComponent();
        enhancer.addChain(Chain.list("counting", "langid", "counter"));
        enhancer.addEngine(EnhancementEngine.of("langid", item -> {
            item.addLanguage("en", 0.9, "langid");
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }));
        enhancer.addEngine(counter);
        context.addComponent("enhancer", enhancer);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                for (String id : workerIds) {
                    from("enhancer:counting" + options + "&instanceId=" + id).routeId(id).log("${body.text}");
                }
            }
        });
        context.start();
        return context;
    }

    @Test
    void documentsGoToTheWorkersAndCollectionProcessCompleteReachesEveryInstance() throws Exception {
        String options = "?queue=artemis.q&brokerURL=" + broker().url();
        try (CamelContext context = context(options, "worker-a", "worker-b")) {
            ProducerTemplate template = context.createProducerTemplate();
            String uri = "enhancer:counting" + options + "&timeout=10000&cpcTimeout=10000";
            for (String serializer : List.of("json", "binary")) {
                for (int i = 0; i < 3; i++) {
                    Exchange out = template.request(uri + "&serializer=" + serializer, e -> {
                        e.getIn().setBody("Angela Merkel visited Paris.");
                        e.getIn().setHeader(EnhancerConstants.REFERENCE_ID, "ref-" + serializer);
                    });
                    assertThat(out.getException()).isNull();
                    ContentItem item = out.getMessage().getBody(ContentItem.class);
                    assertThat(item.getReferenceId()).isEqualTo("ref-" + serializer);
                    assertThat(item.getLanguage()).isEqualTo("en");
                    assertThat(item.getExecutionMetadata().getChainExecution().getStatus())
                            .isEqualTo(ExecutionStatus.COMPLETED);
                    assertThat(out.getMessage().getHeader(EnhancerConstants.INSTANCE_ID)).isIn("worker-a", "worker-b");
                }
            }
            Exchange targeted = template.request(uri, e -> {
                e.getIn().setBody("for b");
                e.getIn().setHeader(EnhancerConstants.TARGET_SERVICE_ID, "worker-b");
            });
            assertThat(targeted.getMessage().getHeader(EnhancerConstants.INSTANCE_ID)).isEqualTo("worker-b");

            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            Exchange done;
            do {
                done = template.request(uri,
                        e -> e.getIn().setHeader(EnhancerConstants.COLLECTION_PROCESS_COMPLETE, true));
            } while (done.getMessage().getBody(List.class).size() < 2 && System.nanoTime() < deadline);
            assertThat(done.getException()).isNull();
            assertThat(done.getMessage().getBody(List.class)).containsExactly("worker-a", "worker-b");
            assertThat(counter.flushed.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(7);
        }
    }

    @Test
    void theProducerCountsTheWorkersAttachedToItsQueue() throws Exception {
        String options = "?queue=artemis-count.q&brokerURL=" + broker().url();
        try (CamelContext context = context(options, "worker-c", "worker-d")) {
            RemoteEnhancerProducer producer = (RemoteEnhancerProducer) context.getEndpoint(
                    "enhancer:counting" + options + "&getMetaTimeout=5000").createProducer();
            producer.start();
            try {
                assertThat(awaitAttached(producer, 2)).as("attached workers").isEqualTo(2);
                context.getRouteController().stopRoute("worker-d");
                // from consumer advisories, or where the broker sends none (Artemis) from metadata requests asked again
                assertThat(awaitAttached(producer, 1)).as("attached workers, one stopped").isEqualTo(1);
            } finally {
                producer.stop();
            }
        }
    }

    private static int awaitAttached(RemoteEnhancerProducer producer, int expected) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (producer.getAttachedWorkers() != expected && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        return producer.getAttachedWorkers();
    }

    @Test
    void exchangesInFlightEndClearlyAndLaterOnesSucceedAfterABrokerRestart() throws Exception {
        String failover = "failover:(" + broker().url()
                          + ")?initialReconnectDelay=100&maxReconnectDelay=500&timeout=3000";
        String options = "?queue=artemis-restart.q&brokerURL=RAW(" + failover + ")";
        try (CamelContext context = context(options + "&concurrentConsumers=2", "worker-r")) {
            ProducerTemplate template = context.createProducerTemplate();
            String uri = "enhancer:counting" + options + "&timeout=4000&casPoolSize=8";
            template.requestBody(uri, "warm up");
            List<CompletableFuture<Exchange>> before = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                before.add(template.asyncSend(uri, ex -> ex.getIn().setBody("before the restart")));
            }
            // the broker goes while most are in flight, once the first has its answer
            long answered = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (before.stream().noneMatch(CompletableFuture::isDone) && System.nanoTime() < answered) {
                Thread.sleep(5);
            }
            broker().stop();
            Thread.sleep(1000);
            broker().start();

            int succeeded = 0;
            for (CompletableFuture<Exchange> f : before) {
                Exchange ex = f.get(30, TimeUnit.SECONDS);
                if (ex.getException() == null) {
                    succeeded++;
                    assertThat(ex.getMessage().getBody()).isInstanceOf(ContentItem.class);
                } else {
                    assertThat(ex.getException()).isInstanceOfAny(ExchangeTimedOutException.class,
                            EnhancementException.class, jakarta.jms.JMSException.class, IllegalStateException.class);
                    assertThat(ex.getException().getMessage()).isNotBlank();
                }
            }
            assertThat(succeeded).as("exchanges done before the broker stopped").isPositive();
            for (int i = 0; i < 5; i++) {
                ContentItem item = template.requestBody(uri, "after the restart " + i, ContentItem.class);
                assertThat(item.getText()).isEqualTo("after the restart " + i);
            }
        }
    }
}
