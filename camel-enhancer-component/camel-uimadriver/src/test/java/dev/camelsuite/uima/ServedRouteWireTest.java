package dev.camelsuite.uima;

import dev.camelsuite.uima.client.XmiCas;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.broker.BrokerService;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.apache.uima.UIMAFramework;
import org.apache.uima.analysis_engine.AnalysisEngine;
import org.apache.uima.cas.CAS;
import org.apache.uima.jcas.JCas;
import org.apache.uima.util.XMLInputSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A served route at the wire: this component's own producer as the client, hand-written requests for what a stock
 * client never sends (hostile, malformed, a client that goes away), and Collection Process Complete's order.
 */
class ServedRouteWireTest extends CamelTestSupport {

    private static BrokerService broker;
    private static String url;
    private static AnalysisEngine roomNumbers;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = new BrokerService();
        broker.setPersistent(false);
        broker.setUseJmx(false);
        broker.addConnector("tcp://localhost:0");
        broker.start();
        url = broker.getTransportConnectors().get(0).getConnectUri().toString();
        roomNumbers = UIMAFramework.produceAnalysisEngine(UIMAFramework.getXMLParser().parseResourceSpecifier(
                new XMLInputSource(new java.io.File(ServedRouteStockClientTest.ROOM_NUMBERS.substring(5)))), 2, 0);
    }

    @AfterAll
    static void stopBroker() throws Exception {
        roomNumbers.destroy();
        broker.stop();
    }

    private static String served(String queue, String options) {
        return "uimadriver:" + url + "?queue=" + queue + "&descriptor=" + ServedRouteStockClientTest.ROOM_NUMBERS
               + (options.isEmpty() ? "" : "&" + options);
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from(served("Rooms", "concurrentConsumers=2&maxCasSize=20000")).routeId("served")
                        .process(e -> {
                            if (e.getIn().getBody(String.class).contains("SLOW")) {
                                slowTaken.release();
                                Thread.sleep(1000);
                            }
                        })
                        .process(e -> roomNumbers.process(e.getIn().getBody(CAS.class)));
                // prefetch 1; the route reads the client's reference id and the CAS as a JCas
                from(served("Prefetched", "prefetch=1")).routeId("prefetched")
                        .process(e -> e.getIn().getBody(JCas.class).setDocumentLanguage("en"))
                        .process(e -> seen.add(e.getIn().getHeader(UimaDriverConstants.CAS_REFERENCE_ID,
                                String.class)));
                from("direct:prefetched").to("uimadriver:" + url + "?queue=Prefetched&lazyStartProducer=true");
                // started with its first exchange: producers start before consumers, and this one asks GetMeta
                from("direct:rooms").to("uimadriver:" + url + "?queue=Rooms&timeout=10000&lazyStartProducer=true");
            }
        };
    }

    @Test
    void thisComponentsProducerGetsTheRoutesAnnotations() {
        AnalysisResult result = template.requestBody("direct:rooms", "Meet in 20-001, then in GN-K35.",
                AnalysisResult.class);
        assertThat(result.annotations("org.apache.uima.tutorial.RoomNumber")).extracting(CasAnnotation::coveredText)
                .containsExactly("20-001", "GN-K35");
        assertThat(result.annotations("org.apache.uima.tutorial.RoomNumber").get(1).features())
                .containsEntry("building", "Hawthorne");
    }

    private final java.util.List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final java.util.concurrent.Semaphore slowTaken = new java.util.concurrent.Semaphore(0);

    @Test
    void aRouteWithPrefetchSeesTheClientsReferenceIdAndItsJCasChangesGoBack() throws Exception {
        AnalysisResult result = template.requestBody("direct:prefetched", "Room 20-001", AnalysisResult.class);
        assertThat(seen).containsExactly(result.casReferenceId());
        assertThat(result.xmi()).contains("language=\"en\"");
    }

    @Test
    void collectionProcessCompleteIsAnsweredAfterTheRequestsBeforeIt() throws Exception {
        CompletableFuture<AnalysisResult> slow = template.asyncRequestBody("direct:rooms", "SLOW: room 20-001",
                AnalysisResult.class);
        // the slow document is in one instance (the producer's start and its GetMeta come first, so no fixed
        // pause is long enough on a busy machine); the other instance takes the CPC
        assertThat(slowTaken.tryAcquire(10, TimeUnit.SECONDS)).isTrue();
        template.requestBodyAndHeader("direct:rooms", "", UimaDriverConstants.COLLECTION_PROCESS_COMPLETE, true);
        assertThat(slow).isDone();
        assertThat(slow.get().annotations()).hasSize(1);
    }

    @Test
    void getMetaIsAnsweredWhileACollectionProcessCompleteWaits() throws Exception {
        CompletableFuture<AnalysisResult> slow = template.asyncRequestBody("direct:rooms", "SLOW: room 20-001",
                AnalysisResult.class);
        assertThat(slowTaken.tryAcquire(10, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<Object> cpc = template.asyncRequestBodyAndHeader("direct:rooms", "",
                UimaDriverConstants.COLLECTION_PROCESS_COMPLETE, true);
        try (RawClient client = new RawClient()) {
            Thread.sleep(100); // the CPC is taken and waits for the slow document
            long start = System.nanoTime();
            Message meta = client.request(client.session.createTextMessage(""), UimaAsProtocol.GET_META,
                    UimaAsProtocol.NONE, null);
            assertThat(meta.getIntProperty(UimaAsProtocol.PAYLOAD)).isEqualTo(UimaAsProtocol.METADATA);
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(700);
            assertThat(cpc).as("CPC still waits for the slow document").isNotDone();
        }
        cpc.get(10, TimeUnit.SECONDS);
        assertThat(slow).isDone();
    }

    @Test
    void hostileAndMalformedRequestsAreAnsweredOrDroppedAndTheServiceGoesOn() throws Exception {
        try (RawClient client = new RawClient()) {
            // not the protocol: dropped, as a stock service drops it
            client.producer.send(client.session.createTextMessage("hello"));
            // an object message: never read, answered with what is wrong
            Message object = client.session.createObjectMessage(new java.util.ArrayList<String>());
            Message reply = client.request(object, UimaAsProtocol.PROCESS, UimaAsProtocol.XMI, "obj");
            assertThat(((TextMessage) reply).getText()).contains("neither XMI");
            // entities that would expand a few bytes into gigabytes
            String bomb = "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;"
                          + "&a;&a;&a;&a;&a;\"><!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">]><x>&c;</x>";
            reply = client.request(client.session.createTextMessage(bomb), UimaAsProtocol.PROCESS, UimaAsProtocol.XMI,
                    "bomb");
            assertThat(reply.getIntProperty(UimaAsProtocol.PAYLOAD)).isEqualTo(UimaAsProtocol.EXCEPTION);
            assertThat(((TextMessage) reply).getText()).contains("cannot be read");
            // larger than maxCasSize
            reply = client.request(client.session.createTextMessage("x".repeat(20001)), UimaAsProtocol.PROCESS,
                    UimaAsProtocol.XMI, "big");
            assertThat(((TextMessage) reply).getText()).contains("20001 characters").contains("option maxCasSize");
            // a binary CAS that claims a heap of two billion cells
            BytesMessage forged = client.session.createBytesMessage();
            forged.writeBytes(new byte[] { 'U', 'I', 'M', 'A', 0, 0, 0, 1, 0, 0, 0, 0, 0x7f, (byte) 0xff, (byte) 0xff,
                (byte) 0xff });
            reply = client.request(forged, UimaAsProtocol.PROCESS, UimaAsProtocol.BINARY, "forged");
            assertThat(((TextMessage) reply).getText()).contains("cannot be read");
            // a Process request without a reference id: dropped
            Message anonymous = client.session.createTextMessage("<xmi/>");
            client.header(anonymous, UimaAsProtocol.PROCESS, UimaAsProtocol.XMI, null);
            client.producer.send(anonymous);
        }
        UimaDriverConsumer consumer = (UimaDriverConsumer) context.getRoute("served").getConsumer();
        // the two dropped ones were sent without waiting for anything: their rejection is counted by a listener
        // thread after the send returned (the count was once 5 here), so wait for it, within a bound
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (consumer.getRejectedCount() < 6 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        // the malformed ones answered with an error count as rejected too
        assertThat(consumer.getRejectedCount()).isEqualTo(6);
        thisComponentsProducerGetsTheRoutesAnnotations();
    }

    @Test
    void aClientThatGoesAwayLosesItsReplyAndNothingElse() throws Exception {
        RawClient gone = new RawClient();
        TextMessage request = gone.session.createTextMessage(XmiCas.document(
                roomNumbers.newCAS(), "SLOW: room 20-001"));
        gone.header(request, UimaAsProtocol.PROCESS, UimaAsProtocol.XMI, "gone-1");
        gone.producer.send(request);
        assertThat(slowTaken.tryAcquire(10, TimeUnit.SECONDS)).isTrue();
        gone.close(); // its reply queue goes with it while the route still works on its document
        Thread.sleep(1500); // the route ends and its reply is refused by the broker
        thisComponentsProducerGetsTheRoutesAnnotations();
        thisComponentsProducerGetsTheRoutesAnnotations();
    }

    /** A hand-written client of its own connection and reply queue. */
    private static final class RawClient implements AutoCloseable {
        final Connection connection;
        final Session session;
        final MessageProducer producer;
        final TemporaryQueue replies;
        final MessageConsumer replyConsumer;

        RawClient() throws Exception {
            connection = new ActiveMQConnectionFactory(url).createConnection();
            connection.start();
            session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            producer = session.createProducer(session.createQueue("Rooms"));
            replies = session.createTemporaryQueue();
            replyConsumer = session.createConsumer(replies);
        }

        void header(Message m, int command, int payload, String referenceId) throws Exception {
            m.setIntProperty(UimaAsProtocol.MESSAGE_TYPE, UimaAsProtocol.REQUEST);
            m.setIntProperty(UimaAsProtocol.COMMAND, command);
            m.setIntProperty(UimaAsProtocol.PAYLOAD, payload);
            if (referenceId != null) {
                m.setStringProperty(UimaAsProtocol.CAS_REFERENCE, referenceId);
            }
            m.setJMSReplyTo(replies);
        }

        /** Sends a request and returns its reply, skipping ServiceInfo. */
        Message request(Message m, int command, int payload, String referenceId) throws Exception {
            header(m, command, payload, referenceId);
            producer.send(m);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (System.nanoTime() < deadline) {
                Message reply = replyConsumer.receive(1000);
                if (reply != null && reply.getIntProperty(UimaAsProtocol.COMMAND) != UimaAsProtocol.SERVICE_INFO) {
                    assertThat(reply.getStringProperty(UimaAsProtocol.CAS_REFERENCE)).isEqualTo(referenceId);
                    return reply;
                }
            }
            throw new AssertionError("no reply to " + referenceId);
        }

        @Override
        public void close() throws Exception {
            connection.close();
        }
    }

}
