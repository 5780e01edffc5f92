package dev.camelsuite.enhancer.remote.wire;

import jakarta.jms.BytesMessage;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Session;

/**
 * What a worker reads of a request, read here so that the worker never names a protocol property: its reference id,
 * its chain, its format, whether its requester holds the content it sent; and, for a request moved to the dead-letter
 * queue, why.
 */
public final class Requests {

    private Requests() {
    }

    /**
     * A request of an item already written in {@code format}, answered to {@code replyTo}; its reply carries only
     * what the chain added (the requester holds the content it sent); for one worker instance alone when
     * {@code targetInstance} is not null.
     */
    public static BytesMessage request(Session session, String referenceId, String chain, byte[] payload,
                                       WireFormat format, Destination replyTo, String targetInstance)
            throws JMSException {
        BytesMessage message = WireMessages.createWritten(session, WireProtocol.REQUEST, referenceId, chain, payload,
                format);
        message.setJMSReplyTo(replyTo);
        message.setStringProperty(WireProtocol.REPLY_CONTENT, WireProtocol.ADDED);
        if (targetInstance != null) {
            message.setStringProperty(WireProtocol.TARGET_INSTANCE, targetInstance);
        }
        return message;
    }

    /** The selector of a worker instance's consumer: requests for any instance, or for this one. */
    public static String selectorFor(String instanceId) {
        return WireProtocol.TARGET_INSTANCE + " IS NULL OR " + WireProtocol.TARGET_INSTANCE + " = '"
               + instanceId.replace("'", "''") + "'";
    }

    /** Why a message is not a request of this protocol, or null when it is one. */
    public static String whyNotARequest(Message message) throws JMSException {
        return WireMessages.whyForeign(message, WireProtocol.REQUEST);
    }

    public static String referenceId(Message request) throws JMSException {
        return request.getStringProperty(WireProtocol.REFERENCE_ID);
    }

    public static String chain(Message request) throws JMSException {
        return request.getStringProperty(WireProtocol.CHAIN);
    }

    public static WireFormat format(Message request) throws JMSException {
        return WireFormat.of(request.getStringProperty(WireProtocol.FORMAT));
    }

    /** Whether the requester holds the content it sent, so the reply carries only what the chain added. */
    public static boolean wantsAddedOnly(Message request) throws JMSException {
        return WireProtocol.ADDED.equals(request.getStringProperty(WireProtocol.REPLY_CONTENT));
    }

    /** Writes why a request the worker could not take went to the dead-letter queue. */
    public static void rejectedBecause(Message request, String why) throws JMSException {
        request.setStringProperty(WireProtocol.REJECT_REASON, why);
    }

    /** The dead-letter queue of a worker's queue. */
    public static String deadLetterQueue(String queue) {
        return queue + WireProtocol.DEAD_LETTER_SUFFIX;
    }
}
