package dev.camelsuite.enhancer.remote;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.camelsuite.enhancer.EnhancementException;
import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.enhancer.EnhancerEndpoint;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.enhancer.metadata.ExecutionStatus;
import dev.camelsuite.enhancer.remote.producer.RemoteEnhancerProducer;
import dev.camelsuite.enhancer.remote.wire.WireFormat;
import dev.camelsuite.enhancer.remote.wire.WireProtocol;
import dev.camelsuite.enhancer.remote.wire.WorkerException;
import dev.camelsuite.enhancer.remote.worker.EnhancerWorkerConsumer;
import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.camel.CamelContext;
import org.apache.camel.CamelExecutionException;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangeTimedOutException;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Producer and workers over a real broker in this JVM. */
class RemoteEnhancerTest extends CamelTestSupport {

    @RegisterExtension
    static final EmbeddedBroker BROKER = new EmbeddedBroker();

    private final AtomicInteger slowCalls = new AtomicInteger();
    private final java.util.concurrent.CountDownLatch slowStepRunning = new java.util.concurrent.CountDownLatch(1);
    private final java.util.concurrent.CountDownLatch slowStepMayEnd = new java.util.concurrent.CountDownLatch(1);
    private final AtomicInteger concurrent = new AtomicInteger();
    private final AtomicInteger maxConcurrent = new AtomicInteger();

    private final EnhancementEngine langid = EnhancementEngine.of("langid", item -> item.addLanguage("en", 0.9, "langid"));
    private final EnhancementEngine ner = EnhancementEngine.of("ner", item -> {
        String text = item.getText();
        if (text.startsWith("fail")) {
            throw new EngineException("No NER model for language 'xx' is available");
        }
        // what the caller's enhancement properties say to this engine, as the worker got them
        List<String> asked = item.getProperties().forEngine("ner").values("enhancer.label");
        if (!asked.isEmpty()) {
            item.addAnnotation("asked", 1.0, "ner", Map.of("label", String.join(",", asked)));
        }
        int at = text.indexOf("Paris");
        if (at >= 0) {
            var mention = item.addAnnotation("place", at, at + 5, 0.8, "ner", Map.of("source", "test"));
            item.addEntity("http://dbpedia.org/resource/Paris", "Paris", List.of("http://dbpedia.org/ontology/City"),
                    0.7, "ner", mention);
        }
    });
    /** Slow on its first call only, so a retry sent to another instance answers first. */
    private final EnhancementEngine slowOnce = EnhancementEngine.of("slowOnce", item -> {
        if (slowCalls.incrementAndGet() == 1) {
            sleep(1500);
        }
    });
    private final EnhancementEngine busy = EnhancementEngine.of("busy", item -> {
        maxConcurrent.accumulateAndGet(concurrent.incrementAndGet(), Math::max);
        sleep(Long.parseLong(item.getText()));
        concurrent.decrementAndGet();
    });

