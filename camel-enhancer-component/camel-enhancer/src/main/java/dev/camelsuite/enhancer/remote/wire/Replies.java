package dev.camelsuite.enhancer.remote.wire;

import dev.camelsuite.enhancer.content.ContentItem;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Session;

/**
 * The replies a worker sends, built here so that the worker never names a protocol property: {@code completed} or
 * {@code failed} with the item (without the content its requester holds, when it asked for that), {@code error} with
 * the worker's error and the item when there is one; each signed with the worker instance that made it.
 */
public final class Replies {

    private Replies() {
    }

    /** The chain and the worker route completed: the item. */
    public static BytesMessage completed(Session session, String referenceId, String chain, ContentItem item,
                                         WireFormat format, RequestContent held)
            throws JMSException {
        return withStatus(session, referenceId, chain, item, format, held, WireProtocol.COMPLETED);
    }

    /** The chain failed: the item with its execution metadata, the engine that failed (or null) and why. */
    public static BytesMessage failed(Session session, String referenceId, String chain, ContentItem item,
                                      WireFormat format, RequestContent held, String failedEngine, Throwable error)
            throws JMSException {
        BytesMessage reply = withStatus(session, referenceId, chain, item, format, held, WireProtocol.FAILED);
        if (failedEngine != null) {
            reply.setStringProperty(WireProtocol.FAILED_ENGINE, failedEngine);
        }
        WireMessages.setError(reply, error);
        return reply;
    }

    /** The worker route's result is an item whose chain failed: the item, whose execution metadata say why. */
    public static BytesMessage chainFailed(Session session, String referenceId, String chain, ContentItem item,
                                           WireFormat format, RequestContent held)
            throws JMSException {
        return withStatus(session, referenceId, chain, item, format, held, WireProtocol.FAILED);
    }

    /** The worker could not answer with a result: its error, and the whole item when there is one (else null). */
    public static BytesMessage error(Session session, String referenceId, String chain, ContentItem item,
                                     WireFormat format, Throwable error)
            throws JMSException {
        BytesMessage reply = withStatus(session, referenceId, chain, item, format, null, WireProtocol.ERROR);
        WireMessages.setError(reply, error);
        return reply;
    }

    /** Whether a reply says the document completed. */
    public static boolean isCompleted(Message reply) throws JMSException {
        return WireProtocol.COMPLETED.equals(statusOf(reply));
    }

    /** Whether a reply says the chain failed (its item's execution metadata say how). */
    public static boolean isChainFailed(Message reply) throws JMSException {
        return WireProtocol.FAILED.equals(statusOf(reply));
    }

    /** Its status: {@code completed}, {@code failed} or {@code error}. */
    public static String statusOf(Message reply) throws JMSException {
        return reply.getStringProperty(WireProtocol.STATUS);
    }

    /** Why a message on a reply queue is not a reply of this protocol, or null when it is one. */
    public static String whyNotAReply(Message message) throws JMSException {
        return WireMessages.whyForeign(message, WireProtocol.REPLY);
    }

    public static String referenceIdOf(Message reply) throws JMSException {
        return reply.getStringProperty(WireProtocol.REFERENCE_ID);
    }

    /** The worker instance that made the reply. */
    public static String instanceOf(Message reply) throws JMSException {
        return reply.getStringProperty(WireProtocol.INSTANCE_ID);
    }

    /** The engine whose failure failed the chain, or null. */
    public static String failedEngineOf(Message reply) throws JMSException {
        return reply.getStringProperty(WireProtocol.FAILED_ENGINE);
    }

    /** Signs a reply with the worker instance that made it. */
    public static void signedBy(Message reply, String instanceId) throws JMSException {
        reply.setStringProperty(WireProtocol.INSTANCE_ID, instanceId);
    }

    /** A reply of the status carrying the item (none when null), without the content its requester holds. */
    private static BytesMessage withStatus(Session session, String referenceId, String chain, ContentItem item,
                                           WireFormat format, RequestContent held, String status)
            throws JMSException {
        BytesMessage reply = WireMessages.create(session, WireProtocol.REPLY, referenceId, chain, item, format, held);
        reply.setStringProperty(WireProtocol.STATUS, status);
        return reply;
    }
}
