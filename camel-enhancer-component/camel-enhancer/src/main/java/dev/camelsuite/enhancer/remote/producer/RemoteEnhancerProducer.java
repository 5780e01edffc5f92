package dev.camelsuite.enhancer.remote.producer;

import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.correlation.BrokerInterruptions;
import dev.camelsuite.correlation.Correlator;
import dev.camelsuite.correlation.RequestChannel;
import dev.camelsuite.correlation.Tracing;
import dev.camelsuite.enhancer.ContentItemBodies;
import dev.camelsuite.enhancer.EnhancerConfiguration;
import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.enhancer.EnhancerEndpoint;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.remote.BrokerConnector;
import dev.camelsuite.enhancer.remote.HealthChecks;
import dev.camelsuite.enhancer.remote.StatisticsPublisher;
import dev.camelsuite.enhancer.remote.wire.RequestContent;
import dev.camelsuite.enhancer.remote.wire.WireFormat;
import dev.camelsuite.enhancer.remote.wire.WorkerMetadata;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import org.apache.activemq.ActiveMQConnection;
import org.apache.camel.AsyncCallback;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangeTimedOutException;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.support.DefaultAsyncProducer;
import org.apache.camel.support.service.ServiceHelper;

/**
 * Sends each exchange's item to the workers on the endpoint's queue and completes the exchange when the correlated
 * reply arrives, holding no thread meanwhile (UIMA AS's asynchronous client).
 * <p>
 * Correlation by reference id, the pool of {@code casPoolSize} places, the waiting line, timeouts, retries
 * ({@code maxRetries}) and the exactly-once completion of each exchange are the {@link Correlator}'s; this class keeps
 * the enhancer's wire protocol, in the parts of this package: the {@link ProducerLink} to the broker, the
 * {@link ReplyDispatcher} of replies, the {@link WorkerDirectory} of metadata answers and the
 * {@link CollectionProcessCompleteFanOut}.
 */
public class RemoteEnhancerProducer extends DefaultAsyncProducer {

    /** How long a start waits for the first attempt to attach to the broker. */
    private static final long FIRST_ATTEMPT_MILLIS = 5_000;
    /** A place in the pool: requests hold one while in flight; the workers keep their own CASes. */
    private static final Object PLACE = new Object();
    /** How often getAttachedWorkers asks the workers again where the broker announces no consumers. */
    private static final long RECOUNT_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final EnhancerEndpoint endpoint;
    private final EnhancerConfiguration configuration;
    private final WireFormat format;
    private final ProducerLink link;
    private final AttachedWorkers attachedWorkers = new AttachedWorkers();
    private final WorkerDirectory directory = new WorkerDirectory();
    private final ProducerStatistics statistics = new ProducerStatistics();
    private Tracing spans = Tracing.OFF;
    private Correlator<RemoteRequest, Object> requests;
    private CollectionProcessCompleteFanOut fanOut;
    private HealthCheck healthCheck;
    private StatisticsPublisher publisher;

    public RemoteEnhancerProducer(EnhancerEndpoint endpoint) {
        super(endpoint);
        this.endpoint = endpoint;
        this.configuration = endpoint.getConfiguration();
        this.format = WireFormat.of(configuration.getSerializer());
        this.link = new ProducerLink(configuration, endpoint.getChainName(), format);
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        spans = endpoint.getComponent().getSpans();
        requests = new Correlator<>(getEndpoint().getCamelContext(), this, "Requests to queue " + configuration.getQueue(),
                new Wire(), configuration.getMaxRetries(), configuration.getMaxWaiting());
        ServiceHelper.startService(requests);
        for (int i = 0; i < configuration.getCasPoolSize(); i++) {
            requests.addPlace(PLACE);
        }
        fanOut = new CollectionProcessCompleteFanOut(configuration, link, directory, requests, statistics);
        attach();
        if (configuration.getGetMetaTimeout() > 0 && !directory.ask(link, configuration.getGetMetaTimeout())) {
            statistics.metadataError();
            link.close();
            throw new IllegalStateException("No worker answered the metadata request on queue " + configuration.getQueue()
                                            + " within " + configuration.getGetMetaTimeout()
                                            + " ms (option getMetaTimeout; 0 skips the request)");
        }
        publisher = new StatisticsPublisher(getEndpoint().getCamelContext());
        ProducerMeters.publish(publisher, statistics, this, configuration.getQueue(), endpoint.getChainName());
        if (endpoint.getComponent().isHealthCheckProducerEnabled()) {
            healthCheck = HealthChecks.register(getEndpoint().getCamelContext(),
                    new ProducerHealthCheck(this, configuration.getQueue()));
        }
    }

