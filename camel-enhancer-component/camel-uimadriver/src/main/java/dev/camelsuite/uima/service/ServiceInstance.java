package dev.camelsuite.uima.service;

import dev.camelsuite.correlation.Tracing;
import dev.camelsuite.uima.UimaAsProtocol;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import jakarta.jms.BytesMessage;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One instance of a route served as a UIMA AS service: a JMS session on the service's input queue (its thread a
 * {@link ReceiveLoop}), a CAS, and the protocol of one request at a time. A Process request is answered with
 * ServiceInfo (the client's "processing started"), then the route runs on this thread with the CAS as the body (a CAS
 * multiplier's route sends its child CASes meanwhile), then the reply: the CAS (a delta when the client accepts one)
 * in the request's serialization, or the route's error. GetMeta and Collection Process Complete are answered apart
 * ({@link ServiceAdmin}). A request that is not the protocol's is logged and dropped, as a stock service drops it;
 * nothing read from the wire is ever turned into an object.
 */
final class ServiceInstance {

    private static final Logger LOG = LoggerFactory.getLogger(ServiceInstance.class);

    private final UimaService service;
    private final Session session;
    private final MessageProducer replies;
    private final ServedCas served;
    /** The child CASes of a CAS multiplier's route; null when the service is none. */
    private final ChildCases children;
    private long lastReply = System.nanoTime();

    ServiceInstance(UimaService service, Session session, ServedCas served, ChildCases children)
            throws JMSException {
        this.service = service;
        this.session = session;
        this.served = served;
        this.children = children;
        this.replies = session.createProducer(null);
        this.replies.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
    }

    void onMessage(Message m) {
        String referenceId = null;
        try {
            Destination replyTo = m.getJMSReplyTo();
            referenceId = m.getStringProperty(UimaAsProtocol.CAS_REFERENCE);
            if (!m.propertyExists(UimaAsProtocol.MESSAGE_TYPE) || !m.propertyExists(UimaAsProtocol.COMMAND)
                || m.getIntProperty(UimaAsProtocol.MESSAGE_TYPE) != UimaAsProtocol.REQUEST || replyTo == null) {
                service.rejected(m, "not a UIMA AS request (MessageType " + UimaAsProtocol.REQUEST
                                    + ", Command and JMSReplyTo are needed)");
                return;
            }
            int command = m.getIntProperty(UimaAsProtocol.COMMAND);
            if (command == UimaAsProtocol.PROCESS) {
                process(m, referenceId, replyTo);
            } else {
                service.rejected(m, UimaAsProtocol.commandName(command) + " is not served");
            }
        } catch (Exception e) {
            // a reply that cannot be sent (the client's queue is gone, the broker went away): the client's own
            // timeout covers it, and this instance goes on with the next request
            LOG.warn("Could not answer a request on queue {} (CAS {}): {}", queue(), referenceId, e.getMessage());
        }
    }

    private void process(Message m, String referenceId, Destination replyTo) throws JMSException {
        if (referenceId == null || referenceId.isEmpty()) {
            service.rejected(m, "a Process request without CasReference");
            return;
        }
        long sequence = service.sequence().taken();
        try {
            send(replyTo, info(referenceId), UimaAsProtocol.SERVICE_INFO);
            long idle = System.nanoTime() - lastReply;
            long start = System.nanoTime();
            String malformed = read(m);
            if (malformed != null) {
                sendError(replyTo, referenceId, malformed);
                service.refused(m, malformed);
                return;
            }
            long deserialized = System.nanoTime();
            Exception failure = routeTraced(m, referenceId, replyTo);
            long processed = System.nanoTime();
            if (failure != null) {
                sendError(replyTo, referenceId, UimaService.describe(failure));
                return;
            }
            Message reply = reply();
            long serialized = System.nanoTime();
            reply.setStringProperty(UimaAsProtocol.CAS_REFERENCE, referenceId);
            reply.setBooleanProperty(UimaAsProtocol.SENT_DELTA_CAS, served.sendsDelta());
            reply.setLongProperty(UimaAsProtocol.TIME_TO_DESERIALIZE, deserialized - start);
            reply.setLongProperty(UimaAsProtocol.TIME_IN_PROCESS, processed - deserialized);
            reply.setLongProperty(UimaAsProtocol.TIME_TO_SERIALIZE, serialized - processed);
            reply.setLongProperty(UimaAsProtocol.IDLE_TIME, idle);
            send(replyTo, reply, UimaAsProtocol.PROCESS);
        } finally {
            served.clear();
            lastReply = System.nanoTime();
            service.sequence().finished(sequence);
        }
    }

    /** Runs the route on the CAS, in a span of its own (a child of the client's, when it sent one) if tracing is on. */
    private Exception routeTraced(Message m, String referenceId, Destination replyTo) {
        Tracing spans = service.spans();
        if (!spans.isOn()) {
            return route(referenceId, replyTo);
        }
        Span span = spans.start("uimadriver serve " + queue(), SpanKind.CONSUMER, Tracing.extract(m));
        span.setAttribute("messaging.destination.name", queue());
        span.setAttribute("uima.cas_reference_id", referenceId);
        try (Scope scope = span.makeCurrent()) {
            Exception failure = route(referenceId, replyTo);
            if (failure != null) {
                span.setStatus(StatusCode.ERROR, String.valueOf(failure.getMessage()));
            }
            return failure;
        } finally {
            span.end();
        }
    }

    private Exception route(String referenceId, Destination replyTo) {
        if (children == null) {
            return service.route().process(served.cas(), referenceId, null);
        }
        children.begin(referenceId, replyTo, served.isBinary());
        try {
            return service.route().process(served.cas(), referenceId, children);
        } finally {
            children.end();
        }
    }

    /** Reads the request's CAS; a text saying what is wrong with it when it cannot be read. */
    private String read(Message m) throws JMSException {
        boolean delta = m.propertyExists(UimaAsProtocol.ACCEPTS_DELTA_CAS)
                        && m.getBooleanProperty(UimaAsProtocol.ACCEPTS_DELTA_CAS);
        int payload = m.propertyExists(UimaAsProtocol.PAYLOAD) ? m.getIntProperty(UimaAsProtocol.PAYLOAD) : -1;
        int max = service.settings().maxCasSize();
        try {
            if (payload == UimaAsProtocol.XMI && m instanceof TextMessage text) {
                String xmi = text.getText();
                if (xmi == null || xmi.length() > max) {
                    return xmi == null ? "The request holds no CAS"
                            : "The CAS has " + xmi.length() + " characters of XMI; this service reads at most " + max
                              + " (option maxCasSize)";
                }
                served.readXmi(xmi, delta);
                return null;
            }
            if (payload == UimaAsProtocol.BINARY && m instanceof BytesMessage bytes) {
                long length = bytes.getBodyLength();
                if (length > max) {
                    return "The CAS has " + length + " bytes; this service reads at most " + max
                           + " (option maxCasSize)";
                }
                byte[] body = new byte[(int) length];
                bytes.readBytes(body);
                served.readBinary(body, delta);
                return null;
            }
            return "The request's payload " + payload + " in a " + kind(m) + " is neither XMI ("
                   + UimaAsProtocol.XMI + ", text) nor a binary CAS (" + UimaAsProtocol.BINARY + ", bytes)";
        } catch (Exception | OutOfMemoryError e) {
            // a failed allocation here is the size a forged binary CAS claims, not memory in use: nothing was kept
            return "The request's CAS cannot be read with this service's type system: " + e.getMessage();
        }
    }

    private Message reply() throws JMSException {
        try {
            if (served.isBinary()) {
                BytesMessage reply = session.createBytesMessage();
                reply.writeBytes(served.writeBinary());
                reply.setIntProperty(UimaAsProtocol.PAYLOAD, UimaAsProtocol.BINARY);
                return reply;
            }
            TextMessage reply = session.createTextMessage(served.writeXmi());
            reply.setIntProperty(UimaAsProtocol.PAYLOAD, UimaAsProtocol.XMI);
            return reply;
        } catch (JMSException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("The CAS could not be written: " + e.getMessage(), e);
        }
    }

    private Message info(String referenceId) throws JMSException {
        Message info = session.createTextMessage("");
        info.setIntProperty(UimaAsProtocol.PAYLOAD, UimaAsProtocol.NONE);
        info.setStringProperty(UimaAsProtocol.CAS_REFERENCE, referenceId);
        if (children != null) {
            info.setJMSReplyTo(children.releases()); // as a stock CAS multiplier tells its client (for Stop)
        }
        return info;
    }

    /** The error as the stock client reads it from a text: a UimaEEServiceException with this message. */
    private void sendError(Destination replyTo, String referenceId, String message) throws JMSException {
        Message error = session.createTextMessage(message);
        error.setIntProperty(UimaAsProtocol.PAYLOAD, UimaAsProtocol.EXCEPTION);
        error.setStringProperty(UimaAsProtocol.CAS_REFERENCE, referenceId);
        send(replyTo, error, UimaAsProtocol.PROCESS);
    }

    private void send(Destination replyTo, Message reply, int command) throws JMSException {
        service.headers().reply(replies, replyTo, reply, command);
    }

    private String queue() {
        return service.headers().queue();
    }

    private static String kind(Message m) {
        return m instanceof TextMessage ? "text message" : m instanceof BytesMessage ? "bytes message" : "message";
    }
}
