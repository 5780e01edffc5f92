package dev.camelsuite.uima;

import dev.camelsuite.correlation.Tracing;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import jakarta.jms.BytesMessage;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One instance of a route served as a UIMA AS service: a JMS session on the service's input queue, a thread that
 * receives from it (as a stock service's listener container does, so that a prefetch of 0 works), a CAS, and the
 * protocol of one request at a time. A Process request is answered with
 * ServiceInfo (the client's "processing started"), then the route runs on this thread with the CAS as the body, then
 * the reply: the CAS (a delta when the client accepts one) in the request's serialization, or the route's error.
 * GetMeta is answered from the descriptor; Collection Process Complete after every request taken before it.
 * A request that is not the protocol's is logged and dropped, as a stock service drops it; nothing read from the wire
 * is ever turned into an object.
 */
final class ServiceInstance implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(ServiceInstance.class);

    private final UimaDriverConsumer consumer;
    private final Session session;
    private final MessageConsumer requests;
    private final MessageProducer replies;
    private final ServedCas served;
    private long lastReply = System.nanoTime();
    /** How long a receive waits before it looks again whether the consumer is stopping. */
    private static final long RECEIVE_WAIT_MILLIS = 500;

    ServiceInstance(UimaDriverConsumer consumer, Session session, MessageConsumer requests, ServedCas served)
            throws JMSException {
        this.consumer = consumer;
        this.session = session;
        this.requests = requests;
        this.served = served;
        this.replies = session.createProducer(null);
        this.replies.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
    }

    /** Serves requests until the consumer stops or the connection is lost. */
    @Override
    public void run() {
        try {
            while (consumer.isRunAllowed()) {
                Message m = requests.receive(RECEIVE_WAIT_MILLIS);
                if (m != null) {
                    onMessage(m);
                }
            }
        } catch (JMSException e) {
            LOG.debug("Instance on queue {} ends: {}", consumer.queueName(), e.getMessage());
        }
    }

    void onMessage(Message m) {
        String referenceId = null;
        try {
            Destination replyTo = m.getJMSReplyTo();
            referenceId = m.getStringProperty(UimaAsProtocol.CAS_REFERENCE);
            if (!m.propertyExists(UimaAsProtocol.MESSAGE_TYPE) || !m.propertyExists(UimaAsProtocol.COMMAND)
                || m.getIntProperty(UimaAsProtocol.MESSAGE_TYPE) != UimaAsProtocol.REQUEST || replyTo == null) {
                consumer.rejected(m, "not a UIMA AS request (MessageType " + UimaAsProtocol.REQUEST
                                     + ", Command and JMSReplyTo are needed)");
                return;
            }
            int command = m.getIntProperty(UimaAsProtocol.COMMAND);
            switch (command) {
                case UimaAsProtocol.PROCESS -> process(m, referenceId, replyTo);
                case UimaAsProtocol.GET_META -> metadata(replyTo);
                case UimaAsProtocol.COLLECTION_PROCESS_COMPLETE -> collectionProcessComplete(replyTo);
                default -> consumer.rejected(m, UimaAsProtocol.commandName(command) + " is not served");
            }
        } catch (Exception e) {
            // a reply that cannot be sent (the client's queue is gone, the broker went away): the client's own
            // timeout covers it, and this instance goes on with the next request
            LOG.warn("Could not answer a request on queue {} (CAS {}): {}", consumer.queueName(), referenceId,
                    e.getMessage());
        }
    }

    private void process(Message m, String referenceId, Destination replyTo) throws JMSException {
        if (referenceId == null || referenceId.isEmpty()) {
            consumer.rejected(m, "a Process request without CasReference");
            return;
        }
        long sequence = consumer.taken();
        try {
            send(replyTo, info(referenceId), UimaAsProtocol.SERVICE_INFO);
            long idle = System.nanoTime() - lastReply;
            long start = System.nanoTime();
            String malformed = read(m);
            if (malformed != null) {
                sendError(replyTo, referenceId, malformed);
                consumer.refused(m, malformed);
                return;
            }
            long deserialized = System.nanoTime();
            Exception failure = routeTraced(m, referenceId);
            long processed = System.nanoTime();
            if (failure != null) {
                sendError(replyTo, referenceId, UimaDriverConsumer.describe(failure));
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
            consumer.finished(sequence);
        }
    }

    /** Runs the route on the CAS, in a span of its own (a child of the client's, when it sent one) if tracing is on. */
    private Exception routeTraced(Message m, String referenceId) {
        Tracing spans = consumer.spans();
        if (!spans.isOn()) {
            return consumer.route(served.cas(), referenceId);
        }
        Span span = spans.start("uimadriver serve " + consumer.queueName(), SpanKind.CONSUMER, Tracing.extract(m));
        span.setAttribute("messaging.destination.name", consumer.queueName());
        span.setAttribute("uima.cas_reference_id", referenceId);
        try (Scope scope = span.makeCurrent()) {
            Exception failure = consumer.route(served.cas(), referenceId);
            if (failure != null) {
                span.setStatus(StatusCode.ERROR, String.valueOf(failure.getMessage()));
            }
            return failure;
        } finally {
            span.end();
        }
    }

    /** Reads the request's CAS; a text saying what is wrong with it when it cannot be read. */
    private String read(Message m) throws JMSException {
        boolean delta = m.propertyExists(UimaAsProtocol.ACCEPTS_DELTA_CAS)
                        && m.getBooleanProperty(UimaAsProtocol.ACCEPTS_DELTA_CAS);
        int payload = m.propertyExists(UimaAsProtocol.PAYLOAD) ? m.getIntProperty(UimaAsProtocol.PAYLOAD) : -1;
        int max = consumer.maxCasSize();
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

    private void metadata(Destination replyTo) throws JMSException {
        TextMessage reply = session.createTextMessage(consumer.description().metadataXml());
        reply.setIntProperty(UimaAsProtocol.PAYLOAD, UimaAsProtocol.METADATA);
        reply.setIntProperty(UimaAsProtocol.SERIALIZATION, UimaAsProtocol.BINARY_SERIALIZATION);
        send(replyTo, reply, UimaAsProtocol.GET_META);
    }

    private void collectionProcessComplete(Destination replyTo) throws JMSException, InterruptedException {
        consumer.awaitRequestsBefore(consumer.taken());
        Message reply = session.createTextMessage("");
        reply.setIntProperty(UimaAsProtocol.PAYLOAD, UimaAsProtocol.NONE);
        send(replyTo, reply, UimaAsProtocol.COLLECTION_PROCESS_COMPLETE);
    }

    private Message info(String referenceId) throws JMSException {
        Message info = session.createTextMessage("");
        info.setIntProperty(UimaAsProtocol.PAYLOAD, UimaAsProtocol.NONE);
        info.setStringProperty(UimaAsProtocol.CAS_REFERENCE, referenceId);
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
        reply.setIntProperty(UimaAsProtocol.MESSAGE_TYPE, UimaAsProtocol.RESPONSE);
        reply.setIntProperty(UimaAsProtocol.COMMAND, command);
        reply.setStringProperty(UimaAsProtocol.MESSAGE_FROM, consumer.queueName());
        reply.setStringProperty(UimaAsProtocol.SERVER_URI, consumer.brokerURL());
        reply.setStringProperty(UimaAsProtocol.SERVER_IP, consumer.hostAddress());
        reply.setStringProperty(UimaAsProtocol.PROCESS_PID, consumer.processId() + ":" + Thread.currentThread().getId());
        replies.send(replyTo, reply, DeliveryMode.NON_PERSISTENT, Message.DEFAULT_PRIORITY, 0);
    }

    private static String kind(Message m) {
        return m instanceof TextMessage ? "text message" : m instanceof BytesMessage ? "bytes message" : "message";
    }
}
