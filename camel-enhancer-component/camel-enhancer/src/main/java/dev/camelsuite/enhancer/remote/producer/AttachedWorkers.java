package dev.camelsuite.enhancer.remote.producer;

import java.util.concurrent.atomic.AtomicInteger;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import org.apache.activemq.advisory.AdvisorySupport;
import org.apache.activemq.command.ActiveMQQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How many consumers the broker has on a request queue right now: the worker instances attached to it, as the broker
 * itself counts them. Read from ActiveMQ's consumer advisories, which announce the existing consumers to a new
 * subscriber and every change after, so the figure is live without asking the workers anything.
 */
final class AttachedWorkers {

    private static final Logger LOG = LoggerFactory.getLogger(AttachedWorkers.class);

    /** -1 until the broker has said anything (it says nothing when the queue has never had a consumer). */
    private final AtomicInteger count = new AtomicInteger(-1);
    private Session session;
    private MessageConsumer consumer;

    void start(Connection connection, String queue) throws JMSException {
        session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        consumer = session.createConsumer(AdvisorySupport.getConsumerAdvisoryTopic(new ActiveMQQueue(queue)));
        consumer.setMessageListener(this::onAdvisory);
    }

    private void onAdvisory(Message message) {
        try {
            if (message.propertyExists(AdvisorySupport.MSG_PROPERTY_CONSUMER_COUNT)) {
                count.set(message.getIntProperty(AdvisorySupport.MSG_PROPERTY_CONSUMER_COUNT));
            }
        } catch (JMSException e) {
            LOG.debug("Unreadable consumer advisory: {}", e.getMessage());
        }
    }

    /** Consumers on the queue, or -1 when the broker announced none (advisories off, or no consumer ever). */
    int get() {
        return count.get();
    }

    void stop() {
        try {
            if (session != null) {
                session.close();
            }
        } catch (JMSException e) {
            LOG.debug("Closing the advisory session: {}", e.getMessage());
        }
        session = null;
        consumer = null;
    }
}
