package dev.camelsuite.uima.client;

import dev.camelsuite.uima.UimaAsProtocol;
import dev.camelsuite.uima.UimaDriverEndpoint;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import dev.camelsuite.correlation.ActiveMqConnections;
import dev.camelsuite.correlation.BrokerInterruptions;
import dev.camelsuite.correlation.Correlator;
import dev.camelsuite.correlation.Tracing;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import org.apache.activemq.ActiveMQConnection;

/**
 * The producer's link to its UIMA AS service: one connection, a session that sends to the service's queue and the
 * temporary queue the replies come back on. It writes every request the client sends (Process, GetMeta, Collection
 * Process Complete, the release of a child CAS) with the header a stock client writes. A lost connection is given up
 * and the producer told; the next exchange opens a new one.
 */
final class ServiceLink {

    private final UimaDriverEndpoint endpoint;
    private final Correlator<?, ?> requests;
    private final MessageListener replies;
    private final Consumer<String> onLost;
    /** Sessions are single-threaded: every send takes turns on this lock. */
    private final Object sendLock = new Object();
    private final Object connectLock = new Object();
    private volatile Connection connection;
    private Session sendSession;
    private MessageProducer sender;
    private TemporaryQueue replyQueue;

    /**
     * @param requests the producer's requests, failed when the broker connection is interrupted and resumed on a new
     *                 connection
     * @param replies  reads each reply, on the connection's session thread
     * @param onLost   told why, once, when the connection is lost
     */
    ServiceLink(UimaDriverEndpoint endpoint, Correlator<?, ?> requests, MessageListener replies,
                Consumer<String> onLost) {
        this.endpoint = endpoint;
        this.requests = requests;
        this.replies = replies;
        this.onLost = onLost;
    }

    void connect() throws JMSException {
        Connection c = ActiveMqConnections.open(endpoint.getConnectionURL(), endpoint.getUserName(),
                endpoint.getPassword(), amq -> {
                });
        try {
            c.setExceptionListener(e -> lost(c, e));
            if (c instanceof ActiveMQConnection amq) {
                amq.addTransportListener(new BrokerInterruptions(requests, "broker " + endpoint.getBrokerURL(),
                        () -> new IllegalStateException("The connection to broker " + endpoint.getBrokerURL()
                                                        + " was interrupted; the reply to this request may be lost")));
            }
            sendSession = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            sender = sendSession.createProducer(sendSession.createQueue(endpoint.getQueue()));
            sender.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
            Session replySession = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            replyQueue = replySession.createTemporaryQueue();
            replySession.createConsumer(replyQueue).setMessageListener(replies);
            c.start();
            connection = c;
            requests.resume(); // a new connection after one that was interrupted and then lost
        } catch (JMSException | RuntimeException e) {
            ActiveMqConnections.close(c);
            throw e;
        }
    }

    /**
     * Connects again after a lost connection (the type system is kept), unless the producer may not run.
     *
     * @return whether there is a connection to send on
     */
    boolean ensureConnected(BooleanSupplier runAllowed) throws JMSException {
        Connection current = connection;
        if (current instanceof ActiveMQConnection amq && (amq.isTransportFailed() || amq.isClosed())) {
            // the transport failed and its listener has not told us yet (a broker restarted a moment ago): the
            // connection is lost now, not after this exchange's send fails on it
            lost(current, new JMSException("the connection's transport failed"));
        }
        if (connection == null) {
            synchronized (connectLock) {
                if (connection == null && runAllowed.getAsBoolean()) {
                    connect();
                }
            }
        }
        return connection != null;
    }

    private void lost(Connection c, JMSException e) {
        synchronized (connectLock) {
            if (connection != c) {
                return;
            }
            connection = null;
        }
        onLost.accept(e.getMessage());
        ActiveMqConnections.close(c);
    }

    void disconnect() {
        Connection c;
        synchronized (connectLock) {
            c = connection;
            connection = null;
        }
        ActiveMqConnections.close(c);
    }

    /** A document's CAS as XMI; a request nobody waits for any more expires in the broker. */
    void sendProcess(String referenceId, String xmi, Span span, String targetServiceId, long timeToLive)
            throws JMSException {
        synchronized (sendLock) {
            Message m = sendSession.createTextMessage(xmi);
            header(m, UimaAsProtocol.PROCESS, UimaAsProtocol.XMI, referenceId);
            if (span != null) {
                Tracing.inject(Context.root().with(span), m);
            }
            if (targetServiceId != null) {
                m.setStringProperty(UimaAsProtocol.TARGET_SERVICE_ID, targetServiceId);
            }
            sender.send(m, DeliveryMode.NON_PERSISTENT, Message.DEFAULT_PRIORITY, timeToLive);
        }
    }

    void sendCollectionProcessComplete() throws JMSException {
        synchronized (sendLock) {
            Message m = sendSession.createTextMessage("");
            header(m, UimaAsProtocol.COLLECTION_PROCESS_COMPLETE, UimaAsProtocol.NONE, null);
            m.setBooleanProperty(UimaAsProtocol.REMOVE_ENDPOINT, true);
            sender.send(m);
        }
    }

    void sendGetMeta() throws JMSException {
        synchronized (sendLock) {
            Message m = sendSession.createTextMessage("");
            header(m, UimaAsProtocol.GET_META, UimaAsProtocol.NONE, null);
            sender.send(m);
        }
    }

    /** Gives a CAS multiplier its child CAS back, to the destination the child came with. */
    void releaseChild(Destination back, String childId) throws JMSException {
        synchronized (sendLock) {
            Message release = sendSession.createTextMessage("");
            header(release, UimaAsProtocol.RELEASE_CAS, UimaAsProtocol.NONE, childId);
            MessageProducer p = sendSession.createProducer(back);
            try {
                p.send(release, DeliveryMode.NON_PERSISTENT, Message.DEFAULT_PRIORITY, 0);
            } finally {
                p.close();
            }
        }
    }

    private void header(Message m, int command, int payload, String referenceId) throws JMSException {
        m.setIntProperty(UimaAsProtocol.MESSAGE_TYPE, UimaAsProtocol.REQUEST);
        m.setIntProperty(UimaAsProtocol.COMMAND, command);
        m.setIntProperty(UimaAsProtocol.PAYLOAD, payload);
        if (referenceId != null) {
            m.setStringProperty(UimaAsProtocol.CAS_REFERENCE, referenceId);
        }
        m.setStringProperty(UimaAsProtocol.MESSAGE_FROM, replyQueue.getQueueName());
        m.setStringProperty(UimaAsProtocol.SERVER_URI, endpoint.getBrokerURL());
        m.setJMSReplyTo(replyQueue);
    }
}
