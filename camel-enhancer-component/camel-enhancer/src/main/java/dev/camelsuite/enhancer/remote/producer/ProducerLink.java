package dev.camelsuite.enhancer.remote.producer;

import dev.camelsuite.correlation.ActiveMqConnections;
import dev.camelsuite.correlation.Tracing;
import dev.camelsuite.enhancer.EnhancerConfiguration;
import dev.camelsuite.enhancer.remote.BrokerConnections;
import dev.camelsuite.enhancer.remote.wire.Controls;
import dev.camelsuite.enhancer.remote.wire.Requests;
import dev.camelsuite.enhancer.remote.wire.WireFormat;
import io.opentelemetry.context.Context;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;

/**
 * A producer's part of the broker: its connection, the session that sends requests and control messages (one at a
 * time: JMS sessions are not for several threads), and the temporary queue its replies come back on, whose listener
 * the connection's own thread calls.
 */
final class ProducerLink {

    private final EnhancerConfiguration configuration;
    private final String chain;
    private final WireFormat format;
    private final Object sendLock = new Object();
    private volatile Connection connection;
    private Session sendSession;
    private MessageProducer sender;
    private MessageProducer controlSender;
    private TemporaryQueue replyQueue;

    ProducerLink(EnhancerConfiguration configuration, String chain, WireFormat format) {
        this.configuration = configuration;
        this.chain = chain;
        this.format = format;
    }

    /** Opens the connection, the sessions of requests and replies and the control topic's sender; not started yet. */
    Connection open(String clientPurpose, MessageListener replies) throws JMSException {
        Connection c = BrokerConnections.forProducer(configuration, clientPurpose);
        connection = c;
        sendSession = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        sender = sendSession.createProducer(sendSession.createQueue(configuration.getQueue()));
        sender.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
        // replies are acknowledged lazily, in batches (see BrokerConnections.forProducer)
        Session replySession = c.createSession(false, Session.DUPS_OK_ACKNOWLEDGE);
        replyQueue = replySession.createTemporaryQueue();
        replySession.createConsumer(replyQueue).setMessageListener(replies);
        controlSender = sendSession.createProducer(
                sendSession.createTopic(Controls.topicOf(configuration.getQueue())));
        controlSender.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
        return c;
    }

    /** Puts a request on the queue; one nobody waits for any more expires in the broker instead of reaching a worker. */
    void send(RemoteRequest request) throws JMSException {
        synchronized (sendLock) {
            Message message = Requests.request(sendSession, request.getKey(), chain, request.payload, format,
                    replyQueue, request.target);
            if (request.span != null) {
                Tracing.inject(Context.root().with(request.span), message);
            }
            sender.send(message, DeliveryMode.NON_PERSISTENT, Message.DEFAULT_PRIORITY, request.getTimeout());
        }
    }

    /** Sends a control message of the type to every worker instance of the queue (its topic). */
    void sendControl(String type) throws JMSException {
        synchronized (sendLock) {
            controlSender.send(Controls.command(sendSession, type, chain, replyQueue));
        }
    }

    Connection connection() {
        return connection;
    }

    /** Whether the connection reaches the broker now. */
    boolean isConnected() {
        Connection c = connection;
        return c != null && BrokerConnections.isConnected(c);
    }

    /** Gives up a connection that may still be waiting for its broker. */
    void abandon() {
        Connection c = connection;
        connection = null;
        BrokerConnections.abandon(c);
    }

    void close() {
        Connection c = connection;
        connection = null;
        ActiveMqConnections.close(c);
    }
}
