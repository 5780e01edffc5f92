package dev.camelsuite.uima;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.camelsuite.correlation.BrokerInterruptions;
import dev.camelsuite.correlation.CorrelatedRequest;
import dev.camelsuite.correlation.Correlator;
import dev.camelsuite.correlation.RequestChannel;
import dev.camelsuite.correlation.Tracing;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import org.apache.activemq.ActiveMQConnection;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.command.ActiveMQObjectMessage;
import org.apache.activemq.util.ByteSequence;
import org.apache.camel.AsyncCallback;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangeTimedOutException;
import org.apache.camel.support.DefaultAsyncProducer;
import org.apache.camel.support.service.ServiceHelper;
import org.apache.uima.cas.CAS;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends each exchange's body as a CAS to a UIMA AS service and completes the exchange when the analysed CAS comes
 * back, holding no thread meanwhile (UIMA AS's asynchronous client, without its blocking CAS pool).
 * <p>
 * The producer asks the service for its metadata when it starts and builds its CASes with the service's type system,
 * so the returned annotations are typed. At most {@code casPoolSize} documents are in the service at once: the CASes
 * are the {@link Correlator}'s places, and it keeps the waiting line, the timeouts by CAS reference id and the
 * exactly-once completion of each exchange (whoever takes a request — the reply, the timeout, a failed send, a lost
 * broker, stopping — completes it). This class keeps the UIMA AS wire protocol. A reply for a reference id no longer
 * registered is logged and dropped.
 */
public class UimaDriverProducer extends DefaultAsyncProducer {

    private static final Logger LOG = LoggerFactory.getLogger(UimaDriverProducer.class);
    /** The key of the one collection process complete that may wait for the service. */
    private static final String CPC_KEY = "CollectionProcessComplete";

    private final UimaDriverEndpoint endpoint;
    private final Object sendLock = new Object();
    private final Object connectLock = new Object();
    private volatile Correlator<Request, CAS> requests;
    private volatile Connection connection;
    private Session sendSession;
    private MessageProducer sender;
    private TemporaryQueue replyQueue;
    private jakarta.jms.Queue serviceQueue;
    private volatile CompletableFuture<String> metadataReply;
    private ServiceMetadata metadata;
    /** Used only on the reply listener's thread, to read child CASes when their annotations are wanted. */
    private CAS childCas;

    /** One exchange on its way: waiting for a CAS, or in the service (its CAS is its place). */
    private static final class Request extends CorrelatedRequest<CAS> {
        final String text;
        final boolean collectionProcessComplete;
        int children;
        final List<List<CasAnnotation>> childAnnotations = new ArrayList<>();
        /** The request's span while tracing is on, else null. */
        Span span;

        Request(Exchange exchange, AsyncCallback callback, String key, long timeout, String text,
                boolean collectionProcessComplete) {
            super(exchange, callback, key, timeout);
            this.text = text;
            this.collectionProcessComplete = collectionProcessComplete;
        }
    }

    /** How the correlator puts a document, or collection process complete, on the service's queue. */
    private final class Wire implements RequestChannel<Request> {

        @Override
        public void send(Request request) throws Exception {
            if (request.collectionProcessComplete) {
                synchronized (sendLock) {
                    Message m = sendSession.createTextMessage("");
                    header(m, UimaAsProtocol.COLLECTION_PROCESS_COMPLETE, UimaAsProtocol.NONE, null);
                    m.setBooleanProperty(UimaAsProtocol.REMOVE_ENDPOINT, true);
                    sender.send(m);
                }
                return;
            }
            String xmi = XmiCas.document(request.getPlace(), request.text);
            synchronized (sendLock) {
                TextMessage m = sendSession.createTextMessage(xmi);
                header(m, UimaAsProtocol.PROCESS, UimaAsProtocol.XMI, request.getKey());
                if (request.span != null) {
                    Tracing.inject(Context.root().with(request.span), m);
                }
                String target = request.getExchange().getIn().getHeader(UimaDriverConstants.TARGET_SERVICE_ID,
                        endpoint.getTargetServiceId(), String.class);
                if (target != null) {
                    m.setStringProperty(UimaAsProtocol.TARGET_SERVICE_ID, target);
                }
                // a request nobody waits for any more expires in the broker instead of reaching the service
                sender.send(m, DeliveryMode.NON_PERSISTENT, Message.DEFAULT_PRIORITY, request.getTimeout());
            }
        }

        @Override
        public Exception timedOut(Request request) {
            String what = request.collectionProcessComplete
                    ? "No answer to Collection Process Complete from the service on queue " + endpoint.getQueue()
                      + " within " + request.getTimeout() + " ms (option cpcTimeout)"
                    : "No reply from the UIMA AS service on queue " + endpoint.getQueue() + " for CAS "
                      + request.getKey() + " within " + request.getTimeout() + " ms (option timeout)";
            return new ExchangeTimedOutException(request.getExchange(), request.getTimeout(), what);
        }
    }

    public UimaDriverProducer(UimaDriverEndpoint endpoint) {
        super(endpoint);
        this.endpoint = endpoint;
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        // the documents are not sent again: a UIMA AS service may have analysed one whose reply was lost
        requests = new Correlator<>(getEndpoint().getCamelContext(), this,
                "Requests to UIMA AS queue " + endpoint.getQueue(), new Wire(), 0, endpoint.getMaxWaiting());
        ServiceHelper.startService(requests);
        connect();
        metadata = ServiceMetadata.parse(askMetadata());
        for (int i = 0; i < endpoint.getCasPoolSize(); i++) {
            requests.addPlace(metadata.newCas());
        }
        LOG.info("Connected to UIMA AS service {} on queue {} at {} ({} CAS(es){})", metadata.getName(),
                endpoint.getQueue(), endpoint.getBrokerURL(), endpoint.getCasPoolSize(),
                metadata.outputsNewCases() ? ", a CAS multiplier" : "");
    }

    @Override
    protected void doStop() throws Exception {
        failAll("The uimadriver producer " + endpoint.getEndpointUri() + " stopped");
        disconnect();
        if (requests != null) {
            requests.clearPlaces();
        }
        ServiceHelper.stopService(requests);
        super.doStop();
    }

    /** The number of exchanges accepted and not yet completed (waiting for a CAS or in the service). */
    public int getActiveCount() {
        Correlator<Request, CAS> r = requests;
        return r == null ? 0 : r.getActiveCount();
    }

    /** The number of requests registered for a reply. */
    public int getInFlightCount() {
        Correlator<Request, CAS> r = requests;
        return r == null ? 0 : r.getInFlightCount();
    }

    @Override
    public boolean process(Exchange exchange, AsyncCallback callback) {
        AsyncCallback done = callback; // with tracing on, it ends the request's span as well
        try {
            ensureConnected();
            String referenceId = getEndpoint().getCamelContext().getUuidGenerator().generateUuid();
            if (exchange.getIn().getHeader(UimaDriverConstants.COLLECTION_PROCESS_COMPLETE, false, Boolean.class)) {
                Request cpc = new Request(exchange, callback, CPC_KEY, endpoint.getCpcTimeout(), null, true);
                if (!requests.sendAlone(cpc)) {
                    throw new IllegalStateException("A Collection Process Complete is already waiting for the service"
                                                    + " on queue " + endpoint.getQueue());
                }
                return false;
            }
            String text = exchange.getIn().getMandatoryBody(String.class);
            Tracing spans = endpoint.getComponent().spans();
            Span span = spans.isOn() ? spans.start("uimadriver send " + endpoint.getQueue(), SpanKind.PRODUCER,
                    Context.current()) : null;
            if (span != null) {
                done = Tracing.ending(span, exchange, callback);
            }
            Request request = new Request(exchange, done, referenceId, endpoint.getTimeout(), text, false);
            request.span = span;
            if (!requests.submit(request)) {
                throw new IllegalStateException("CAS reference id " + referenceId + " is already in flight");
            }
            return false;
        } catch (Exception e) {
            exchange.setException(e);
            done.done(true);
            return true;
        }
    }

    // ---- connection

    private void connect() throws JMSException {
        ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(endpoint.getConnectionURL());
        factory.setWatchTopicAdvisories(false);
        Connection c = endpoint.getUserName() != null
                ? factory.createConnection(endpoint.getUserName(), endpoint.getPassword())
                : factory.createConnection();
        try {
            c.setExceptionListener(e -> onConnectionLost(c, e));
            if (c instanceof ActiveMQConnection amq) {
                amq.addTransportListener(new BrokerInterruptions(requests, "broker " + endpoint.getBrokerURL(),
                        () -> new IllegalStateException("The connection to broker " + endpoint.getBrokerURL()
                                                        + " was interrupted; the reply to this request may be lost")));
            }
            sendSession = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            serviceQueue = sendSession.createQueue(endpoint.getQueue());
            sender = sendSession.createProducer(serviceQueue);
            sender.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
            Session replySession = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            replyQueue = replySession.createTemporaryQueue();
            MessageConsumer consumer = replySession.createConsumer(replyQueue);
            consumer.setMessageListener(this::onReply);
            c.start();
            connection = c;
            Correlator<Request, CAS> r = requests;
            if (r != null) {
                r.resume(); // a new connection after one that was interrupted and then lost
            }
        } catch (JMSException | RuntimeException e) {
            close(c);
            throw e;
        }
    }

    /** After a lost connection the next exchange connects again (the type system is kept). */
    private void ensureConnected() throws JMSException {
        if (connection == null) {
            synchronized (connectLock) {
                if (connection == null && isRunAllowed()) {
                    connect();
                }
            }
        }
        if (connection == null) {
            throw new RejectedExecutionException("The uimadriver producer " + endpoint.getEndpointUri()
                                                 + " is not connected");
        }
    }

    private void onConnectionLost(Connection lost, JMSException e) {
        synchronized (connectLock) {
            if (connection != lost) {
                return;
            }
            connection = null;
        }
        LOG.warn("Lost the connection to broker {} ({}); failing the requests in flight", endpoint.getBrokerURL(),
                e.getMessage());
        failAll("Lost the connection to broker " + endpoint.getBrokerURL() + ": " + e.getMessage());
        close(lost);
    }

    private void disconnect() {
        Connection c;
        synchronized (connectLock) {
            c = connection;
            connection = null;
        }
        close(c);
    }

    /** Closes a connection that may be broken already; a failure to close says nothing the caller can act on. */
    static void close(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (Exception e) {
                LOG.debug("Closing the broker connection failed: {}", e.getMessage());
            }
        }
    }

    // ---- requests

    private String askMetadata() throws Exception {
        CompletableFuture<String> reply = new CompletableFuture<>();
        metadataReply = reply;
        synchronized (sendLock) {
            Message m = sendSession.createTextMessage("");
            header(m, UimaAsProtocol.GET_META, UimaAsProtocol.NONE, null);
            sender.send(m);
        }
        try {
            return reply.get(endpoint.getGetMetaTimeout(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            disconnect();
            throw new IllegalStateException("No UIMA AS service answered GetMeta on queue " + endpoint.getQueue()
                                            + " at " + endpoint.getBrokerURL() + " within "
                                            + endpoint.getGetMetaTimeout() + " ms (option getMetaTimeout)");
        } catch (ExecutionException e) {
            disconnect();
            throw new IllegalStateException("The UIMA AS service on queue " + endpoint.getQueue()
                                            + " answered GetMeta with an error: " + e.getCause().getMessage(),
                    e.getCause());
        } finally {
            metadataReply = null;
        }
    }

    private void header(Message m, int command, int payload, String referenceId) throws JMSException {
        m.setIntProperty(UimaAsProtocol.MESSAGE_TYPE, UimaAsProtocol.REQUEST);
        m.setIntProperty(UimaAsProtocol.COMMAND, command);
        m.setIntProperty(UimaAsProtocol.PAYLOAD, payload);
        if (referenceId != null) {
            m.setStringProperty(UimaAsProtocol.CAS_REFERENCE, referenceId);
        }
        m.setStringProperty(UimaAsProtocol.MESSAGE_FROM, replyQueue.getQueueName());
        m.setStringProperty(UimaAsProtocol.SERVER_URI, endpoint.getBrokerURL());
        m.setJMSReplyTo(replyQueue);
    }

    // ---- replies

    private void onReply(Message m) {
        String referenceId = null;
        try {
            int command = m.getIntProperty(UimaAsProtocol.COMMAND);
            int payload = m.getIntProperty(UimaAsProtocol.PAYLOAD);
            referenceId = m.getStringProperty(UimaAsProtocol.CAS_REFERENCE);
            switch (command) {
                case UimaAsProtocol.SERVICE_INFO -> LOG.trace("Service started on {}", referenceId);
                case UimaAsProtocol.GET_META -> onMetadata(m, payload);
                case UimaAsProtocol.PROCESS -> {
                    String parent = m.getStringProperty(UimaAsProtocol.INPUT_CAS_REFERENCE);
                    if (parent != null && !parent.equals(referenceId)) {
                        onChild(m, parent, referenceId, payload);
                    } else {
                        onProcessed(m, referenceId, payload);
                    }
                }
                case UimaAsProtocol.COLLECTION_PROCESS_COMPLETE -> {
                    Request cpc = requests.take(CPC_KEY);
                    if (cpc != null) {
                        requests.complete(cpc, payload == UimaAsProtocol.EXCEPTION
                                ? error(m, "Collection Process Complete") : null, null);
                    }
                }
                default -> LOG.warn("Dropped a reply with {} on {}", UimaAsProtocol.commandName(command),
                        endpoint.getEndpointUri());
            }
        } catch (Exception e) {
            LOG.warn("Could not read a reply on {} (CAS {}): {}", endpoint.getEndpointUri(), referenceId,
                    e.getMessage(), e);
            Request owned = requests.take(referenceId);
            if (owned != null) {
                requests.complete(owned, e, null);
            }
        }
    }

    private void onMetadata(Message m, int payload) throws JMSException {
        CompletableFuture<String> reply = metadataReply;
        if (reply == null) {
            return;
        }
        if (payload == UimaAsProtocol.EXCEPTION) {
            reply.completeExceptionally(error(m, "GetMeta"));
        } else if (m instanceof TextMessage text) {
            reply.complete(text.getText());
        } else {
            reply.completeExceptionally(new IllegalStateException("GetMeta reply is a "
                                                                  + m.getClass().getSimpleName()));
        }
    }

    /** A CAS multiplier's child: counted (and read when asked), then released so the service's pool never runs dry. */
    private void onChild(Message m, String parentId, String childId, int payload) throws Exception {
        try {
            Request parent = requests.find(parentId);
            if (parent != null && payload == UimaAsProtocol.XMI && m instanceof TextMessage text) {
                parent.children++;
                if (endpoint.isChildAnnotations()) {
                    if (childCas == null) {
                        childCas = metadata.newCas();
                    }
                    XmiCas.read(text.getText(), childCas);
                    parent.childAnnotations.add(XmiCas.annotations(childCas));
                }
            } else if (parent != null && payload == UimaAsProtocol.XMI) {
                parent.children++;
            }
        } finally {
            releaseChild(m, childId);
        }
    }

    private void releaseChild(Message child, String childId) throws JMSException {
        Destination back = child.getJMSReplyTo();
        if (back == null || childId == null) {
            LOG.warn("A child CAS {} came without a destination to release it to", childId);
            return;
        }
        synchronized (sendLock) {
            Message release = sendSession.createTextMessage("");
            header(release, UimaAsProtocol.RELEASE_CAS, UimaAsProtocol.NONE, childId);
            MessageProducer p = sendSession.createProducer(back);
            try {
                p.send(release, DeliveryMode.NON_PERSISTENT, Message.DEFAULT_PRIORITY, 0);
            } finally {
                p.close();
            }
        }
    }

    private void onProcessed(Message m, String referenceId, int payload) throws Exception {
        Request request = requests.take(referenceId);
        if (request == null) {
            LOG.warn("Dropped a late reply for CAS {} on {}: it had already timed out or completed", referenceId,
                    endpoint.getEndpointUri());
            return;
        }
        try {
            if (payload == UimaAsProtocol.EXCEPTION) {
                requests.complete(request, error(m, "the CAS " + referenceId), null);
            } else if (payload == UimaAsProtocol.XMI && m instanceof TextMessage text) {
                String xmi = text.getText();
                CAS cas = request.getPlace();
                XmiCas.read(xmi, cas);
                AnalysisResult result = new AnalysisResult(referenceId, xmi, XmiCas.annotations(cas), request.children,
                        List.copyOf(request.childAnnotations), timings(m),
                        ComponentMetrics.parse(m.getStringProperty(ComponentMetrics.PROPERTY)));
                requests.complete(request, null, exchange -> apply(result, exchange));
            } else if (payload == UimaAsProtocol.BINARY || m instanceof BytesMessage) {
                requests.complete(request, new IllegalStateException("The service on queue " + endpoint.getQueue()
                                                                     + " answered with a binary CAS; only XMI is read"),
                        null);
            } else {
                requests.complete(request, new IllegalStateException("Malformed reply for CAS " + referenceId
                                                                     + ": payload " + payload), null);
            }
        } catch (Exception e) {
            requests.complete(request, new IllegalStateException("Could not read the analysed CAS " + referenceId
                                                                 + ": " + e.getMessage(), e), null);
        }
    }

    /** The service's error as an exception naming its real cause, read without deserializing anything. */
    private UimaServiceException error(Message m, String what) {
        List<String> causes = new ArrayList<>();
        try {
            if (m instanceof ActiveMQObjectMessage object) {
                for (SerializedThrowables.RemoteCause c : SerializedThrowables.read(content(object))) {
                    causes.add(c.toString());
                }
            } else if (m instanceof TextMessage text && text.getText() != null && !text.getText().isBlank()) {
                causes.add(text.getText());
            }
        } catch (Exception e) {
            LOG.debug("Could not read the service's exception: {}", e.getMessage());
        }
        String root = causes.isEmpty() ? "no details sent" : causes.get(causes.size() - 1);
        return new UimaServiceException("The UIMA AS service on queue " + endpoint.getQueue() + " failed on " + what
                                        + ": " + root, endpoint.getQueue(), causes);
    }

    /** The serialized bytes of an object message, never turned into objects; inflated within a cap. */
    private static byte[] content(ActiveMQObjectMessage m) throws IOException {
        ByteSequence bytes = m.getContent();
        if (bytes == null) {
            throw new IOException("empty object message");
        }
        byte[] raw = Arrays.copyOfRange(bytes.getData(), bytes.getOffset(), bytes.getOffset() + bytes.getLength());
        return m.isCompressed() ? SerializedThrowables.inflate(raw) : raw;
    }

    private static Map<String, Double> timings(Message m) throws JMSException {
        Map<String, Double> timings = new LinkedHashMap<>();
        for (String[] t : UimaAsProtocol.TIMINGS) {
            if (m.propertyExists(t[0])) {
                timings.put(t[1], m.getLongProperty(t[0]) / 1e6);
            }
        }
        return timings;
    }

    // ---- endings

    private void failAll(String why) {
        Correlator<Request, CAS> r = requests;
        if (r != null) {
            r.failWaiting(() -> new RejectedExecutionException(why + " before the document was sent"));
            r.failInFlight(() -> new IllegalStateException(why + " while the document was in the service"));
        }
    }

    /** The analysed CAS on the exchange: the result as the body, its ids and timings as headers. */
    private static void apply(AnalysisResult result, Exchange exchange) {
        exchange.getMessage().setBody(result);
        exchange.getMessage().setHeader(UimaDriverConstants.CAS_REFERENCE_ID, result.casReferenceId());
        exchange.getMessage().setHeader(UimaDriverConstants.CHILD_CAS_COUNT, result.childCasCount());
        if (!result.timings().isEmpty()) {
            exchange.getMessage().setHeader(UimaDriverConstants.SERVICE_TIMINGS, result.timings());
        }
        if (!result.componentTimings().isEmpty()) {
            exchange.getMessage().setHeader(UimaDriverConstants.TIMINGS, result.componentTimings());
        }
    }
}
