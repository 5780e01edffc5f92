package dev.camelsuite.enhancer.remote;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

import dev.camelsuite.correlation.BrokerInterruptions;
import dev.camelsuite.correlation.CorrelatedRequest;
import dev.camelsuite.correlation.Correlator;
import dev.camelsuite.correlation.ExchangeResult;
import dev.camelsuite.correlation.RequestChannel;
import dev.camelsuite.enhancer.ContentItemBodies;
import dev.camelsuite.enhancer.EnhancementException;
import dev.camelsuite.enhancer.EnhancementResults;
import dev.camelsuite.enhancer.EnhancerConfiguration;
import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.enhancer.EnhancerEndpoint;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.ContentItemJson.RequestContent;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import org.apache.activemq.ActiveMQConnection;
import org.apache.camel.AsyncCallback;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangeTimedOutException;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.support.DefaultAsyncProducer;
import org.apache.camel.support.service.ServiceHelper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends each exchange's item to the workers on the endpoint's queue and completes the exchange when the correlated
 * reply arrives, holding no thread meanwhile (UIMA AS's asynchronous client).
 * <p>
 * Correlation by reference id, the pool of {@code casPoolSize} places, the waiting line, timeouts, retries
 * ({@code maxRetries}) and the exactly-once completion of each exchange are the {@link Correlator}'s; this class keeps
 * the enhancer's wire protocol: requests and replies, metadata requests, collection process complete. A reply for a
 * reference id that is no longer registered (it timed out) is logged and dropped.
 */
public class RemoteEnhancerProducer extends DefaultAsyncProducer {

    private static final Logger LOG = LoggerFactory.getLogger(RemoteEnhancerProducer.class);
    /** How long after the first metadata answer the producer still expects answers of other instances. */
    private static final long METADATA_SETTLE_MILLIS = 250;
    /**
     * How long collection process complete waits for the instances to answer a fresh metadata request: those that do
     * are the live ones it is sent to (each answers on a session of its own, busy or not).
     */
    private static final long LIVE_WORKERS_MILLIS = 1000;
    /** A place in the pool: requests hold one while in flight; the workers keep their own CASes. */
    private static final Object PLACE = new Object();

    private final EnhancerEndpoint endpoint;
    private final EnhancerConfiguration configuration;
    private final WireFormat format;
    private final Object sendLock = new Object();
    private Correlator<Request, Object> requests;
    private volatile Connection connection;
    private final AttachedWorkers attachedWorkers = new AttachedWorkers();
    private HealthCheck healthCheck;
    private Session sendSession;
    private MessageProducer sender;
    private Session replySession;
    private TemporaryQueue replyQueue;
    private MessageConsumer replyConsumer;
    private Queue requestQueue;
    private Topic controlTopic;
    private MessageProducer controlSender;
    private final Map<String, WorkerMetadata> workers = new ConcurrentHashMap<>();
    /** When each instance last answered a metadata request ({@link System#nanoTime()}). */
    private final Map<String, Long> lastSeen = new ConcurrentHashMap<>();
    private final ProducerStatistics statistics = new ProducerStatistics();
    private StatisticsPublisher publisher;
    private volatile CompletableFuture<WorkerMetadata> metadataReply;
    private final AtomicReference<CollectionProcessComplete> cpc = new AtomicReference<>();

    /** A collection process complete waiting for the worker instances known when it was sent. */
    private static final class CollectionProcessComplete {
        final Exchange exchange;
        final AsyncCallback callback;
        final Set<String> expected = new TreeSet<>();
        final Set<String> answered = new TreeSet<>();
        final List<String> failures = new ArrayList<>();
        ScheduledFuture<?> timeout;

        CollectionProcessComplete(Exchange exchange, AsyncCallback callback) {
            this.exchange = exchange;
            this.callback = callback;
        }
    }

    /**
     * One exchange on its way: the item written once (retries send the same bytes), the content it carried (the reply
     * leaves it out) and its target instance.
     */
    private static final class Request extends CorrelatedRequest<Object> {
        final byte[] payload;
        final RequestContent content;
        /** The one worker instance that may take it, or null. */
        final String target;

        Request(Exchange exchange, AsyncCallback callback, String referenceId, long timeout, byte[] payload,
                RequestContent content, String target) {
            super(exchange, callback, referenceId, timeout);
            this.payload = payload;
            this.content = content;
            this.target = target;
        }
    }

    /** How the correlator puts requests on the wire, and what it tells the statistics. */
    private final class Wire implements RequestChannel<Request> {

        @Override
        public void send(Request request) throws JMSException {
            synchronized (sendLock) {
                Message message = WireMessages.createWritten(sendSession, WireProtocol.REQUEST, request.getKey(),
                        endpoint.getChainName(), request.payload, format);
                message.setJMSReplyTo(replyQueue);
                message.setStringProperty(WireProtocol.REPLY_CONTENT, WireProtocol.ADDED);
                if (request.target != null) {
                    message.setStringProperty(WireProtocol.TARGET_INSTANCE, request.target);
                }
                // a request nobody waits for any more expires in the broker instead of reaching a worker
                sender.send(message, DeliveryMode.NON_PERSISTENT, Message.DEFAULT_PRIORITY, request.getTimeout());
            }
        }

        @Override
        public Exception timedOut(Request request) {
            return new ExchangeTimedOutException(request.getExchange(), request.getTimeout(), "No reply from a worker"
                    + " on queue " + configuration.getQueue() + " for request " + request.getKey() + " after "
                    + request.getAttempts() + " attempt(s)");
        }

        @Override
        public void waitedForPlace(Request request, long nanos) {
            statistics.waitedForPlace(nanos);
        }

        @Override
        public void sent(Request request) {
            statistics.sent();
        }

        @Override
        public void noReplyInTime(Request request) {
            statistics.timedOut();
        }
    }

    public RemoteEnhancerProducer(EnhancerEndpoint endpoint) {
        super(endpoint);
        this.endpoint = endpoint;
        this.configuration = endpoint.getConfiguration();
        this.format = WireFormat.of(configuration.getSerializer());
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        requests = new Correlator<>(getEndpoint().getCamelContext(), this, "Requests to queue " + configuration.getQueue(),
                new Wire(), configuration.getMaxRetries(), configuration.getMaxWaiting());
        ServiceHelper.startService(requests);
        for (int i = 0; i < configuration.getCasPoolSize(); i++) {
            requests.addPlace(PLACE);
        }
        // the broker's part is attached on a thread of its own: a failover URL whose brokers are all down would hold
        // this start (and the exchange that starts a lazy producer) for as long as they are down
        BrokerConnector connector = new BrokerConnector(getEndpoint().getCamelContext(), this,
                "producer of queue " + configuration.getQueue(), new BrokerConnector.Attachment() {
                    @Override
                    public void attach() throws Exception {
                        attachToBroker();
                    }

                    @Override
                    public void abandon() {
                        Connection c = connection;
                        connection = null;
                        BrokerConnections.abandon(c);
                    }
                });
        boolean attached = connector.start(EnhancerWorkerConsumer.FIRST_ATTEMPT_MILLIS);
        if (!attached) {
            String why = connector.lastFailure();
            connector.stop();
            throw new IllegalStateException("The broker of queue " + configuration.getQueue() + " cannot be reached"
                                            + (why == null ? " within " + EnhancerWorkerConsumer.FIRST_ATTEMPT_MILLIS
                                                             + " ms" : ": " + why)
                                            + "; the next start tries again");
        }
        connector.stop();
        if (configuration.getGetMetaTimeout() > 0) {
            askWorkers();
        }
        publisher = new StatisticsPublisher(getEndpoint().getCamelContext());
        publisher.publish(statistics, this, configuration.getQueue(), endpoint.getChainName());
        if (endpoint.getComponent().isHealthCheckProducerEnabled()) {
            healthCheck = HealthChecks.register(getEndpoint().getCamelContext(),
                    new ProducerHealthCheck(this, configuration.getQueue()));
        }
    }

    /** The connection, the sessions of requests and replies, the control topic and the count of workers. */
    private void attachToBroker() throws JMSException {
        connection = BrokerConnections.forProducer(configuration, "enhancer producer " + endpoint.getEndpointUri());
        if (connection instanceof ActiveMQConnection amq) {
            amq.addTransportListener(new BrokerInterruptions(requests, "the broker of queue " + configuration.getQueue(),
                    () -> new IllegalStateException("The connection to the broker of queue " + configuration.getQueue()
                                                    + " was interrupted; the reply to this request may be lost")));
        }
        sendSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        requestQueue = sendSession.createQueue(configuration.getQueue());
        sender = sendSession.createProducer(requestQueue);
        sender.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
        // replies are acknowledged lazily, in batches (see BrokerConnections.forProducer)
        replySession = connection.createSession(false, Session.DUPS_OK_ACKNOWLEDGE);
        replyQueue = replySession.createTemporaryQueue();
        replyConsumer = replySession.createConsumer(replyQueue);
        replyConsumer.setMessageListener(this::onReply);
        controlTopic = sendSession.createTopic(configuration.getQueue() + WireProtocol.CONTROL_SUFFIX);
        controlSender = sendSession.createProducer(controlTopic);
        controlSender.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
        attachedWorkers.start(connection, configuration.getQueue());
        connection.start();
    }

    /** Asks every worker instance for its metadata and waits for the first answer (UIMA AS's GetMeta on start). */
    private void askWorkers() throws Exception {
        CompletableFuture<WorkerMetadata> first = new CompletableFuture<>();
        metadataReply = first;
        synchronized (sendLock) {
            controlSender.send(controlMessage(WireProtocol.METADATA));
        }
        try {
            first.get(configuration.getGetMetaTimeout(), TimeUnit.MILLISECONDS);
            // the other instances answer the same broadcast a moment later: give them that moment, so that a
            // collection process complete sent right after the start waits for all of them
            Thread.sleep(Math.min(METADATA_SETTLE_MILLIS, configuration.getGetMetaTimeout()));
        } catch (TimeoutException e) {
            statistics.metadataError();
            BrokerConnections.close(connection);
            connection = null;
            throw new IllegalStateException("No worker answered the metadata request on queue " + configuration.getQueue()
                                            + " within " + configuration.getGetMetaTimeout()
                                            + " ms (option getMetaTimeout; 0 skips the request)");
        } finally {
            metadataReply = null;
        }
    }

    private Message controlMessage(String type) throws JMSException {
        Message m = sendSession.createTextMessage("");
        m.setStringProperty(WireProtocol.MESSAGE_TYPE, type);
        m.setIntProperty(WireProtocol.VERSION, WireFormat.VERSION);
        m.setStringProperty(WireProtocol.CHAIN, endpoint.getChainName());
        m.setJMSReplyTo(replyQueue);
        return m;
    }

    /** What the producer did since it was created. */
    public ProducerStatistics getStatistics() {
        return statistics;
    }

    /** Whether the producer's connection reaches the broker now. */
    public boolean isConnected() {
        Connection c = connection;
        return c != null && BrokerConnections.isConnected(c);
    }

    /**
     * Worker instances attached to the request queue: the consumers the broker has on it right now, from its
     * advisories; where the broker announces nothing (advisories off), the instances that answered the metadata
     * request.
     */
    public int getAttachedWorkers() {
        int fromBroker = attachedWorkers.get();
        return fromBroker >= 0 ? fromBroker : workers.size();
    }

    public String getQueue() {
        return configuration.getQueue();
    }

    public String getChainName() {
        return endpoint.getChainName();
    }

    /** Exchanges waiting for a place in the pool. */
    public int getWaitingCount() {
        Correlator<Request, Object> r = requests;
        return r == null ? 0 : r.getWaitingCount();
    }

    /** The worker instances that answered a metadata request, by instance id. */
    public Map<String, WorkerMetadata> getWorkers() {
        return Map.copyOf(workers);
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
        CollectionProcessComplete waitingCpc = cpc.getAndSet(null);
        if (waitingCpc != null) {
            waitingCpc.exchange.setException(new RejectedExecutionException("The enhancer producer "
                                                                            + endpoint.getEndpointUri()
                                                                            + " stopped before every worker answered"
                                                                            + " collection process complete"));
            waitingCpc.callback.done(false);
        }
        BrokerConnections.close(connection);
        connection = null;
        if (publisher != null) {
            publisher.withdraw();
            publisher = null;
        }
        ServiceHelper.stopService(requests);
        super.doStop();
    }

    @Override
    public boolean process(Exchange exchange, AsyncCallback callback) {
        try {
            if (exchange.getIn().getHeader(EnhancerConstants.COLLECTION_PROCESS_COMPLETE, false, Boolean.class)) {
                return collectionProcessComplete(exchange, callback);
            }
            ContentItem item = ContentItemBodies.from(exchange);
            long timeout = ContentItemBodies.timeout(exchange, configuration);
            Request request = new Request(exchange, callback, item.getReferenceId(), timeout, format.write(item),
                    RequestContent.of(item), exchange.getIn().getHeader(EnhancerConstants.TARGET_SERVICE_ID,
                            configuration.getTargetServiceId(), String.class));
            if (!requests.submit(request)) {
                throw new IllegalArgumentException("Reference id " + request.getKey() + " is already in flight on "
                                                   + endpoint.getEndpointUri());
            }
            return false;
        } catch (Exception e) {
            exchange.setException(e);
            callback.done(true);
            return true;
        }
    }

    /** The number of exchanges this producer has accepted and not yet completed (waiting or in flight). */
    public int getActiveCount() {
        Correlator<Request, Object> r = requests;
        return r == null ? 0 : r.getActiveCount();
    }

    /** The number of requests registered for a reply. */
    public int getInFlightCount() {
        Correlator<Request, Object> r = requests;
        return r == null ? 0 : r.getInFlightCount();
    }

    private void onReply(Message message) {
        String referenceId = null;
        try {
            String type = message.getStringProperty(WireProtocol.MESSAGE_TYPE);
            if (WireProtocol.METADATA_REPLY.equals(type)) {
                onWorkerMetadata((TextMessage) message);
                return;
            }
            if (WireProtocol.COLLECTION_PROCESS_COMPLETE_REPLY.equals(type)) {
                onCollectionProcessCompleted(message);
                return;
            }
            String foreign = WireMessages.whyForeign(message, WireProtocol.REPLY);
            referenceId = message.getStringProperty(WireProtocol.REFERENCE_ID);
            if (foreign != null) {
                Request owned = requests.take(referenceId);
                if (owned != null) {
                    requests.complete(owned, new IllegalStateException("Malformed reply to request " + referenceId + ": "
                                                                       + foreign), null);
                } else {
                    LOG.warn("Dropped a foreign message on the reply queue of {}: {}", endpoint.getEndpointUri(),
                            foreign);
                }
                return;
            }
            Request request = requests.take(referenceId);
            if (request == null) {
                LOG.warn("Dropped a late reply to request {} on {}: it had already timed out or completed",
                        referenceId, endpoint.getEndpointUri());
                return;
            }
            // read on a continuation thread, where the route then goes on: this thread is the connection's
            requests.continueWith(request, owned -> readReply(owned, message));
        } catch (Exception e) {
            LOG.warn("Could not read a reply on {} (request {}): {}", endpoint.getEndpointUri(), referenceId,
                    e.getMessage(), e);
            Request owned = requests.take(referenceId);
            if (owned != null) {
                requests.complete(owned, e, null);
            }
        }
    }

    /** Reads the reply of an owned request and completes it on this thread. */
    private void readReply(Request request, Message message) {
        String referenceId = request.getKey();
        try {
            ContentItem item;
            try {
                item = WireMessages.itemOf(message, request.content);
            } catch (RuntimeException e) {
                requests.completeHere(request, new IllegalStateException("Malformed reply to request " + referenceId
                                                                         + ": " + e.getMessage(), e), null);
                return;
            }
            String status = message.getStringProperty(WireProtocol.STATUS);
            WorkerException error = WireMessages.errorOf(message);
            request.getExchange().getMessage().setHeader(EnhancerConstants.INSTANCE_ID,
                    message.getStringProperty(WireProtocol.INSTANCE_ID));
            statistics.reply(System.nanoTime() - request.getSentNanos(), !WireProtocol.COMPLETED.equals(status));
            if (WireProtocol.COMPLETED.equals(status) && item != null) {
                requests.completeHere(request, null, result(request, item));
            } else if (WireProtocol.FAILED.equals(status) && item != null && item.getExecutionMetadata() != null) {
                Exception failure = configuration.isThrowOnFailure()
                        ? EnhancementResults.failure(item.getExecutionMetadata(),
                                message.getStringProperty(WireProtocol.FAILED_ENGINE), error)
                        : null;
                requests.completeHere(request, failure, result(request, item));
            } else {
                String what = error != null ? error.getMessage() : "reply with status " + status;
                requests.completeHere(request, new EnhancementException("The worker failed on request " + referenceId
                                                                        + ": " + what, endpoint.getChainName(), null,
                        null, item == null ? null : item.getExecutionMetadata(), error), result(request, item));
            }
        } catch (Exception e) {
            LOG.warn("Could not read a reply on {} (request {}): {}", endpoint.getEndpointUri(), referenceId,
                    e.getMessage(), e);
            requests.completeHere(request, e, null);
        }
    }

    /** The enhanced item of a reply as the exchange's result, under the reference id the exchange sent. */
    private static ExchangeResultOfItem result(Request request, ContentItem item) {
        return item == null ? null : new ExchangeResultOfItem(request.getKey(), item);
    }

    /** Puts an enhanced item on the exchange as the enhancer producer's result. */
    private record ExchangeResultOfItem(String referenceId, ContentItem item)
            implements ExchangeResult {

        @Override
        public void applyTo(Exchange exchange) {
            item.setReferenceId(referenceId);
            EnhancementResults.apply(exchange.getMessage(), item);
        }
    }

    private void onWorkerMetadata(TextMessage message) throws Exception {
        WorkerMetadata metadata = WorkerMetadata.fromJson(message.getText());
        workers.put(metadata.instanceId(), metadata);
        lastSeen.put(metadata.instanceId(), System.nanoTime());
        CompletableFuture<WorkerMetadata> first = metadataReply;
        if (first != null) {
            first.complete(metadata);
        }
    }

    /**
     * Sends collection process complete to the live worker instances — those that answer a fresh metadata request
     * within {@value #LIVE_WORKERS_MILLIS} ms; instances that do not are forgotten, so a dead worker never holds it
     * up — and completes the exchange when all of them answered, or fails it after cpcTimeout naming the silent.
     * Answers of other instances (foreign, stale) change nothing.
     */
    private boolean collectionProcessComplete(Exchange exchange, AsyncCallback callback) throws JMSException {
        CollectionProcessComplete c = new CollectionProcessComplete(exchange, callback);
        if (!cpc.compareAndSet(null, c)) {
            throw new IllegalStateException("A collection process complete is already waiting for the workers of queue "
                                            + configuration.getQueue());
        }
        long asked = System.nanoTime();
        try {
            synchronized (sendLock) {
                controlSender.send(controlMessage(WireProtocol.METADATA));
            }
        } catch (JMSException | RuntimeException e) {
            cpc.compareAndSet(c, null);
            throw e;
        }
        requests.getTimer().schedule(() -> sendCollectionProcessComplete(c, asked), LIVE_WORKERS_MILLIS,
                TimeUnit.MILLISECONDS);
        return false;
    }

    private void sendCollectionProcessComplete(CollectionProcessComplete c, long asked) {
        Set<String> live = new TreeSet<>();
        lastSeen.forEach((instance, seen) -> {
            if (seen - asked >= 0) {
                live.add(instance);
            }
        });
        workers.keySet().retainAll(live);
        lastSeen.keySet().retainAll(live);
        if (live.isEmpty()) {
            failCollectionProcessComplete(c, new IllegalStateException("No worker instance of queue "
                    + configuration.getQueue() + " answered a metadata request within " + LIVE_WORKERS_MILLIS
                    + " ms: collection process complete reaches none"));
            return;
        }
        synchronized (c) {
            c.expected.addAll(live);
        }
        if (configuration.getCpcTimeout() > 0) {
            c.timeout = requests.getTimer().schedule(() -> endCollectionProcessComplete(c, true),
                    configuration.getCpcTimeout(), TimeUnit.MILLISECONDS);
        }
        try {
            synchronized (sendLock) {
                controlSender.send(controlMessage(WireProtocol.COLLECTION_PROCESS_COMPLETE));
            }
        } catch (JMSException | RuntimeException e) {
            failCollectionProcessComplete(c, e);
        }
    }

    /** Ends a collection process complete with a failure, unless it ended already. */
    private void failCollectionProcessComplete(CollectionProcessComplete c, Exception failure) {
        if (!cpc.compareAndSet(c, null)) {
            return;
        }
        if (c.timeout != null) {
            c.timeout.cancel(false);
        }
        c.exchange.setException(failure);
        requests.continueElsewhere(() -> c.callback.done(false));
    }

    private void onCollectionProcessCompleted(Message message) throws JMSException {
        CollectionProcessComplete c = cpc.get();
        if (c == null) {
            return;
        }
        String instance = message.getStringProperty(WireProtocol.INSTANCE_ID);
        boolean all;
        synchronized (c) {
            if (!c.expected.contains(instance)) {
                // an instance it was not sent to (foreign, or forgotten as dead): its answer changes nothing
                LOG.debug("Ignored an answer to collection process complete from {} on queue {}", instance,
                        configuration.getQueue());
                return;
            }
            c.answered.add(instance);
            if (WireProtocol.ERROR.equals(message.getStringProperty(WireProtocol.STATUS))) {
                WorkerException error = WireMessages.errorOf(message);
                c.failures.add(instance + ": " + (error == null ? "failed" : error.getMessage()));
            }
            all = c.answered.containsAll(c.expected);
        }
        if (all) {
            endCollectionProcessComplete(c, false);
        }
    }

    /** Ends a collection process complete once: by its last answer or by its timeout. */
    private void endCollectionProcessComplete(CollectionProcessComplete c, boolean timedOut) {
        if (!cpc.compareAndSet(c, null)) {
            return;
        }
        if (c.timeout != null) {
            c.timeout.cancel(false);
        }
        synchronized (c) {
            statistics.collectionProcessComplete(timedOut || !c.failures.isEmpty());
            List<String> answered = List.copyOf(c.answered);
            c.exchange.getMessage().setBody(answered);
            if (timedOut) {
                Set<String> silent = new TreeSet<>(c.expected);
                silent.removeAll(c.answered);
                c.exchange.setException(new ExchangeTimedOutException(c.exchange, configuration.getCpcTimeout(),
                        "Collection process complete on queue " + configuration.getQueue() + ": no answer from "
                        + silent + " within " + configuration.getCpcTimeout() + " ms (option cpcTimeout); answered: "
                        + answered));
            } else if (!c.failures.isEmpty()) {
                c.exchange.setException(new IllegalStateException("Collection process complete failed on queue "
                                                                  + configuration.getQueue() + ": " + c.failures));
            }
        }
        // never on the connection's thread, which told of the last answer
        requests.continueElsewhere(() -> c.callback.done(false));
    }
}