    /**
     * Attaches to the broker on a thread of its own: a failover URL whose brokers are all down would hold this start
     * (and the exchange that starts a lazy producer) for as long as they are down.
     */
    private void attach() throws Exception {
        BrokerConnector connector = new BrokerConnector(getEndpoint().getCamelContext(), this,
                "producer of queue " + configuration.getQueue(), new BrokerConnector.Attachment() {
                    @Override
                    public void attach() throws Exception {
                        attachToBroker();
                    }

                    @Override
                    public void abandon() {
                        link.abandon();
                    }
                });
        boolean attached = connector.start(FIRST_ATTEMPT_MILLIS);
        if (!attached) {
            String why = connector.lastFailure();
            connector.stop();
            throw new IllegalStateException("The broker of queue " + configuration.getQueue() + " cannot be reached"
                                            + (why == null ? " within " + FIRST_ATTEMPT_MILLIS + " ms" : ": " + why)
                                            + "; the next start tries again");
        }
        connector.stop();
    }

    /** The link's connection and sessions, the interruptions of the connection, the count of workers. */
    private void attachToBroker() throws JMSException {
        ReplyDispatcher replies = new ReplyDispatcher(endpoint.getEndpointUri(), endpoint.getChainName(),
                configuration.isThrowOnFailure(), requests, directory, fanOut, statistics);
        Connection connection = link.open("enhancer producer " + endpoint.getEndpointUri(), replies::onMessage);
        if (connection instanceof ActiveMQConnection amq) {
            amq.addTransportListener(new BrokerInterruptions(requests, "the broker of queue " + configuration.getQueue(),
                    () -> new IllegalStateException("The connection to the broker of queue " + configuration.getQueue()
                                                    + " was interrupted; the reply to this request may be lost")));
        }
        attachedWorkers.start(connection, configuration.getQueue());
        connection.start();
    }

    @Override
    protected void doStop() throws Exception {
        // whatever is still waiting or in flight ends now, with a clear error
        requests.failWaiting(() -> new RejectedExecutionException("The enhancer producer " + endpoint.getEndpointUri()
                                                                  + " stopped before the request was sent"));
        requests.failInFlight(() -> new RejectedExecutionException("The enhancer producer " + endpoint.getEndpointUri()
                                                                   + " stopped while the request was in flight"));
        HealthChecks.unregister(getEndpoint().getCamelContext(), healthCheck);
        healthCheck = null;
        attachedWorkers.stop();
        fanOut.abort(new RejectedExecutionException("The enhancer producer " + endpoint.getEndpointUri()
                                                    + " stopped before every worker answered collection process"
                                                    + " complete"));
        link.close();
        if (publisher != null) {
            publisher.withdraw();
            publisher = null;
        }
        ServiceHelper.stopService(requests);
        super.doStop();
    }

