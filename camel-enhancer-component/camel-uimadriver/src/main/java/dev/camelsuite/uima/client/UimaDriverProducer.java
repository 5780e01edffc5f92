package dev.camelsuite.uima.client;

import dev.camelsuite.uima.UimaAsProtocol;
import dev.camelsuite.uima.UimaDriverEndpoint;
import dev.camelsuite.uima.UimaDriverConstants;
import dev.camelsuite.uima.AnalysisResult;
import dev.camelsuite.uima.CasAnnotation;
import dev.camelsuite.uima.UimaServiceException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.camelsuite.correlation.CorrelatedRequest;
import dev.camelsuite.correlation.Correlator;
import dev.camelsuite.correlation.RequestChannel;
import dev.camelsuite.correlation.Tracing;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import jakarta.jms.BytesMessage;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
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
 * broker, stopping — completes it). {@link ServiceLink} writes the requests and {@link ServiceReplies} reads an analysed
 * CAS or an error; this class tells the replies apart (GetMeta, Process, a CAS multiplier's child, Collection Process
 * Complete) and completes the exchanges. A reply for a reference id no longer registered is logged and dropped.
 */
public class UimaDriverProducer extends DefaultAsyncProducer {

    private static final Logger LOG = LoggerFactory.getLogger(UimaDriverProducer.class);
    /** The key of the one collection process complete that may wait for the service. */
    private static final String CPC_KEY = "CollectionProcessComplete";

    private final UimaDriverEndpoint endpoint;
    private volatile Correlator<Request, CAS> requests;
    private volatile ServiceLink link;
    private volatile CompletableFuture<String> metadataReply;
    private GetMetaReply metadata;
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
                link.sendCollectionProcessComplete();
                return;
            }
            String target = request.getExchange().getIn().getHeader(UimaDriverConstants.TARGET_SERVICE_ID,
                    endpoint.getTargetServiceId(), String.class);
            link.sendProcess(request.getKey(), XmiCas.document(request.getPlace(), request.text), request.span, target,
                    request.getTimeout());
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
        link = new ServiceLink(endpoint, requests, this::onReply, this::onConnectionLost);
        link.connect();
        metadata = GetMetaReply.parse(askMetadata());
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
        if (link != null) {
            link.disconnect();
        }
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
            if (!link.ensureConnected(this::isRunAllowed)) {
                throw new RejectedExecutionException("The uimadriver producer " + endpoint.getEndpointUri()
                                                     + " is not connected");
            }
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

    private void onConnectionLost(String why) {
        LOG.warn("Lost the connection to broker {} ({}); failing the requests in flight", endpoint.getBrokerURL(), why);
        failAll("Lost the connection to broker " + endpoint.getBrokerURL() + ": " + why);
    }

    // ---- requests

    private String askMetadata() throws Exception {
        CompletableFuture<String> reply = new CompletableFuture<>();
        metadataReply = reply;
        link.sendGetMeta();
        try {
            return reply.get(endpoint.getGetMetaTimeout(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            link.disconnect();
            throw new IllegalStateException("No UIMA AS service answered GetMeta on queue " + endpoint.getQueue()
                                            + " at " + endpoint.getBrokerURL() + " within "
                                            + endpoint.getGetMetaTimeout() + " ms (option getMetaTimeout)");
        } catch (ExecutionException e) {
            link.disconnect();
            throw new IllegalStateException("The UIMA AS service on queue " + endpoint.getQueue()
                                            + " answered GetMeta with an error: " + e.getCause().getMessage(),
                    e.getCause());
        } finally {
            metadataReply = null;
        }
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
        link.releaseChild(back, childId);
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
                AnalysisResult result = ServiceReplies.analysed(text, referenceId, request.getPlace(),
                        request.children, request.childAnnotations);
                requests.complete(request, null, exchange -> ServiceReplies.apply(result, exchange));
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

    private UimaServiceException error(Message m, String what) {
        return ServiceReplies.failure(m, endpoint.getQueue(), what);
    }

    // ---- endings

    private void failAll(String why) {
        Correlator<Request, CAS> r = requests;
        if (r != null) {
            r.failWaiting(() -> new RejectedExecutionException(why + " before the document was sent"));
            r.failInFlight(() -> new IllegalStateException(why + " while the document was in the service"));
        }
    }
}
