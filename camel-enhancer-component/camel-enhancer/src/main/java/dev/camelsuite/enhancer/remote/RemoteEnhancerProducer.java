package dev.camelsuite.enhancer.remote;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

import dev.camelsuite.enhancer.ContentItemBodies;
import dev.camelsuite.enhancer.EnhancementException;
import dev.camelsuite.enhancer.EnhancementResults;
import dev.camelsuite.enhancer.EnhancerConfiguration;
import dev.camelsuite.enhancer.EnhancerEndpoint;
import dev.camelsuite.enhancer.content.ContentItem;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import org.apache.camel.AsyncCallback;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangeTimedOutException;
import org.apache.camel.TimeoutMap;
import org.apache.camel.support.DefaultAsyncProducer;
import org.apache.camel.support.DefaultTimeoutMap;
import org.apache.camel.support.service.ServiceHelper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends each exchange's item to the workers on the endpoint's queue and completes the exchange when the correlated
 * reply arrives, holding no thread meanwhile (UIMA AS's asynchronous client).
 * <p>
 * Correlation: every request in flight is registered by reference id in a {@link DefaultTimeoutMap} before it is
 * sent. Whoever removes it — the reply listener, the timeout, a failed send, or stopping — owns the completion of the
 * exchange, so each exchange completes exactly once and nothing stays registered after it ends. A reply for a
 * reference id that is no longer registered (it timed out) is logged and dropped.
 * <p>
 * At most {@code casPoolSize} requests are in flight; further exchanges wait in a queue, holding no thread, and are
 * sent as replies free places.
 */
public class RemoteEnhancerProducer extends DefaultAsyncProducer {

    private static final Logger LOG = LoggerFactory.getLogger(RemoteEnhancerProducer.class);
    /** How a request without a timeout is registered: in practice never evicted. */
    private static final long NO_TIMEOUT = 100L * 365 * 24 * 3600 * 1000;
    private static final long TIMEOUT_CHECK_INTERVAL = 100;
    /** How long after the first metadata answer the producer still expects answers of other instances. */
    private static final long METADATA_SETTLE_MILLIS = 250;

    private final EnhancerEndpoint endpoint;
    private final EnhancerConfiguration configuration;
    private final WireFormat format;
    private final Map<String, Request> active = new ConcurrentHashMap<>();
    private final Queue<Request> waiting = new ConcurrentLinkedQueue<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final Object sendLock = new Object();
    private DefaultTimeoutMap<String, Request> correlation;
    private ScheduledExecutorService timer;
    private volatile Connection connection;
    private final AttachedWorkers attachedWorkers = new AttachedWorkers();
    private org.apache.camel.health.HealthCheck healthCheck;
    private Session sendSession;
    private MessageProducer sender;
    private Session replySession;
    private TemporaryQueue replyQueue;
    private MessageConsumer replyConsumer;
    private jakarta.jms.Queue requestQueue;
    private jakarta.jms.Topic controlTopic;
    private MessageProducer controlSender;
    private final Map<String, WorkerMetadata> workers = new ConcurrentHashMap<>();
    private final ProducerStatistics statistics = new ProducerStatistics();
    private StatisticsPublisher publisher;
    private volatile CompletableFuture<WorkerMetadata> metadataReply;
    private final java.util.concurrent.atomic.AtomicReference<CollectionProcessComplete> cpc =
            new java.util.concurrent.atomic.AtomicReference<>();

    /** A collection process complete waiting for the worker instances known when it was sent. */
    private static final class CollectionProcessComplete {
        final Exchange exchange;
        final AsyncCallback callback;
        final java.util.Set<String> expected;
        final java.util.Set<String> answered = new java.util.TreeSet<>();
        final List<String> failures = new java.util.ArrayList<>();
        java.util.concurrent.ScheduledFuture<?> timeout;

        CollectionProcessComplete(Exchange exchange, AsyncCallback callback, java.util.Set<String> expected) {
            this.exchange = exchange;
            this.callback = callback;
            this.expected = expected;
        }
    }

    /** One exchange on its way: sent, waiting for a place, or being retried. */
    private static final class Request {
        final Exchange exchange;
        final AsyncCallback callback;
        final String referenceId;
        final long timeout;
        final byte[] payload;
        /** The one worker instance that may take it, or null. */
        final String target;
        final long acceptedNanos = System.nanoTime();
        volatile long sentNanos;
        boolean waited;
        int attempts;

        Request(Exchange exchange, AsyncCallback callback, String referenceId, long timeout, byte[] payload,
                String target) {
            this.exchange = exchange;
            this.callback = callback;
            this.referenceId = referenceId;
            this.timeout = timeout;
            this.payload = payload;
            this.target = target;
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
        inFlight.set(0);
        timer = getEndpoint().getCamelContext().getExecutorServiceManager()
                .newSingleThreadScheduledExecutor(this, "EnhancerRequestTimeouts");
        correlation = new DefaultTimeoutMap<>(timer, TIMEOUT_CHECK_INTERVAL);
        correlation.addListener(this::onTimeoutMapEvent);
        ServiceHelper.startService(correlation);
        connection = BrokerConnections.open(configuration, "enhancer producer " + endpoint.getEndpointUri());
        sendSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        requestQueue = sendSession.createQueue(configuration.getQueue());
        sender = sendSession.createProducer(requestQueue);
        sender.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
        replySession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        replyQueue = replySession.createTemporaryQueue();
        replyConsumer = replySession.createConsumer(replyQueue);
        replyConsumer.setMessageListener(this::onReply);
        controlTopic = sendSession.createTopic(configuration.getQueue() + WireProtocol.CONTROL_SUFFIX);
        controlSender = sendSession.createProducer(controlTopic);
        controlSender.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
        attachedWorkers.start(connection, configuration.getQueue());
        connection.start();
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

    /** Asks every worker instance for its metadata and waits for the first answer (UIMA AS's GetMeta on start). */
    private void askWorkers() throws Exception {
        CompletableFuture<WorkerMetadata> first = new CompletableFuture<>();
        metadataReply = first;
        synchronized (sendLock) {
            controlSender.send(controlMessage(WireProtocol.METADATA));
        }
        try {
            first.get(configuration.getGetMetaTimeout(), java.util.concurrent.TimeUnit.MILLISECONDS);
            // the other instances answer the same broadcast a moment later: give them that moment, so that a
            // collection process complete sent right after the start waits for all of them
            Thread.sleep(Math.min(METADATA_SETTLE_MILLIS, configuration.getGetMetaTimeout()));
        } catch (java.util.concurrent.TimeoutException e) {
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
        return waiting.size();
    }

    /** The worker instances that answered a metadata request, by instance id. */
    public Map<String, WorkerMetadata> getWorkers() {
        return Map.copyOf(workers);
    }

    @Override
    protected void doStop() throws Exception {
        // whatever is still waiting or in flight ends now, with a clear error
        Request r;
        while ((r = waiting.poll()) != null) {
            complete(r, new RejectedExecutionException("The enhancer producer " + endpoint.getEndpointUri()
                                                       + " stopped before the request was sent"), null, false);
        }
        for (String referenceId : active.keySet()) {
            Request owned = correlation.remove(referenceId);
            if (owned != null) {
                complete(owned, new RejectedExecutionException("The enhancer producer " + endpoint.getEndpointUri()
                                                               + " stopped while the request was in flight"), null, false);
            }
        }
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
        ServiceHelper.stopService(correlation);
        if (timer != null) {
            getEndpoint().getCamelContext().getExecutorServiceManager().shutdown(timer);
            timer = null;
        }
        super.doStop();
    }

    @Override
    public boolean process(Exchange exchange, AsyncCallback callback) {
        try {
            if (exchange.getIn().getHeader(dev.camelsuite.enhancer.EnhancerConstants.COLLECTION_PROCESS_COMPLETE, false,
                    Boolean.class)) {
                return collectionProcessComplete(exchange, callback);
            }
            ContentItem item = ContentItemBodies.from(exchange);
            long timeout = ContentItemBodies.timeout(exchange, configuration);
            Request request = new Request(exchange, callback, item.getReferenceId(), timeout, format.write(item),
                    exchange.getIn().getHeader(dev.camelsuite.enhancer.EnhancerConstants.TARGET_SERVICE_ID,
                            configuration.getTargetServiceId(), String.class));
            if (active.putIfAbsent(request.referenceId, request) != null) {
                throw new IllegalArgumentException("Reference id " + request.referenceId
                                                   + " is already in flight on " + endpoint.getEndpointUri());
            }
            if (tryTakePlace()) {
                send(request);
            } else {
                request.waited = true;
                waiting.add(request);
                sendWaiting();
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
        return active.size();
    }

    /** The number of requests registered for a reply. */
    public int getInFlightCount() {
        TimeoutMap<String, Request> map = correlation;
        return map == null ? 0 : map.size();
    }

    private boolean tryTakePlace() {
        int n;
        do {
            n = inFlight.get();
            if (n >= configuration.getCasPoolSize()) {
                return false;
            }
        } while (!inFlight.compareAndSet(n, n + 1));
        return true;
    }

    /** Sends waiting requests while there are places; safe to call from any thread at any time. */
    private void sendWaiting() {
        while (!waiting.isEmpty() && tryTakePlace()) {
            Request r = waiting.poll();
            if (r == null) {
                inFlight.decrementAndGet();
                return;
            }
            send(r);
        }
    }

    /** Registers the request, then sends it; on a failed send the owner retries or fails it. */
    private void send(Request request) {
        if (request.waited && request.attempts == 0) {
            statistics.waitedForPlace(System.nanoTime() - request.acceptedNanos);
        }
        while (true) {
            request.attempts++;
            request.sentNanos = System.nanoTime();
            correlation.put(request.referenceId, request, request.timeout > 0 ? request.timeout : NO_TIMEOUT);
            try {
                synchronized (sendLock) {
                    // the item was written once when the exchange arrived; retries send the same bytes
                    Message message = WireMessages.createWritten(sendSession, WireProtocol.REQUEST, request.referenceId,
                            endpoint.getChainName(), request.payload, format);
                    message.setJMSReplyTo(replyQueue);
                    if (request.target != null) {
                        message.setStringProperty(WireProtocol.TARGET_INSTANCE, request.target);
                    }
                    // a request nobody waits for any more expires in the broker instead of reaching a worker
                    sender.send(message, DeliveryMode.NON_PERSISTENT, Message.DEFAULT_PRIORITY, request.timeout);
                }
                statistics.sent();
                return;
            } catch (Exception e) {
                if (correlation.remove(request.referenceId) == null) {
                    return; // a reply or the timeout got there first and owns the exchange
                }
                if (request.attempts > configuration.getMaxRetries() || !isRunAllowed()) {
                    complete(request, e, null, true);
                    return;
                }
                LOG.warn("Sending request {} to queue {} failed ({}); retrying", request.referenceId,
                        configuration.getQueue(), e.getMessage());
            }
        }
    }

    private void onTimeoutMapEvent(TimeoutMap.Listener.Type type, String referenceId, Request request) {
        if (type != TimeoutMap.Listener.Type.Evict) {
            return;
        }
        // evicted: this thread owns the request now
        statistics.timedOut();
        if (request.attempts <= configuration.getMaxRetries() && isRunAllowed()) {
            LOG.info("No reply to request {} within {} ms on queue {}; sending it again (attempt {} of {})",
                    referenceId, request.timeout, configuration.getQueue(), request.attempts + 1,
                    configuration.getMaxRetries() + 1);
            send(request);
        } else {
            complete(request, new ExchangeTimedOutException(request.exchange, request.timeout,
                    "No reply from a worker on queue " + configuration.getQueue() + " for request "
                                                                                       + referenceId + " after "
                                                                                       + request.attempts + " attempt(s)"),
                    null, true);
        }
    }

    private void onReply(Message message) {
        String referenceId = null;
        try {
            String type = message.getStringProperty(WireProtocol.MESSAGE_TYPE);
            if (WireProtocol.METADATA_REPLY.equals(type)) {
                onWorkerMetadata((jakarta.jms.TextMessage) message);
                return;
            }
            if (WireProtocol.COLLECTION_PROCESS_COMPLETE_REPLY.equals(type)) {
                onCollectionProcessCompleted(message);
                return;
            }
            String foreign = WireMessages.whyForeign(message, WireProtocol.REPLY);
            referenceId = message.getStringProperty(WireProtocol.REFERENCE_ID);
            if (foreign != null) {
                Request owned = referenceId == null ? null : correlation.remove(referenceId);
                if (owned != null) {
                    complete(owned, new IllegalStateException("Malformed reply to request " + referenceId + ": "
                                                              + foreign), null, true);
                } else {
                    LOG.warn("Dropped a foreign message on the reply queue of {}: {}", endpoint.getEndpointUri(),
                            foreign);
                }
                return;
            }
            Request request = correlation.remove(referenceId);
            if (request == null) {
                LOG.warn("Dropped a late reply to request {} on {}: it had already timed out or completed",
                        referenceId, endpoint.getEndpointUri());
                return;
            }
            ContentItem item;
            try {
                item = WireMessages.itemOf(message);
            } catch (RuntimeException e) {
                complete(request, new IllegalStateException("Malformed reply to request " + referenceId + ": "
                                                            + e.getMessage(), e), null, true);
                return;
            }
            String status = message.getStringProperty(WireProtocol.STATUS);
            WorkerException error = WireMessages.errorOf(message);
            request.exchange.getMessage().setHeader(dev.camelsuite.enhancer.EnhancerConstants.INSTANCE_ID,
                    message.getStringProperty(WireProtocol.INSTANCE_ID));
            statistics.reply(System.nanoTime() - request.sentNanos,
                    !WireProtocol.COMPLETED.equals(message.getStringProperty(WireProtocol.STATUS)));
            if (WireProtocol.COMPLETED.equals(status) && item != null) {
                complete(request, null, item, true);
            } else if (WireProtocol.FAILED.equals(status) && item != null && item.getExecutionMetadata() != null) {
                Exception failure = configuration.isThrowOnFailure()
                        ? EnhancementResults.failure(item.getExecutionMetadata(),
                                message.getStringProperty(WireProtocol.FAILED_ENGINE), error)
                        : null;
                complete(request, failure, item, true);
            } else {
                String what = error != null ? error.getMessage() : "reply with status " + status;
                complete(request, new EnhancementException("The worker failed on request " + referenceId + ": " + what,
                        endpoint.getChainName(), null, null, item == null ? null : item.getExecutionMetadata(),
                        error), item, true);
            }
        } catch (Exception e) {
            LOG.warn("Could not read a reply on {} (request {}): {}", endpoint.getEndpointUri(), referenceId,
                    e.getMessage(), e);
            Request owned = referenceId == null ? null : correlation.remove(referenceId);
            if (owned != null) {
                complete(owned, e, null, true);
            }
        }
    }

    private void onWorkerMetadata(jakarta.jms.TextMessage message) throws Exception {
        WorkerMetadata metadata = WorkerMetadata.fromJson(message.getText());
        workers.put(metadata.instanceId(), metadata);
        CompletableFuture<WorkerMetadata> first = metadataReply;
        if (first != null) {
            first.complete(metadata);
        }
    }

    /**
     * Sends collection process complete to every worker instance (on the control topic) and completes the exchange
     * when all the instances known from metadata answers have answered, or fails it after cpcTimeout naming the silent.
     */
    private boolean collectionProcessComplete(Exchange exchange, AsyncCallback callback) throws JMSException {
        if (workers.isEmpty()) {
            throw new IllegalStateException("No worker instance of queue " + configuration.getQueue() + " is known: none"
                                            + " answered a metadata request (option getMetaTimeout)");
        }
        CollectionProcessComplete c = new CollectionProcessComplete(exchange, callback,
                new java.util.TreeSet<>(workers.keySet()));
        if (!cpc.compareAndSet(null, c)) {
            throw new IllegalStateException("A collection process complete is already waiting for the workers of queue "
                                            + configuration.getQueue());
        }
        if (configuration.getCpcTimeout() > 0) {
            c.timeout = timer.schedule(() -> endCollectionProcessComplete(c, true), configuration.getCpcTimeout(),
                    java.util.concurrent.TimeUnit.MILLISECONDS);
        }
        try {
            synchronized (sendLock) {
                controlSender.send(controlMessage(WireProtocol.COLLECTION_PROCESS_COMPLETE));
            }
        } catch (JMSException | RuntimeException e) {
            cpc.compareAndSet(c, null);
            if (c.timeout != null) {
                c.timeout.cancel(false);
            }
            throw e;
        }
        return false;
    }

    private void onCollectionProcessCompleted(Message message) throws JMSException {
        CollectionProcessComplete c = cpc.get();
        if (c == null) {
            return;
        }
        String instance = message.getStringProperty(WireProtocol.INSTANCE_ID);
        boolean all;
        synchronized (c) {
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
                java.util.Set<String> silent = new java.util.TreeSet<>(c.expected);
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
        c.callback.done(false);
    }

    /** Completes an owned request exactly once and lets a waiting one take its place. */
    private void complete(Request request, Exception failure, ContentItem item, boolean hadPlace) {
        active.remove(request.referenceId, request);
        if (hadPlace) {
            inFlight.decrementAndGet();
        }
        Exchange exchange = request.exchange;
        try {
            if (item != null) {
                item.setReferenceId(request.referenceId);
                EnhancementResults.apply(exchange.getMessage(), item);
            }
            if (failure != null) {
                exchange.setException(failure);
            }
        } catch (Exception e) {
            exchange.setException(e);
        } finally {
            request.callback.done(false);
        }
        if (hadPlace) {
            sendWaiting();
        }
    }
}