    @Override
    public boolean process(Exchange exchange, AsyncCallback callback) {
        AsyncCallback done = callback; // with tracing on, it ends the request's span as well
        try {
            if (exchange.getIn().getHeader(EnhancerConstants.COLLECTION_PROCESS_COMPLETE, false, Boolean.class)) {
                fanOut.start(exchange, callback);
                return false;
            }
            ContentItem item = ContentItemBodies.from(exchange);
            long timeout = ContentItemBodies.timeout(exchange, configuration);
            Span span = spans.isOn() ? sendSpan(item.getReferenceId()) : null;
            if (span != null) {
                done = Tracing.ending(span, exchange, callback);
            }
            RemoteRequest request = new RemoteRequest(exchange, done, item.getReferenceId(), timeout,
                    format.write(item), RequestContent.of(item), exchange.getIn().getHeader(
                            EnhancerConstants.TARGET_SERVICE_ID, configuration.getTargetServiceId(), String.class));
            request.span = span;
            if (!requests.submit(request)) {
                throw new IllegalArgumentException("Reference id " + request.getKey() + " is already in flight on "
                                                   + endpoint.getEndpointUri());
            }
            return false;
        } catch (Exception e) {
            exchange.setException(e);
            done.done(true);
            return true;
        }
    }

    /** The span of one request, from the exchange's arrival to its end, a child of the caller's current span. */
    private Span sendSpan(String referenceId) {
        Span span = spans.start("enhancer send " + configuration.getQueue(), SpanKind.PRODUCER, Context.current());
        span.setAttribute("messaging.system", "activemq");
        span.setAttribute("messaging.destination.name", configuration.getQueue());
        span.setAttribute("enhancer.chain", endpoint.getChainName());
        span.setAttribute("enhancer.reference_id", referenceId);
        return span;
    }

    /** How the correlator puts requests on the wire, and what it tells the statistics. */
    private final class Wire implements RequestChannel<RemoteRequest> {

        @Override
        public void send(RemoteRequest request) throws JMSException {
            link.send(request);
        }

        @Override
        public Exception timedOut(RemoteRequest request) {
            return new ExchangeTimedOutException(request.getExchange(), request.getTimeout(), "No reply from a worker"
                    + " on queue " + configuration.getQueue() + " for request " + request.getKey() + " after "
                    + request.getAttempts() + " attempt(s)");
        }

        @Override
        public void waitedForPlace(RemoteRequest request, long nanos) {
            statistics.waitedForPlace(nanos);
        }

        @Override
        public void sent(RemoteRequest request) {
            statistics.sent();
        }

        @Override
        public void noReplyInTime(RemoteRequest request) {
            statistics.timedOut();
        }
    }

    /** What the producer did since it was created. */
    public ProducerStatistics getStatistics() {
        return statistics;
    }

    /** Whether the producer's connection reaches the broker now. */
    public boolean isConnected() {
        return link.isConnected();
    }

    /**
     * Worker instances attached to the request queue: the consumers the broker has on it right now, from its
     * advisories; where the broker announces nothing (advisories off, ActiveMQ Artemis), the instances that answer
     * metadata requests, asked again at most once a second by these calls.
     */
    public int getAttachedWorkers() {
        int fromBroker = attachedWorkers.get();
        if (fromBroker >= 0) {
            return fromBroker;
        }
        // not while disconnected: a failover transport would hold the caller (a health check) until its timeout
        return link.isConnected() ? directory.recount(link, RECOUNT_INTERVAL_NANOS) : directory.size();
    }

    public String getQueue() {
        return configuration.getQueue();
    }

    public String getChainName() {
        return endpoint.getChainName();
    }

    /** The worker instances that answered a metadata request, by instance id. */
    public Map<String, WorkerMetadata> getWorkers() {
        return directory.workers();
    }

    /** Exchanges waiting for a place in the pool. */
    public int getWaitingCount() {
        Correlator<RemoteRequest, Object> r = requests;
        return r == null ? 0 : r.getWaitingCount();
    }

    /** The number of exchanges this producer has accepted and not yet completed (waiting or in flight). */
    public int getActiveCount() {
        Correlator<RemoteRequest, Object> r = requests;
        return r == null ? 0 : r.getActiveCount();
    }

    /** The number of requests registered for a reply. */
    public int getInFlightCount() {
        Correlator<RemoteRequest, Object> r = requests;
        return r == null ? 0 : r.getInFlightCount();
    }
}
