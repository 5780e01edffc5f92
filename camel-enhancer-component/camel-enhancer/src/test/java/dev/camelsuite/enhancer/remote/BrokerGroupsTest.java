package dev.camelsuite.enhancer.remote;

import java.io.File;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.enhancer.content.ContentItem;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The enhancer past one broker, on ActiveMQ's own means, every broker and worker in a JVM of its own:
 * <ul>
 * <li>a <b>network of brokers</b>: the producer on broker A, the workers on broker B, a duplex network connector
 * between them; every document is answered exactly once, and again while broker B — the workers' — is killed and
 * started again (requests it took down with it are sent again: {@code maxRetries});</li>
 * <li>a <b>failover pair</b> on a shared store: the active broker is killed mid-batch, the waiting one takes the store
 * over, producer and worker fail over to it; the exchanges the interruption failed are redelivered by the route's
 * error handler, and every document is answered exactly once.</li>
 * </ul>
 */
class BrokerGroupsTest {

    private static final int DOCUMENTS = 300;

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void aNetworkOfBrokersAnswersEveryDocumentOnceAlsoWhenTheWorkersBrokerRestarts() throws Exception {
        int portA = EmbeddedBroker.freePort();
        int portB = EmbeddedBroker.freePort();
        String b = "tcp://127.0.0.1:" + portB;
        String workerUrl = "RAW(failover:(" + b + ")?initialReconnectDelay=100&maxReconnectDelay=500)";
        try (JvmProcess brokerB = new JvmProcess("network-broker-b", ClusterBrokerMain.class, "uri",
                networkBroker("b", portB, portA));
             JvmProcess brokerA = new JvmProcess("network-broker-a", ClusterBrokerMain.class, "uri",
                     networkBroker("a", portA, portB));
             JvmProcess worker = new JvmProcess("network-worker", WorkerMain.class, workerUrl, "network.q", "w");
             CamelContext context = new DefaultCamelContext()) {
            brokerB.awaitReady();
            brokerA.awaitReady();
            worker.awaitReady();
            Answers answers = new Answers();
            // the producer sits on broker A only; a request lost with broker B is sent again after its timeout. Every
            // document is in flight at once: one waiting for a place would count the restart against its timeout
            answers.route(context, "enhancer:crash?queue=network.q&brokerURL=tcp://127.0.0.1:" + portA
                                   + "&timeout=3000&maxRetries=10&casPoolSize=" + DOCUMENTS, false);
            context.start();
            ProducerTemplate template = context.createProducerTemplate();

            answers.await(answers.send(template, "first", DOCUMENTS));
            answers.assertEachOnce("first", DOCUMENTS);

            List<CompletableFuture<Exchange>> second = answers.send(template, "second", DOCUMENTS);
            answers.awaitSome("second", DOCUMENTS / 5);
            brokerB.kill();
            assertThat(answers.count("second")).as("answered when broker B died").isLessThan(DOCUMENTS);
            try (JvmProcess restarted = new JvmProcess("network-broker-b-restarted", ClusterBrokerMain.class, "uri",
                    networkBroker("b", portB, portA))) {
                restarted.awaitReady();
                answers.await(second);
                answers.assertEachOnce("second", DOCUMENTS);
            }
        }
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void aFailoverPairLosesNothingWhenTheActiveBrokerIsKilledMidBatch() throws Exception {
        File store = Files.createTempDirectory(new File("target").toPath(), "failover-pair").toFile();
        int port1 = EmbeddedBroker.freePort();
        int port2 = EmbeddedBroker.freePort();
        String failover = "failover:(tcp://127.0.0.1:" + port1 + ",tcp://127.0.0.1:" + port2
                          + ")?randomize=false&initialReconnectDelay=100&maxReconnectDelay=500";
        try (JvmProcess active = new JvmProcess("pair-broker-1", ClusterBrokerMain.class, "pair", "one", "" + port1,
                store.getPath())) {
            active.awaitReady();
            try (JvmProcess waiting = new JvmProcess("pair-broker-2", ClusterBrokerMain.class, "pair", "two", "" + port2,
                    store.getPath());
                 JvmProcess worker = new JvmProcess("pair-worker", WorkerMain.class, "RAW(" + failover + ")", "pair.q",
                         "w");
                 CamelContext context = new DefaultCamelContext()) {
                worker.awaitReady();
                assertThat(waiting.isReady()).as("the second broker waits for the store's lock").isFalse();
                Answers answers = new Answers();
                // the exchanges in flight when the connection drops fail (their replies may be lost); the route's
                // error handler sends them again once the producer is connected to the broker that took over
                answers.route(context, "enhancer:crash?queue=pair.q&brokerURL=RAW(" + failover + ")&timeout=10000",
                        true);
                context.start();
                ProducerTemplate template = context.createProducerTemplate();

                List<CompletableFuture<Exchange>> batch = answers.send(template, "batch", DOCUMENTS);
                answers.awaitSome("batch", DOCUMENTS / 5);
                active.kill();
                assertThat(answers.count("batch")).as("answered when the active broker died").isLessThan(DOCUMENTS);
                waiting.awaitReady();
                answers.await(batch);
                answers.assertEachOnce("batch", DOCUMENTS);
            }
        }
    }

    @Test
    void theDeploymentGuideStartsItsBrokersWithTheseUris() throws Exception {
        String guide = Files.readString(new File("../../docs/deployment.adoc").toPath());
        assertThat(guide).contains("bin/activemq console '" + networkBroker("a", 61616, 61617) + "'")
                .contains("bin/activemq console '" + networkBroker("b", 61617, 61616) + "'");
    }

    /**
     * A broker of the network as the deployment guide starts it ({@code bin/activemq console <this URI>}): its own
     * connector and a network connector to the other broker; each broker forwards to the other where the consumers
     * are (requests to the workers, replies to the callers' temporary queues), and tries a lost peer again every
     * second at most.
     */
    static String networkBroker(String name, int port, int peerPort) {
        return "broker:(tcp://127.0.0.1:" + port + ",network:static:(tcp://127.0.0.1:" + peerPort
               + ")?maxReconnectDelay=1000)?brokerName=" + name + "&persistent=false&useJmx=false";
    }

    /** The documents sent through a route ending in the enhancer, and how often each was answered. */
    private static final class Answers {
        private final Map<String, AtomicInteger> answered = new ConcurrentHashMap<>();
        private final Map<String, AtomicInteger> byBatch = new ConcurrentHashMap<>();

        void route(CamelContext context, String enhancer, boolean redeliver) throws Exception {
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    if (redeliver) {
                        // tag::redeliver[]
                        errorHandler(defaultErrorHandler().maximumRedeliveries(20).redeliveryDelay(250));
                        // end::redeliver[]
                    }
                    from("direct:enhance").to(enhancer).process(ex -> {
                        ContentItem item = ex.getMessage().getBody(ContentItem.class);
                        answered.computeIfAbsent(item.getText(), k -> new AtomicInteger()).incrementAndGet();
                        byBatch.computeIfAbsent(item.getText().split(" ")[0], k -> new AtomicInteger())
                                .incrementAndGet();
                    });
                }
            });
        }

        List<CompletableFuture<Exchange>> send(ProducerTemplate template, String batch, int n) {
            List<CompletableFuture<Exchange>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                String text = batch + " document " + i;
                String referenceId = batch + "-" + i;
                futures.add(template.asyncSend("direct:enhance", ex -> {
                    ex.getIn().setBody(text);
                    ex.getIn().setHeader(EnhancerConstants.REFERENCE_ID, referenceId);
                }));
            }
            return futures;
        }

        void awaitSome(String batch, int some) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (count(batch) < some && System.nanoTime() < deadline) {
                Thread.sleep(2);
            }
            assertThat(count(batch)).as("answers of %s before the kill", batch).isGreaterThanOrEqualTo(some);
        }

        private int count(String batch) {
            AtomicInteger c = byBatch.get(batch);
            return c == null ? 0 : c.get();
        }

        void await(List<CompletableFuture<Exchange>> futures) throws Exception {
            for (CompletableFuture<Exchange> f : futures) {
                Exchange ex = f.get(180, TimeUnit.SECONDS);
                assertThat(ex.getException()).as("exchange of %s", ex.getIn().getBody()).isNull();
            }
        }

        void assertEachOnce(String batch, int n) {
            for (int i = 0; i < n; i++) {
                assertThat(answered.get(batch + " document " + i)).as("answers to %s document %d", batch, i)
                        .isNotNull().hasValue(1);
            }
            assertThat(count(batch)).isEqualTo(n);
        }
    }
}
