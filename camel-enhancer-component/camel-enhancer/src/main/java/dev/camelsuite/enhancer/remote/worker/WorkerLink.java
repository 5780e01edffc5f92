package dev.camelsuite.enhancer.remote.worker;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.camelsuite.correlation.ActiveMqConnections;
import dev.camelsuite.enhancer.EnhancerConfiguration;
import dev.camelsuite.enhancer.remote.BrokerConnections;
import dev.camelsuite.enhancer.remote.wire.Controls;
import dev.camelsuite.enhancer.remote.wire.Requests;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.activemq.ActiveMQConnection;
import org.apache.activemq.ActiveMQMessageConsumer;
import org.apache.activemq.command.ActiveMQQueue;
import org.apache.activemq.command.ConsumerControl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker's part of the broker: its connection; per instance ({@code concurrentConsumers}) a session in
 * client-acknowledge mode with the consumer of the request queue, whose prefetch window it tells the broker as the
 * instance's documents move it ({@link PrefetchWindow}), and the sender of its replies; and the session of the queue's
 * control topic. The JMS client calls each consumer's listener on its session's thread, one message at a time.
 */
final class WorkerLink {

    private static final Logger LOG = LoggerFactory.getLogger(WorkerLink.class);

    private final EnhancerConfiguration configuration;
    private final List<MessageConsumer> consumers = new CopyOnWriteArrayList<>();
    private final List<Session> sessions = new CopyOnWriteArrayList<>();
    private volatile Connection connection;

    WorkerLink(EnhancerConfiguration configuration) {
        this.configuration = configuration;
    }

    /**
     * Opens the connection, a session and consumer per instance taking the requests for {@code instanceId} to
     * {@code requests}, and the control topic's to {@code control}; then starts the connection.
     */
    void open(String clientPurpose, String instanceId, RequestHandler requests, ControlHandler control)
            throws JMSException {
        connection = BrokerConnections.forWorker(configuration, clientPurpose);
        String source = configuration.getQueue() + "?consumer.prefetchSize=" + configuration.getPrefetch();
        String selector = Requests.selectorFor(instanceId);
        for (int i = 0; i < configuration.getConcurrentConsumers(); i++) {
            // one session per instance: the JMS client delivers its requests one at a time, on the session's thread
            Session session = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            sessions.add(session);
            MessageProducer replies = session.createProducer(null);
            replies.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
            MessageConsumer consumer = session.createConsumer(session.createQueue(source), selector);
            PrefetchWindow window = new PrefetchWindow(configuration.getPrefetch(), configuration.getMaxPrefetch());
            consumer.setMessageListener(request -> {
                long started = System.nanoTime();
                requests.onRequest(session, replies, request);
                tellWindow(consumer, window.documentDone(System.nanoTime() - started));
            });
            consumers.add(consumer);
        }
        Session controlSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        sessions.add(controlSession);
        MessageProducer controlReplies = controlSession.createProducer(null);
        controlReplies.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
        MessageConsumer controlConsumer = controlSession.createConsumer(
                controlSession.createTopic(Controls.topicOf(configuration.getQueue())));
        controlConsumer.setMessageListener(command -> control.onControl(controlSession, controlReplies, command));
        consumers.add(controlConsumer);
        connection.start();
    }

    /**
     * Tells the broker an instance's new prefetch window (ActiveMQ's consumer control, the command its own tools use);
     * a broker that is not ActiveMQ keeps the window the consumer was created with.
     */
    private void tellWindow(MessageConsumer consumer, int window) {
        if (window < 0 || !(connection instanceof ActiveMQConnection amq)
            || !(consumer instanceof ActiveMQMessageConsumer instance)) {
            return;
        }
        ConsumerControl control = new ConsumerControl();
        control.setConsumerId(instance.getConsumerId());
        control.setDestination(new ActiveMQQueue(configuration.getQueue()));
        control.setPrefetch(window);
        try {
            amq.asyncSendPacket(control);
        } catch (JMSException e) {
            // the connection is failing; the window is told again after the next documents
            LOG.debug("Could not tell the broker the prefetch window of a worker on {}: {}", configuration.getQueue(),
                    e.getMessage());
        }
    }

    /** Whether the connection reaches the broker now. */
    boolean isConnected() {
        Connection c = connection;
        return c != null && BrokerConnections.isConnected(c);
    }

    /** Gives up a connection that is not attached (yet): its consumers and sessions go with it. */
    void abandon() {
        Connection c = connection;
        connection = null;
        BrokerConnections.abandon(c);
        consumers.clear();
        sessions.clear();
    }

    /** Closes the consumers, the sessions and the connection. */
    void close() {
        for (MessageConsumer consumer : consumers) {
            try {
                // returns when the instance has finished the document it holds
                consumer.close();
            } catch (JMSException e) {
                LOG.debug("Closing a worker instance failed", e);
            }
        }
        consumers.clear();
        for (Session session : sessions) {
            try {
                session.close();
            } catch (JMSException e) {
                LOG.debug("Closing a worker session failed", e);
            }
        }
        sessions.clear();
        ActiveMqConnections.close(connection);
        connection = null;
    }
}
