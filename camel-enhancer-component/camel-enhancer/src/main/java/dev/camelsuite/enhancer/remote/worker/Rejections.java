package dev.camelsuite.enhancer.remote.worker;

import dev.camelsuite.correlation.MessageIds;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.remote.wire.Replies;
import dev.camelsuite.enhancer.remote.wire.Requests;
import dev.camelsuite.enhancer.remote.wire.WireFormat;
import dev.camelsuite.enhancer.remote.wire.WireMessages;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.activemq.command.ActiveMQMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a worker cannot take: a message that is not a request of the protocol, a request for another chain, one that
 * carries no readable content item. Such a message goes to the queue's dead-letter queue with the reason, and its
 * sender, when it can be told, gets an error reply at once instead of waiting for its timeout.
 */
final class Rejections {

    private static final Logger LOG = LoggerFactory.getLogger(Rejections.class);

    private final String queue;
    private final String chain;
    private final WorkerStatistics statistics;

    Rejections(String queue, String chain, WorkerStatistics statistics) {
        this.queue = queue;
        this.chain = chain;
        this.statistics = statistics;
    }

    /** A request's item, read; or why the worker cannot take the message. */
    record Checked(ContentItem item, String why) {
    }

    Checked check(Message request) throws JMSException {
        String why = Requests.whyNotARequest(request);
        if (why == null) {
            String requested = Requests.chain(request);
            if (!chain.equals(requested)) {
                return new Checked(null, "the request is for chain '" + requested + "' and this worker runs chain '"
                                         + chain + "'");
            }
            try {
                ContentItem item = WireMessages.itemOf(request);
                return item == null ? new Checked(null, "the request carries no content item") : new Checked(item, null);
            } catch (RuntimeException e) {
                return new Checked(null, e.getMessage());
            }
        }
        return new Checked(null, why);
    }

    /** Moves a message the worker cannot take to the dead-letter queue and tells the sender if it can. */
    void reject(Session session, MessageProducer replies, Message message, String why) throws JMSException {
        statistics.rejected();
        String dlq = Requests.deadLetterQueue(queue);
        // handled as designed: one line, no stack trace (the reason travels with the message as well)
        LOG.warn("Rejected message {} on queue {}: {}; moved to {}", MessageIds.of(message), queue, why, dlq);
        Message dead = message;
        if (message instanceof ActiveMQMessage amq) {
            // a copy: sending sets the message's id and destination, and the acknowledgement of the request names
            // the id it came with (the client does not copy on send; see BrokerConnections)
            ActiveMQMessage copy = (ActiveMQMessage) amq.copy();
            copy.setReadOnlyProperties(false);
            Requests.rejectedBecause(copy, why);
            dead = copy;
        }
        replies.send(session.createQueue(dlq), dead, DeliveryMode.PERSISTENT, Message.DEFAULT_PRIORITY, 0);
        Destination replyTo = message.getJMSReplyTo();
        String referenceId = Requests.referenceId(message);
        if (replyTo != null && referenceId != null) {
            Message reply = Replies.error(session, referenceId, Requests.chain(message), null, WireFormat.JSON,
                    new IllegalArgumentException("Rejected by the worker on queue " + queue + ": " + why));
            replies.send(replyTo, reply, DeliveryMode.NON_PERSISTENT, Message.DEFAULT_PRIORITY, 0);
        }
    }
}