    private static void sleep(long ms) throws EngineException {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException("interrupted");
        }
    }

    private static String remote(String chain, String queue, String options) {
        return "enhancer:" + chain + "?queue=" + queue + "&brokerURL=" + BROKER.url() + (options.isEmpty() ? "" : "&" + options);
    }

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        EnhancerComponent enhancer = new EnhancerComponent();
        enhancer.addChain(Chain.list("demo", "langid", "ner"));
        enhancer.addChain(Chain.list("retry", "slowOnce"));
        enhancer.addChain(Chain.list("busy", "busy"));
        enhancer.addEngine(langid).addEngine(ner).addEngine(slowOnce).addEngine(busy);
        context.addComponent("enhancer", enhancer);
        return context;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                // workers: the route sees the enhanced item and what it leaves is the reply
                from(remote("demo", "demo.q", "concurrentConsumers=2")).routeId("worker-json")
                        .process(ex -> {
                            ContentItem item = ex.getIn().getBody(ContentItem.class);
                            if (item.getText().startsWith("route")) {
                                throw new IllegalStateException("the worker route broke");
                            }
                            item.addAnnotation("routed", 1.0, "worker-route",
                                    Map.of("language", ex.getIn().getHeader(EnhancerConstants.LANGUAGE)));
                        });
                from(remote("retry", "retry.q", "concurrentConsumers=2")).routeId("worker-retry").log("retried ${body.text}");
                // a route whose step after the producer is slow for some documents (started with the workers, so
                // it does not ask them for their metadata: they are not listening yet)
                from("direct:slowAfter").to(remote("demo", "demo.q", "casPoolSize=4&getMetaTimeout=0"))
                        .process(ex -> {
                            if (ex.getMessage().getBody(ContentItem.class).getText().startsWith("slow")) {
                                slowStepRunning.countDown();
                                slowStepMayEnd.await(10, java.util.concurrent.TimeUnit.SECONDS);
                            }
                        });
                from(remote("busy", "busy.q", "concurrentConsumers=4")).routeId("worker-busy").log("busy ${body.text}");
            }
        };
    }

    @Test
    void aSlowStepAfterTheProducerHoldsUpNoOtherReply() throws Exception {
        var slow = template.asyncRequestBody("direct:slowAfter", "slow document about Paris.");
        assertThat(slowStepRunning.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        // the slow document's route is at work on the thread its reply came to, were it the listener's
        ContentItem quick = template.requestBody("direct:slowAfter", "quick document about Paris.", ContentItem.class);
        assertThat(quick.getEntities()).hasSize(1);
        assertThat(slow).isNotDone();
        slowStepMayEnd.countDown();
        assertThat(slow.get(10, java.util.concurrent.TimeUnit.SECONDS)).isNotNull();
    }

    @Test
    void aCompressedRequestIsReadAsWellAsAPlainOne() {
        // ActiveMQ's client compresses the producer's bodies here; the workers' own connection does not
        String uri = "enhancer:demo?queue=demo.q&timeout=10000&brokerURL=RAW(" + BROKER.url()
                     + "?jms.useCompression=true)";
        for (String serializer : List.of("json", "binary")) {
            ContentItem item = template.requestBody(uri + "&serializer=" + serializer, "Angela Merkel visited Paris.",
                    ContentItem.class);
            assertThat(item.getText()).isEqualTo("Angela Merkel visited Paris.");
            assertThat(item.getEntities()).singleElement()
                    .satisfies(e -> assertThat(e.getReference()).isEqualTo("http://dbpedia.org/resource/Paris"));
        }
    }

    @Test
    void itemsGoToTheWorkersAndResultsComeBackInBothWireFormats() {
        for (String serializer : List.of("json", "binary")) {
            String uri = remote("demo", "demo.q", "serializer=" + serializer + "&timeout=10000");
            Exchange result = template.request(uri, ex -> {
                ex.getIn().setBody("Angela Merkel visited Paris.");
                ex.getIn().setHeader(EnhancerConstants.REFERENCE_ID, "ref-" + serializer);
                ex.getIn().setHeader(EnhancerConstants.PROPERTIES, Map.of("enhancer.label", "for all",
                        "ner:enhancer.label", List.of("for ner", "alone"), "langid:enhancer.label", "not for ner"));
            });
            assertThat(result.getException()).isNull();
            ContentItem item = result.getMessage().getBody(ContentItem.class);
            assertThat(item.getText()).isEqualTo("Angela Merkel visited Paris.");
            assertThat(item.getReferenceId()).isEqualTo("ref-" + serializer);
            assertThat(item.getLanguage()).isEqualTo("en");
            assertThat(item.getEntities()).singleElement().satisfies(e -> {
                assertThat(e.getReference()).isEqualTo("http://dbpedia.org/resource/Paris");
                assertThat(e.getTextAnnotation().getCoveredText()).isEqualTo("Paris");
            });
            assertThat(item.getAnnotationsOfType("asked")).as("the properties on the worker").singleElement()
                    .satisfies(a -> assertThat(a.getFeature("label")).isEqualTo("for ner,alone"));
            assertThat(item.getAnnotationsOfType("routed")).singleElement()
                    .satisfies(a -> assertThat(a.getFeature("language")).isEqualTo("en"));
            assertThat(item.getExecutionMetadata().getChainExecution().getStatus()).isEqualTo(ExecutionStatus.COMPLETED);
            assertThat(item.getExecutionMetadata().getEngineExecution("ner").getStarted()).isNotNull();
            assertThat(result.getMessage().getHeaders())
                    .containsEntry(EnhancerConstants.REFERENCE_ID, "ref-" + serializer)
                    .containsEntry(EnhancerConstants.CHAIN, "demo")
                    .containsEntry(EnhancerConstants.CHAIN_STATUS, "completed")
                    .containsEntry(EnhancerConstants.LANGUAGE, "en")
                    .containsEntry(EnhancerConstants.FAILED_ENGINES, List.of());
        }
    }

    @Test
    void aFailedChainComesBackWithTheWorkersRealErrorAndTheMetadata() {
        assertThatThrownBy(() -> template.requestBody(remote("demo", "demo.q", "timeout=10000"), "fail now"))
                .isInstanceOf(CamelExecutionException.class)
                .cause().isInstanceOfSatisfying(EnhancementException.class, e -> {
                    assertThat(e.getEngine()).isEqualTo("ner");
                    assertThat(e.getEngineMessage()).isEqualTo("No NER model for language 'xx' is available");
                    assertThat(e.getMessage()).isEqualTo("Enhancement Chain failed because of required Engine 'ner'"
                                                         + " failed with Message: No NER model for language 'xx' is available");
                    assertThat(e.getExecutionMetadata().getEngineExecution("langid").getStatus())
                            .isEqualTo(ExecutionStatus.COMPLETED);
                    assertThat(e.getCause()).isInstanceOfSatisfying(WorkerException.class, w -> {
                        assertThat(w.getWorkerClassName()).isEqualTo(EngineException.class.getName());
                        assertThat(w.getWorkerMessage()).isEqualTo("No NER model for language 'xx' is available");
                        assertThat(w.getWorkerStackTrace()).contains("at dev.camelsuite.enhancer.remote.RemoteEnhancerTest");
                        assertThat(w.getStackTrace()).isNotEmpty();
                    });
                });
        Exchange lenient = template.request(remote("demo", "demo.q", "timeout=10000&throwOnFailure=false"),
                ex -> ex.getIn().setBody("fail again"));
        assertThat(lenient.getException()).isNull();
        assertThat(lenient.getMessage().getHeader(EnhancerConstants.CHAIN_STATUS)).isEqualTo("failed");
        assertThat(lenient.getMessage().getHeader(EnhancerConstants.FAILED_ENGINES)).isEqualTo(List.of("ner"));
    }

    @Test
    void anItemCarryingAnotherChainsMetadataIsAnsweredWithTheErrorNotRetried() {
        ContentItem item = ContentItem.ofText("resumed elsewhere");
        item.setExecutionMetadata(dev.camelsuite.enhancer.metadata.ExecutionMetadata.create(
                Chain.list("other", "langid").createPlan(n -> 0), item, false));
        assertThatThrownBy(() -> template.requestBody(remote("demo", "demo.q", "timeout=10000"), item))
                .cause().isInstanceOf(EnhancementException.class)
                .hasMessageContaining("carries execution metadata of chain 'other' and cannot be continued by chain 'demo'")
                .cause().isInstanceOfSatisfying(WorkerException.class,
                        w -> assertThat(w.getWorkerClassName()).isEqualTo(EnhancementException.class.getName()));
    }

    @Test
    void aBrokenWorkerRouteComesBackAsItsException() {
        assertThatThrownBy(() -> template.requestBody(remote("demo", "demo.q", "timeout=10000"), "route please"))
                .cause().isInstanceOf(EnhancementException.class)
                .hasMessageContaining("java.lang.IllegalStateException: the worker route broke")
                .cause().isInstanceOfSatisfying(WorkerException.class,
                        w -> assertThat(w.getWorkerClassName()).isEqualTo("java.lang.IllegalStateException"));
    }

    @Test
    void noReplyWithinTheTimeoutIsExchangeTimedOutExceptionAndNothingStaysRegistered() throws Exception {
        // getMetaTimeout=0: the producer starts without asking for workers, as one started before its workers would
        String uri = remote("demo", "nobody.listens", "timeout=200&getMetaTimeout=0");
        assertThatThrownBy(() -> template.requestBody(uri, "anyone?"))
                .cause().isInstanceOf(ExchangeTimedOutException.class)
                .hasMessageContaining("No reply from a worker on queue nobody.listens");
        assertThatThrownBy(() -> template.requestBodyAndHeader(remote("demo", "nobody.listens",
                "timeout=60000&getMetaTimeout=0"),
                "anyone?", EnhancerConstants.TIMEOUT, 150L))
                .cause().isInstanceOf(ExchangeTimedOutException.class);
        RemoteEnhancerProducer producer = (RemoteEnhancerProducer) context.getEndpoint(uri).createProducer();
        producer.start();
        try {
            Exchange exchange = context.getEndpoint(uri).createExchange();
            exchange.getIn().setBody("again");
            CountDownLatch done = new CountDownLatch(1);
            producer.process(exchange, sync -> done.countDown());
            assertThat(producer.getInFlightCount()).isEqualTo(1);
            assertThat(done.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(producer.getInFlightCount()).isZero();
            assertThat(producer.getActiveCount()).isZero();
        } finally {
            producer.stop();
        }
    }

    @Test
    void aProducerWhoseQueueHasNoWorkerFailsToStartClearly() {
        assertThatThrownBy(() -> template.requestBody(remote("demo", "nobody.listens", "getMetaTimeout=300"), "anyone?"))
                .rootCause().isInstanceOf(IllegalStateException.class)
                .hasMessage("No worker answered the metadata request on queue nobody.listens within 300 ms (option"
                            + " getMetaTimeout; 0 skips the request)");
    }

    @Test
    void aRetryGoesToAnotherInstanceAndTheLateReplyIsDropped() throws Exception {
        AtomicInteger completions = new AtomicInteger();
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:retry").to(remote("retry", "retry.q", "timeout=500&maxRetries=1"))
                        .process(ex -> completions.incrementAndGet());
            }
        });
        ContentItem item = template.requestBody("direct:retry", "retry me", ContentItem.class);
        assertThat(item.getExecutionMetadata().getChainExecution().getStatus()).isEqualTo(ExecutionStatus.COMPLETED);
        // the first instance answers late, after the retry completed the exchange: the reply is dropped
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (slowCalls.get() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(slowCalls).hasValue(2);
        Thread.sleep(1500);
        assertThat(completions).hasValue(1);
    }

    @Test
    void casPoolSizeBoundsRequestsInFlightAndParkedExchangesAllComplete() throws Exception {
        String uri = remote("busy", "busy.q", "casPoolSize=2&timeout=20000");
        List<CompletableFuture<Object>> futures = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            futures.add(template.asyncRequestBody(uri, "100"));
        }
        for (CompletableFuture<Object> f : futures) {
            assertThat(f.get(30, TimeUnit.SECONDS)).isInstanceOf(ContentItem.class);
        }
        // four worker instances, but never more than two requests of this producer at once
        assertThat(maxConcurrent.get()).isEqualTo(2);
    }

    @Test
    void anExchangeFindingTheWaitingLineFullFailsAtOnceAndTheOthersComplete() throws Exception {
        EnhancerEndpoint endpoint = context.getEndpoint(remote("busy", "busy.q", "casPoolSize=1&maxWaiting=1&timeout=20000"),
                EnhancerEndpoint.class);
        RemoteEnhancerProducer producer = (RemoteEnhancerProducer) endpoint.createProducer();
        producer.start();
        try {
            List<CompletableFuture<Exchange>> ends = new ArrayList<>();
            for (String body : new String[] { "300", "1", "1" }) {
                Exchange exchange = endpoint.createExchange();
                exchange.getIn().setBody(body);
                CompletableFuture<Exchange> end = new CompletableFuture<>();
                producer.process(exchange, doneSync -> end.complete(exchange));
                ends.add(end);
            }
            // the first holds the only place, the second waits, the third found the line full: it ended at once
            assertThat(producer.getWaitingCount()).isEqualTo(1);
            assertThat(ends.get(2)).isDone();
            assertThat(ends.get(2).get().getException()).isInstanceOf(java.util.concurrent.RejectedExecutionException.class)
                    .hasMessage("Requests to queue busy.q: every place is taken and 1 requests wait for one already"
                                + " (option maxWaiting)");
            assertThat(ends.get(0).get(10, TimeUnit.SECONDS).getException()).isNull();
            assertThat(ends.get(1).get(10, TimeUnit.SECONDS).getException()).isNull();
        } finally {
            producer.stop();
        }
    }

    @Test
    void nothingWaitsForEverByDefault() {
        EnhancerEndpoint endpoint = context.getEndpoint(remote("demo", "q", ""), EnhancerEndpoint.class);
        assertThat(endpoint.getConfiguration().getTimeout()).isEqualTo(60_000);
        assertThat(endpoint.getConfiguration().getCpcTimeout()).isEqualTo(60_000);
        assertThat(endpoint.getConfiguration().getMaxWaiting()).isEqualTo(1000);
    }

    @Test
    void aDuplicateReferenceIdInFlightIsRejected() throws Exception {
        String uri = remote("busy", "busy.q", "timeout=20000");
        CompletableFuture<Object> first = template.asyncRequestBodyAndHeader(uri, "500", EnhancerConstants.REFERENCE_ID,
                "same-id");
        // the first is in flight once a worker runs it (the producer's start, with its metadata request, comes first)
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (concurrent.get() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThatThrownBy(() -> template.requestBodyAndHeader(uri, "1", EnhancerConstants.REFERENCE_ID, "same-id"))
                .cause().isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Reference id same-id is already in flight");
        assertThat(first.get(10, TimeUnit.SECONDS)).isInstanceOf(ContentItem.class);
    }

    @Test
    void malformedAndForeignMessagesGoToTheDeadLetterQueueAndTheWorkerGoesOn() throws Exception {
        ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(BROKER.url());
        try (Connection connection = factory.createConnection()) {
            connection.start();
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer producer = session.createProducer(session.createQueue("demo.q"));
            TemporaryQueue replies = session.createTemporaryQueue();
            // a text message, a future wire version, garbage with a reply address, and a request for another chain
            producer.send(session.createTextMessage("hello"));
            BytesMessage future = session.createBytesMessage();
            future.setStringProperty(WireProtocol.MESSAGE_TYPE, WireProtocol.REQUEST);
            future.setIntProperty(WireProtocol.VERSION_PROPERTY, 99);
            future.setStringProperty(WireProtocol.REFERENCE_ID, "future-1");
            producer.send(future);
            BytesMessage garbage = session.createBytesMessage();
            garbage.setStringProperty(WireProtocol.MESSAGE_TYPE, WireProtocol.REQUEST);
            garbage.setIntProperty(WireProtocol.VERSION_PROPERTY, WireFormat.PROTOCOL_VERSION);
            garbage.setStringProperty(WireProtocol.FORMAT, "json");
            garbage.setStringProperty(WireProtocol.CHAIN, "demo");
            garbage.setStringProperty(WireProtocol.REFERENCE_ID, "garbage-1");
            garbage.writeBytes("{\"uri\": [not json".getBytes());
            garbage.setJMSReplyTo(replies);
            producer.send(garbage);
            BytesMessage foreign = session.createBytesMessage();
            foreign.setStringProperty(WireProtocol.MESSAGE_TYPE, WireProtocol.REQUEST);
            foreign.setIntProperty(WireProtocol.VERSION_PROPERTY, WireFormat.PROTOCOL_VERSION);
            foreign.setStringProperty(WireProtocol.FORMAT, "json");
            foreign.setStringProperty(WireProtocol.CHAIN, "otherChain");
            foreign.setStringProperty(WireProtocol.REFERENCE_ID, "foreign-1");
            foreign.writeBytes(WireFormat.JSON.write(ContentItem.ofText("x")));
            producer.send(foreign);

            MessageConsumer replyConsumer = session.createConsumer(replies);
            Message reply = replyConsumer.receive(10_000);
            assertThat(reply).isNotNull();
            assertThat(reply.getStringProperty(WireProtocol.REFERENCE_ID)).isEqualTo("garbage-1");
            assertThat(reply.getStringProperty(WireProtocol.STATUS)).isEqualTo(WireProtocol.ERROR);
            assertThat(reply.getStringProperty(WireProtocol.ERROR_MESSAGE)).startsWith(
                    "Rejected by the worker on queue demo.q: Malformed content item");

            MessageConsumer dlq = session.createConsumer(session.createQueue("demo.q.DLQ"));
            List<String> reasons = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                Message dead = dlq.receive(10_000);
                assertThat(dead).as("dead letter %d", i).isNotNull();
                reasons.add(dead.getStringProperty(WireProtocol.REJECT_REASON));
            }
            assertThat(reasons).anySatisfy(r -> assertThat(r).startsWith("not an enhancer message: a ActiveMQTextMessage"))
                    .anySatisfy(r -> assertThat(r).isEqualTo(
                            "wire version 99 is not supported; this side speaks version 1"))
                    .anySatisfy(r -> assertThat(r).startsWith("Malformed content item"))
                    .anySatisfy(r -> assertThat(r).isEqualTo(
                            "the request is for chain 'otherChain' and this worker runs chain 'demo'"));
        }
        // the worker is still there
        ContentItem ok = template.requestBody(remote("demo", "demo.q", "timeout=10000"), "still Paris", ContentItem.class);
        assertThat(ok.getEntities()).hasSize(1);
    }

    @Test
    void aWorkerLeavesOutTheRequestsTextOnlyForARequesterThatAsksForIt() throws Exception {
        ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(BROKER.url());
        factory.setWatchTopicAdvisories(false);
        String text = "Paris is a city. ".repeat(20);
        try (Connection connection = factory.createConnection()) {
            connection.start();
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            TemporaryQueue replies = session.createTemporaryQueue();
            MessageProducer producer = session.createProducer(session.createQueue("demo.q"));
            MessageConsumer replyConsumer = session.createConsumer(replies);
            for (boolean asks : new boolean[] { true, false }) {
                BytesMessage request = session.createBytesMessage();
                request.setStringProperty(WireProtocol.MESSAGE_TYPE, WireProtocol.REQUEST);
                request.setIntProperty(WireProtocol.VERSION_PROPERTY, WireFormat.PROTOCOL_VERSION);
                request.setStringProperty(WireProtocol.FORMAT, "json");
                request.setStringProperty(WireProtocol.CHAIN, "demo");
                request.setStringProperty(WireProtocol.REFERENCE_ID, "short-" + asks);
                if (asks) {
                    request.setStringProperty(WireProtocol.REPLY_CONTENT, WireProtocol.ADDED);
                }
                request.writeBytes(WireFormat.JSON.write(ContentItem.ofText(text)));
                request.setJMSReplyTo(replies);
                producer.send(request);
                BytesMessage reply = (BytesMessage) replyConsumer.receive(10_000);
                assertThat(reply).isNotNull();
                assertThat(reply.getStringProperty(WireProtocol.STATUS)).isEqualTo(WireProtocol.COMPLETED);
                byte[] body = new byte[(int) reply.getBodyLength()];
                reply.readBytes(body);
                String json = new String(body, java.nio.charset.StandardCharsets.UTF_8);
                if (asks) {
                    // only what the chain added; read back against the request, the item is whole
                    assertThat(json).doesNotContain(text).contains("\"requestText\":true");
                    ContentItem back = WireFormat.JSON.read(body,
                            dev.camelsuite.enhancer.remote.wire.RequestContent.of(ContentItem.ofText(text)));
                    assertThat(back.getText()).isEqualTo(text);
                    assertThat(back.getEntities()).isNotEmpty();
                } else {
                    // an older requester gets the whole item, as before
                    assertThat(json).contains(text).doesNotContain("requestText");
                    assertThat(WireFormat.JSON.read(body).getEntities()).isNotEmpty();
                }
            }
        }
    }

    @Test
    void aReplyWhoseRequesterIsGoneIsDroppedAndTheRequestIsNotRunAgain() throws Exception {
        ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(BROKER.url());
        factory.setWatchTopicAdvisories(false);
        int before = concurrent.get();
        try (Connection connection = factory.createConnection()) {
            connection.start();
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            TemporaryQueue replies = session.createTemporaryQueue();
            BytesMessage request = session.createBytesMessage();
            request.setStringProperty(WireProtocol.MESSAGE_TYPE, WireProtocol.REQUEST);
            request.setIntProperty(WireProtocol.VERSION_PROPERTY, WireFormat.PROTOCOL_VERSION);
            request.setStringProperty(WireProtocol.FORMAT, "json");
            request.setStringProperty(WireProtocol.CHAIN, "busy");
            request.setStringProperty(WireProtocol.REFERENCE_ID, "orphan-1");
            request.writeBytes(WireFormat.JSON.write(ContentItem.ofText("300")));
            request.setJMSReplyTo(replies);
            session.createProducer(session.createQueue("busy.q")).send(request);
            // the requester goes away while the worker is busy with its request
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (maxConcurrent.get() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
        }
        Thread.sleep(800);
        assertThat(concurrent.get()).isEqualTo(before);
        // ran once, was not redelivered, and the worker still answers
        assertThat(template.requestBody(remote("busy", "busy.q", "timeout=10000"), "1")).isInstanceOf(ContentItem.class);
        EnhancerWorkerConsumer worker = (EnhancerWorkerConsumer) context.getRoute("worker-busy").getConsumer();
        assertThat(worker.getProcessedCount()).isEqualTo(2);
        assertThat(worker.getRejectedCount()).isZero();
    }

    @Test
    void wrongRemoteOptionsAreNamedWhenTheEndpointIsCreated() {
        assertThatThrownBy(() -> context.getEndpoint(remote("demo", "q", "casPoolSize=0")))
                .rootCause().hasMessage("Option casPoolSize must be > 0 but was 0");
        assertThatThrownBy(() -> context.getEndpoint(remote("demo", "q", "maxRetries=-1")))
                .rootCause().hasMessage("Option maxRetries must be >= 0 but was -1");
        assertThatThrownBy(() -> context.getEndpoint(remote("demo", "q", "maxWaiting=-1")))
                .rootCause().hasMessage("Option maxWaiting must be >= 0 but was -1");
        assertThatThrownBy(() -> context.getEndpoint(remote("demo", "q", "serializer=xml")))
                .rootCause().hasMessage("Option serializer must be json or binary but was 'xml'");
        assertThatThrownBy(() -> context.getEndpoint(remote("demo", "q", "concurrentConsumers=0")))
                .rootCause().hasMessage("Option concurrentConsumers must be > 0 but was 0");
        assertThatThrownBy(() -> context.getEndpoint(remote("demo", "q", "prefetch=-2")))
                .rootCause().hasMessage("Option prefetch must be >= 0 but was -2");
        assertThatThrownBy(() -> context.getEndpoint(remote("demo", "q", "maxPrefetch=1001")))
                .rootCause().hasMessage("Option maxPrefetch must be between 0 and 1000 but was 1001");
        assertThatThrownBy(() -> context.getEndpoint("enhancer:demo?queue=lonely"))
                .rootCause().hasMessageStartingWith("Option queue=lonely needs a broker: set brokerURL or connectionFactory");
        assertThatThrownBy(() -> context.getEndpoint("enhancer:demo").createConsumer(ex -> {
        })).hasMessageContaining("has no queue option");
    }
}
