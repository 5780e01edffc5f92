package dev.camelsuite.enhancer.remote.wire;

import dev.camelsuite.enhancer.content.ContentItem;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Session;
import org.apache.activemq.command.ActiveMQBytesMessage;
import org.apache.activemq.util.ByteSequence;
import org.apache.camel.support.ExceptionHelper;

/** Writes and checks the messages of the {@link WireProtocol}. */
public final class WireMessages {

    private WireMessages() {
    }

    /** A message of the given type carrying an item (or none, for error replies). */
    public static BytesMessage create(Session session, String type, String referenceId, String chain, ContentItem item,
                               WireFormat format)
            throws JMSException {
        return create(session, type, referenceId, chain, item, format, null);
    }

    /** A reply carrying an item without the content of its request (see {@link WireProtocol#REPLY_CONTENT}). */
    public static BytesMessage create(Session session, String type, String referenceId, String chain, ContentItem item,
                               WireFormat format, RequestContent request)
            throws JMSException {
        BytesMessage message = createWritten(session, type, referenceId, chain, null, format);
        if (item != null) {
            format.writeTo(message, item, request);
        }
        return message;
    }

    /** A message of the given type carrying an item already written in {@code format} (null for none). */
    public static BytesMessage createWritten(Session session, String type, String referenceId, String chain, byte[] payload,
                               WireFormat format)
            throws JMSException {
        BytesMessage message = session.createBytesMessage();
        message.setStringProperty(WireProtocol.MESSAGE_TYPE, type);
        message.setIntProperty(WireProtocol.VERSION_PROPERTY, WireFormat.PROTOCOL_VERSION);
        message.setStringProperty(WireProtocol.FORMAT, format.label());
        message.setStringProperty(WireProtocol.REFERENCE_ID, referenceId);
        if (chain != null) {
            message.setStringProperty(WireProtocol.CHAIN, chain);
        }
        if (payload != null) {
            message.writeBytes(payload);
        }
        return message;
    }

    /** Sets the worker-side error of a failed or error reply. */
    public static void setError(Message message, Throwable error) throws JMSException {
        message.setStringProperty(WireProtocol.ERROR_CLASS, error.getClass().getName());
        if (error.getMessage() != null) {
            message.setStringProperty(WireProtocol.ERROR_MESSAGE, error.getMessage());
        }
        message.setStringProperty(WireProtocol.ERROR_STACK_TRACE, ExceptionHelper.stackTraceToString(error));
    }

    /** The worker-side error a reply carries, or null. */
    public static WorkerException errorOf(Message message) throws JMSException {
        String type = message.getStringProperty(WireProtocol.ERROR_CLASS);
        if (type == null) {
            return null;
        }
        return new WorkerException(type, message.getStringProperty(WireProtocol.ERROR_MESSAGE),
                message.getStringProperty(WireProtocol.ERROR_STACK_TRACE));
    }

    /**
     * Checks that a message is of this protocol and of the expected type, answering why not, or null when it is.
     */
    public static String whyForeign(Message message, String expectedType) throws JMSException {
        if (!(message instanceof BytesMessage)) {
            return "not an enhancer message: a " + message.getClass().getSimpleName() + ", expected a BytesMessage";
        }
        String type = message.getStringProperty(WireProtocol.MESSAGE_TYPE);
        if (!expectedType.equals(type)) {
            return "not an enhancer " + expectedType + ": " + WireProtocol.MESSAGE_TYPE + " is " + type;
        }
        if (!message.propertyExists(WireProtocol.VERSION_PROPERTY)) {
            return "no " + WireProtocol.VERSION_PROPERTY + " property";
        }
        Object version = message.getObjectProperty(WireProtocol.VERSION_PROPERTY);
        if (!(version instanceof Integer v) || v != WireFormat.PROTOCOL_VERSION) {
            return "wire version " + version + " is not supported; this side speaks version "
                   + WireFormat.PROTOCOL_VERSION;
        }
        if (message.getStringProperty(WireProtocol.REFERENCE_ID) == null) {
            return "no " + WireProtocol.REFERENCE_ID + " property";
        }
        return null;
    }

    /** The item a checked message carries, or null when its body is empty. */
    public static ContentItem itemOf(Message message) throws JMSException {
        return itemOf(message, null);
    }

    /** The item a checked reply carries, the content it left out taken from its request; null when its body is empty. */
    public static ContentItem itemOf(Message message, RequestContent request) throws JMSException {
        if (message instanceof ActiveMQBytesMessage received && !received.isCompressed()
            && received.getContent() != null) {
            // ActiveMQ's client holds the body as it came off the wire: read it there instead of copying it out first
            ByteSequence body = received.getContent();
            return body.getLength() == 0 ? null
                    : formatOf(message).read(body.getData(), body.getOffset(), body.getLength(), request);
        }
        BytesMessage bytes = (BytesMessage) message;
        long length = bytes.getBodyLength();
        if (length == 0) {
            return null;
        }
        byte[] data = new byte[(int) length];
        bytes.readBytes(data);
        return formatOf(message).read(data, request);
    }

    private static WireFormat formatOf(Message message) throws JMSException {
        return WireFormat.of(message.getStringProperty(WireProtocol.FORMAT));
    }
}
