package dev.camelsuite.enhancer.remote.wire;

import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;

/**
 * The control messages of a worker queue, built and read here so that producers and workers never name a protocol
 * property: the producer's commands to every instance on the queue's control topic ({@link WireProtocol#METADATA},
 * {@link WireProtocol#COLLECTION_PROCESS_COMPLETE}) and each instance's reply — its metadata as JSON, or collection
 * process complete's outcome.
 */
public final class Controls {

    private Controls() {
    }

    /** The topic every instance of a worker queue hears its control messages on. */
    public static String topicOf(String queue) {
        return queue + WireProtocol.CONTROL_SUFFIX;
    }

    /** A command of the type for the chain, answered to {@code replyTo}. */
    public static TextMessage command(Session session, String type, String chain, Destination replyTo)
            throws JMSException {
        TextMessage command = session.createTextMessage("");
        command.setStringProperty(WireProtocol.MESSAGE_TYPE, type);
        command.setIntProperty(WireProtocol.VERSION_PROPERTY, WireFormat.PROTOCOL_VERSION);
        command.setStringProperty(WireProtocol.CHAIN, chain);
        command.setJMSReplyTo(replyTo);
        return command;
    }

    /** The type of a control message or of a reply: a command's, or {@code metadata-reply} and the like. */
    public static String typeOf(Message message) throws JMSException {
        return message.getStringProperty(WireProtocol.MESSAGE_TYPE);
    }

    public static boolean isMetadata(String type) {
        return WireProtocol.METADATA.equals(type);
    }

    public static boolean isCollectionProcessComplete(String type) {
        return WireProtocol.COLLECTION_PROCESS_COMPLETE.equals(type);
    }

    public static boolean isMetadataReply(String type) {
        return WireProtocol.METADATA_REPLY.equals(type);
    }

    public static boolean isCollectionProcessCompleteReply(String type) {
        return WireProtocol.COLLECTION_PROCESS_COMPLETE_REPLY.equals(type);
    }

    /** An instance's answer to a metadata command: its metadata as JSON. */
    public static TextMessage metadataReply(Session session, Message command, String instanceId, String json)
            throws JMSException {
        TextMessage reply = reply(session, command, instanceId, WireProtocol.METADATA_REPLY);
        reply.setText(json);
        return reply;
    }

    /** An instance's answer to collection process complete: completed, or the first engine failure. */
    public static TextMessage collectionProcessCompleteReply(Session session, Message command, String instanceId,
                                                             Exception failure)
            throws JMSException {
        TextMessage reply = reply(session, command, instanceId, WireProtocol.COLLECTION_PROCESS_COMPLETE_REPLY);
        reply.setStringProperty(WireProtocol.STATUS, failure == null ? WireProtocol.COMPLETED : WireProtocol.ERROR);
        if (failure != null) {
            WireMessages.setError(reply, failure);
        }
        return reply;
    }

    /** The instance that answered a control message. */
    public static String instanceOf(Message reply) throws JMSException {
        return reply.getStringProperty(WireProtocol.INSTANCE_ID);
    }

    /** Whether an instance's answer reports a failure. */
    public static boolean isError(Message reply) throws JMSException {
        return WireProtocol.ERROR.equals(reply.getStringProperty(WireProtocol.STATUS));
    }

    private static TextMessage reply(Session session, Message command, String instanceId, String type)
            throws JMSException {
        TextMessage reply = session.createTextMessage();
        reply.setStringProperty(WireProtocol.INSTANCE_ID, instanceId);
        reply.setIntProperty(WireProtocol.VERSION_PROPERTY, WireFormat.PROTOCOL_VERSION);
        reply.setJMSCorrelationID(command.getJMSCorrelationID());
        reply.setStringProperty(WireProtocol.MESSAGE_TYPE, type);
        return reply;
    }
}
