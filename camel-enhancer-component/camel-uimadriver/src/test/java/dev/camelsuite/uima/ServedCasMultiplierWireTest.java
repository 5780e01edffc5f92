package dev.camelsuite.uima;

import dev.camelsuite.uima.client.XmiCas;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.uima.service.ChildCases;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.broker.BrokerService;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.apache.uima.UIMAFramework;
import org.apache.uima.analysis_engine.AnalysisEngine;
import org.apache.uima.cas.CAS;
import org.apache.uima.util.XMLInputSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A route served as a CAS multiplier at the wire: this component's own producer as its client, and a hand-written
 * client that reads every message the service sends and releases children late or never.
 */
class ServedCasMultiplierWireTest extends CamelTestSupport {

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
                new XMLInputSource(new java.io.File(ServedRouteStockClientTest.ROOM_NUMBERS.substring(5)))));
    }

    @AfterAll
    static void stopBroker() throws Exception {
        roomNumbers.destroy();
        broker.stop();
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                // one child per line, each with its room numbers; two children may be out at once
                from("uimadriver:" + url + "?queue=Lines&casMultiplierPoolSize=2&childReleaseTimeout=500"
                     + "&descriptor=file:" + ServedCasMultiplierTest.SEGMENTED_ROOMS).routeId("lines")
                        .process(exchange -> {
                            ChildCases children = exchange.getProperty(UimaDriverConstants.CHILD_CASES,
                                    ChildCases.class);
                            for (String line : exchange.getIn().getBody(CAS.class).getDocumentText().split("\n")) {
                                CAS child = children.newCas();
                                child.setDocumentText(line);
                                roomNumbers.process(child);
                                children.send(child);
                            }
                        });
                from("direct:lines").to("uimadriver:" + url + "?queue=Lines&childAnnotations=true"
                                        + "&lazyStartProducer=true");
            }
        };
    }

    @Test
    void thisComponentsProducerCountsAndReadsTheChildren() {
        AnalysisResult result = template.requestBody("direct:lines", "Meet in 20-001.\nNo room.\nThen GN-K35.",
                AnalysisResult.class);
        assertThat(result.childCasCount()).isEqualTo(3);
        assertThat(result.childAnnotations()).hasSize(3);
        assertThat(result.childAnnotations().get(0)).extracting(CasAnnotation::coveredText).contains("20-001");
        assertThat(result.childAnnotations().get(2)).extracting(CasAnnotation::coveredText).contains("GN-K35");
    }

    @Test
    void childrenGoOutAsAStockMultipliersAndThoseNotReleasedAreTakenBack() throws Exception {
        try (RawClient client = new RawClient()) {
            Message meta = client.send(client.session.createTextMessage(""), UimaAsProtocol.GET_META, null).get(0);
            assertThat(meta.getJMSReplyTo()).as("the release queue, named in GetMeta").isNotNull();

            // not released: the third child waits for one, then the two out are taken back
            List<Message> messages = client.send(client.session.createTextMessage(XmiCas.document(
                    roomNumbers.newCAS(), "Room 20-001.\nsecond\nthird")), UimaAsProtocol.PROCESS, "parent-1");
            assertThat(messages).hasSize(5);
            assertThat(messages.get(0).getIntProperty(UimaAsProtocol.COMMAND)).isEqualTo(UimaAsProtocol.SERVICE_INFO);
            assertThat(messages.get(0).getJMSReplyTo()).isEqualTo(meta.getJMSReplyTo());
            for (int k = 1; k <= 3; k++) {
                Message child = messages.get(k);
                assertThat(child.getIntProperty(UimaAsProtocol.MESSAGE_TYPE)).isEqualTo(UimaAsProtocol.REQUEST);
                assertThat(child.getIntProperty(UimaAsProtocol.COMMAND)).isEqualTo(UimaAsProtocol.PROCESS);
                assertThat(child.getIntProperty(UimaAsProtocol.PAYLOAD)).isEqualTo(UimaAsProtocol.XMI);
                assertThat(child.getStringProperty(UimaAsProtocol.INPUT_CAS_REFERENCE)).isEqualTo("parent-1");
                assertThat(child.getLongProperty(UimaAsProtocol.CAS_SEQUENCE)).isEqualTo(k);
                assertThat(child.getBooleanProperty(UimaAsProtocol.SENT_DELTA_CAS)).isFalse();
                assertThat(child.getJMSReplyTo()).isEqualTo(meta.getJMSReplyTo());
            }
            assertThat(messages.get(3).getJMSTimestamp() - messages.get(2).getJMSTimestamp())
                    .as("the third child waited for childReleaseTimeout").isGreaterThanOrEqualTo(450);
            Message parent = messages.get(4);
            assertThat(parent.getIntProperty(UimaAsProtocol.MESSAGE_TYPE)).isEqualTo(UimaAsProtocol.RESPONSE);
            assertThat(parent.getStringProperty(UimaAsProtocol.CAS_REFERENCE)).isEqualTo("parent-1");
            assertThat(parent.propertyExists(UimaAsProtocol.INPUT_CAS_REFERENCE)).isFalse();

            // released late (ignored: taken back already), and a release that is not one
            client.release(messages.get(1));
            client.release(messages.get(2));
            MessageProducer toReleases = client.session.createProducer(meta.getJMSReplyTo());
            toReleases.send(client.session.createTextMessage("not a release"));

            // released as they come, as a stock client does: no wait
            long start = System.nanoTime();
            List<Message> released = client.send(client.session.createTextMessage(XmiCas.document(
                    roomNumbers.newCAS(), "a\nb\nc\nd")), UimaAsProtocol.PROCESS, "parent-2");
            assertThat(released).hasSize(6);
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(450);
        }
        UimaDriverConsumer consumer = (UimaDriverConsumer) context.getRoute("lines").getConsumer();
        assertThat(consumer.getRejectedCount()).isEqualTo(1);
    }

    /** A hand-written client that releases the children of requests it marks so, as soon as each comes. */
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
            producer = session.createProducer(session.createQueue("Lines"));
            replies = session.createTemporaryQueue();
            replyConsumer = session.createConsumer(replies);
        }

        /**
         * Sends a request and returns every message until its reply; children are released at once for reference
         * ids that end in "-2".
         */
        List<Message> send(Message m, int command, String referenceId) throws Exception {
            m.setIntProperty(UimaAsProtocol.MESSAGE_TYPE, UimaAsProtocol.REQUEST);
            m.setIntProperty(UimaAsProtocol.COMMAND, command);
            m.setIntProperty(UimaAsProtocol.PAYLOAD, command == UimaAsProtocol.PROCESS ? UimaAsProtocol.XMI
                    : UimaAsProtocol.NONE);
            if (referenceId != null) {
                m.setStringProperty(UimaAsProtocol.CAS_REFERENCE, referenceId);
            }
            m.setJMSReplyTo(replies);
            producer.send(m);
            List<Message> messages = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (System.nanoTime() < deadline) {
                Message reply = replyConsumer.receive(1000);
                if (reply == null) {
                    continue;
                }
                messages.add(reply);
                if (reply.getIntProperty(UimaAsProtocol.MESSAGE_TYPE) == UimaAsProtocol.REQUEST
                    && referenceId != null && referenceId.endsWith("-2")) {
                    release(reply);
                }
                if (reply.getIntProperty(UimaAsProtocol.MESSAGE_TYPE) == UimaAsProtocol.RESPONSE
                    && reply.getIntProperty(UimaAsProtocol.COMMAND) == command) {
                    return messages;
                }
            }
            throw new AssertionError("no reply to " + referenceId + "; got " + messages.size() + " messages");
        }

        /** ReleaseCAS as the stock client writes it. */
        void release(Message child) throws Exception {
            Message release = session.createTextMessage("");
            release.setIntProperty(UimaAsProtocol.MESSAGE_TYPE, UimaAsProtocol.REQUEST);
            release.setIntProperty(UimaAsProtocol.COMMAND, UimaAsProtocol.RELEASE_CAS);
            release.setIntProperty(UimaAsProtocol.PAYLOAD, UimaAsProtocol.NONE);
            release.setStringProperty(UimaAsProtocol.CAS_REFERENCE,
                    child.getStringProperty(UimaAsProtocol.CAS_REFERENCE));
            release.setJMSReplyTo(replies);
            session.createProducer(child.getJMSReplyTo()).send(release);
        }

        @Override
        public void close() throws Exception {
            connection.close();
        }
    }
}
