package dev.camelsuite.enhancer.remote;

import java.io.IOException;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.camelsuite.enhancer.EnhancementException;
import dev.camelsuite.enhancer.EnhancementResults;
import dev.camelsuite.enhancer.ChainMetrics;
import dev.camelsuite.enhancer.EnhancerConfiguration;
import dev.camelsuite.enhancer.EnhancerEndpoint;
import dev.camelsuite.enhancer.chain.ThresholdAction;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.ContentItemJson.RequestContent;
import dev.camelsuite.enhancer.job.ChainRunner;
import dev.camelsuite.enhancer.job.EnhancementJob;
import dev.camelsuite.enhancer.metadata.ExecutionStatus;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.apache.activemq.ActiveMQConnection;
import org.apache.activemq.ActiveMQMessageConsumer;
import org.apache.activemq.command.ActiveMQMessage;
import org.apache.activemq.command.ActiveMQQueue;
import org.apache.activemq.command.ConsumerControl;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.support.DefaultConsumer;
import org.apache.camel.support.service.ServiceHelper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker: takes requests from the endpoint's queue, runs the chain over each item, passes the enhanced item into
 * its route and replies with the body at the end of the route.
 * <p>
 * Each instance ({@code concurrentConsumers}) has its own session in client-acknowledge mode: a request is
 * acknowledged only after its reply has been sent, so a worker that dies mid-document leaves the request to the broker,
 * which gives it to another worker. (A worker that dies between sending the reply and acknowledging makes the request
 * run twice; the producer completes the exchange with the first reply and drops the second.)
 * <p>
 * A malformed or foreign message is moved to the queue's dead-letter queue ({@code <queue>.DLQ}) with a log line saying
 * why, answered with an error when it says where, and the worker goes on.
 */
public class EnhancerWorkerConsumer extends DefaultConsumer {

    private static final Logger LOG = LoggerFactory.getLogger(EnhancerWorkerConsumer.class);

    private final EnhancerEndpoint endpoint;
    private final EnhancerConfiguration configuration;
    private final ChainRunner runner;
    private volatile WorkerStatistics statistics = new WorkerStatistics(1);
    private StatisticsPublisher publisher;
    /** How long a start waits for the first attempt to attach to the broker, before it goes on without. */
    static final long FIRST_ATTEMPT_MILLIS = 5_000;
    private final List<MessageConsumer> instances = new CopyOnWriteArrayList<>();
    private final List<Session> sessions = new CopyOnWriteArrayList<>();
    private BrokerConnector connector;
    private final AtomicBoolean terminating = new AtomicBoolean();
    private volatile EngineErrorThresholds thresholds;
    private volatile String terminatedBecause;
    private String instanceId;
    private volatile Connection connection;
    private volatile ChainMetrics chainMetrics;
    private HealthCheck healthCheck;
    /** Instance ids taken by the workers of this JVM, by queue, so two workers of one queue never share one. */
    private static final Set<String> TAKEN_IDS = ConcurrentHashMap.newKeySet();

    public EnhancerWorkerConsumer(EnhancerEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
        this.endpoint = endpoint;
        this.configuration = endpoint.getConfiguration();
        this.runner = new ChainRunner(endpoint.getComponent(), endpoint.getChainName());
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        ServiceHelper.startService(runner);
        thresholds = new EngineErrorThresholds(runner.getPrepared().plan(), configuration);
        statistics = new WorkerStatistics(configuration.getConcurrentConsumers());
        publisher = new StatisticsPublisher(getEndpoint().getCamelContext());
        chainMetrics = ChainMetrics.of(getEndpoint().getCamelContext(), endpoint.getChainName());
        terminating.set(false);
        instanceId = takeInstanceId();
        if (endpoint.getComponent().isHealthCheckConsumerEnabled()) {
            healthCheck = HealthChecks.register(getEndpoint().getCamelContext(), new WorkerHealthCheck(this, instanceId));
        }
        // with the broker there, attached before the start returns (producers starting next find this worker); without
        // it, the start goes on and the worker attaches when the broker comes
        connector = new BrokerConnector(getEndpoint().getCamelContext(), this,
                "worker " + instanceId + " of queue " + configuration.getQueue(), new BrokerConnector.Attachment() {
                    @Override
                    public void attach() throws Exception {
                        attachToBroker();
                    }

                    @Override
                    public void abandon() {
                        abandonBroker();
                    }
                });
        connector.start(FIRST_ATTEMPT_MILLIS);
    }

    /** The connection, a session and consumer per instance, the control topic; then the worker is announced. */
    private void attachToBroker() throws JMSException {
        connection = BrokerConnections.forWorker(configuration, "enhancer worker " + endpoint.getEndpointUri());
        String source = configuration.getQueue() + "?consumer.prefetchSize=" + configuration.getPrefetch();
        // requests targeted at another instance are not for this one
        String selector = WireProtocol.TARGET_INSTANCE + " IS NULL OR " + WireProtocol.TARGET_INSTANCE + " = '"
                          + instanceId.replace("'", "''") + "'";
        for (int i = 0; i < configuration.getConcurrentConsumers(); i++) {
            // one session per instance: the JMS client delivers its requests one at a time, on the session's thread
            Session session = connection.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            sessions.add(session);
            MessageProducer replies = session.createProducer(null);
            replies.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
            MessageConsumer consumer = session.createConsumer(session.createQueue(source), selector);
            PrefetchWindow window = new PrefetchWindow(configuration.getPrefetch(), configuration.getMaxPrefetch());
            consumer.setMessageListener(request -> {
                long started = System.nanoTime();
                onRequest(session, replies, request);
                tellWindow(consumer, window.documentDone(System.nanoTime() - started));
            });
            instances.add(consumer);
        }
        Session control = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        sessions.add(control);
        MessageProducer controlReplies = control.createProducer(null);
        controlReplies.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
        MessageConsumer controlConsumer = control.createConsumer(
                control.createTopic(configuration.getQueue() + WireProtocol.CONTROL_SUFFIX));
        controlConsumer.setMessageListener(command -> onControl(control, controlReplies, command));
        instances.add(controlConsumer);
        connection.start();
        List<String> engineNames = new ArrayList<>();
        for (int i = 0; i < runner.getPrepared().plan().size(); i++) {
            engineNames.add(runner.getPrepared().plan().getNode(i).getEngine());
        }
        publisher.publish(statistics, configuration.getQueue(), endpoint.getChainName(), instanceId, engineNames);
    }

    /** Gives up a connection that is not attached (yet): its consumers and sessions go with it. */
    private void abandonBroker() {
        Connection c = connection;
        connection = null;
        BrokerConnections.abandon(c);
        instances.clear();
        sessions.clear();
    }

    /** Whether the worker's connection reaches the broker now. */
    public boolean isConnected() {
        Connection c = connection;
        return c != null && BrokerConnections.isConnected(c);
    }

    /** The request queue the worker takes documents from. */
    public String getQueue() {
        return configuration.getQueue();
    }

    @Override
    protected void doStop() throws Exception {
        HealthChecks.unregister(getEndpoint().getCamelContext(), healthCheck);
        healthCheck = null;
        if (connector != null) {
            // a worker still waiting for the broker gives up at once
            connector.stop();
            connector = null;
        }
        for (MessageConsumer consumer : instances) {
            try {
                // returns when the instance has finished the document it holds
                consumer.close();
            } catch (JMSException e) {
                LOG.debug("Closing a worker instance failed", e);
            }
        }
        instances.clear();
        for (Session session : sessions) {
            try {
                session.close();
            } catch (JMSException e) {
                LOG.debug("Closing a worker session failed", e);
            }
        }
        sessions.clear();
        BrokerConnections.close(connection);
        connection = null;
        ServiceHelper.stopService(runner);
        if (publisher != null) {
            publisher.withdraw();
        }
        if (instanceId != null) {
            TAKEN_IDS.remove(configuration.getQueue() + "|" + instanceId);
            instanceId = null;
        }
        super.doStop();
    }

    /** The configured id, else host:pid, with #n added for a further worker of the same queue in this JVM. */
    private String takeInstanceId() {
        String base = configuration.getInstanceId();
        if (base == null || base.isBlank()) {
            String host;
            try {
                host = InetAddress.getLocalHost().getHostName();
            } catch (IOException e) {
                host = "localhost";
            }
            base = host + ":" + ProcessHandle.current().pid();
        }
        for (int n = 1;; n++) {
            String id = n == 1 ? base : base + "#" + n;
            if (TAKEN_IDS.add(configuration.getQueue() + "|" + id)) {
                return id;
            }
        }
    }

    /** What the worker did since it started. */
    public WorkerStatistics getStatistics() {
        return statistics;
    }

    /** The worker instance's id (see the instanceId option). */
    public String getInstanceId() {
        return instanceId;
    }

    /** Answers a metadata request, or runs collection process complete on every engine of the chain. */
    private void onControl(Session session, MessageProducer replies, Message command) {
        try {
            String type = command.getStringProperty(WireProtocol.MESSAGE_TYPE);
            Destination replyTo = command.getJMSReplyTo();
            if (replyTo == null) {
                LOG.warn("Dropped a control message without a reply address on {}", configuration.getQueue());
                return;
            }
            TextMessage reply = session.createTextMessage();
            reply.setStringProperty(WireProtocol.INSTANCE_ID, instanceId);
            reply.setIntProperty(WireProtocol.VERSION, WireFormat.VERSION);
            reply.setJMSCorrelationID(command.getJMSCorrelationID());
            if (WireProtocol.METADATA.equals(type)) {
                reply.setStringProperty(WireProtocol.MESSAGE_TYPE, WireProtocol.METADATA_REPLY);
                try {
                    reply.setText(metadata().toJson());
                    statistics.metadataRequest(false);
                } catch (RuntimeException e) {
                    statistics.metadataRequest(true);
                    throw e;
                }
            } else if (WireProtocol.COLLECTION_PROCESS_COMPLETE.equals(type)) {
                reply.setStringProperty(WireProtocol.MESSAGE_TYPE, WireProtocol.COLLECTION_PROCESS_COMPLETE_REPLY);
                collectionProcessComplete(reply);
                statistics.collectionProcessComplete(
                        WireProtocol.ERROR.equals(reply.getStringProperty(WireProtocol.STATUS)));
            } else {
                LOG.warn("Dropped a control message of type {} on {}", type, configuration.getQueue());
                return;
            }
            replies.send(replyTo, reply, DeliveryMode.NON_PERSISTENT, Message.DEFAULT_PRIORITY, 0);
        } catch (Exception e) {
            LOG.error("Worker on queue {} could not answer a control message", configuration.getQueue(), e);
        }
    }

    private WorkerMetadata metadata() {
        var prepared = runner.getPrepared();
        List<WorkerMetadata.Engine> engines = new ArrayList<>();
        for (int i = 0; i < prepared.plan().size(); i++) {
            var node = prepared.plan().getNode(i);
            var engine = prepared.engines()[i];
            engines.add(new WorkerMetadata.Engine(node.getEngine(), engine == null ? 0 : engine.getOrder(),
                    node.isOptional()));
        }
        return new WorkerMetadata(instanceId, endpoint.getChainName(), engines, List.of("json", "binary"));
    }

    /** Every engine of the chain finishes its collection; the first failure is reported, the others still run. */
    private void collectionProcessComplete(Message reply) throws JMSException {
        Exception first = null;
        for (var engine : runner.getPrepared().engines()) {
            if (engine == null) {
                continue;
            }
            try {
                engine.collectionProcessComplete();
            } catch (Exception e) {
                LOG.error("Engine {} failed collection process complete on {}", engine.getName(),
                        configuration.getQueue(), e);
                if (first == null) {
                    first = e;
                }
            }
        }
        reply.setStringProperty(WireProtocol.STATUS, first == null ? WireProtocol.COMPLETED : WireProtocol.ERROR);
        if (first != null) {
            WireMessages.setError(reply, first);
        }
    }

    /** Requests answered completed or failed since the worker started. */
    public long getProcessedCount() {
        return statistics.getProcessed();
    }

    /** Why the worker terminated itself (an engine's error threshold), or null. */
    public String getTerminatedBecause() {
        return terminatedBecause;
    }

    /** Messages moved to the dead-letter queue since the worker started. */
    public long getRejectedCount() {
        return statistics.getRejected();
    }

    /** Requests whose chain or route failed since the worker started. */
    public long getFailedCount() {
        return statistics.getProcessErrors();
    }

    /**
     * Tells the broker an instance's new prefetch window (ActiveMQ's consumer control, the command its own tools use);
     * a broker that is not ActiveMQ keeps the window the consumer was created with.
     */
    private void tellWindow(MessageConsumer consumer, int window) {
        if (window < 0 || !(connection instanceof ActiveMQConnection amq)
            || !(consumer instanceof ActiveMQMessageConsumer instance)) {
            return;
        }
        ConsumerControl control = new ConsumerControl();
        control.setConsumerId(instance.getConsumerId());
        control.setDestination(new ActiveMQQueue(configuration.getQueue()));
        control.setPrefetch(window);
        try {
            amq.asyncSendPacket(control);
        } catch (JMSException e) {
            // the connection is failing; the window is told again after the next documents
            LOG.debug("Could not tell the broker the prefetch window of a worker on {}: {}", configuration.getQueue(),
                    e.getMessage());
        }
    }

    private void onRequest(Session session, MessageProducer replies, Message request) {
        try {
            handle(session, replies, request);
            // acknowledged after the reply went out; the acknowledgement itself travels asynchronously
            request.acknowledge();
        } catch (Throwable t) {
            // the request goes back to the queue for another try (or, after the broker's redeliveries, its DLQ)
            LOG.error("Worker on queue {} could not finish message {}; it goes back to the queue",
                    configuration.getQueue(), safeId(request), t);
            recover(session);
        }
    }

    private void handle(Session session, MessageProducer replies, Message request) throws Exception {
        String why = WireMessages.whyForeign(request, WireProtocol.REQUEST);
        if (why == null) {
            String chain = request.getStringProperty(WireProtocol.CHAIN);
            if (!endpoint.getChainName().equals(chain)) {
                why = "the request is for chain '" + chain + "' and this worker runs chain '" + endpoint.getChainName()
                      + "'";
            }
        }
        ContentItem item = null;
        if (why == null) {
            try {
                item = WireMessages.itemOf(request);
                if (item == null) {
                    why = "the request carries no content item";
                }
            } catch (RuntimeException e) {
                why = e.getMessage();
            }
        }
        if (why != null) {
            reject(session, replies, request, why);
            return;
        }
        String referenceId = request.getStringProperty(WireProtocol.REFERENCE_ID);
        item.setReferenceId(referenceId);
        // the requester holds the content it sent: the reply carries only what the chain added, when it may
        RequestContent held = WireProtocol.ADDED.equals(request.getStringProperty(WireProtocol.REPLY_CONTENT))
                ? RequestContent.of(item) : null;
        Destination replyTo = request.getJMSReplyTo();
        WireFormat format = WireFormat.of(request.getStringProperty(WireProtocol.FORMAT));

        long started = statistics.documentStarted();
        boolean error = true;
        try {
            Message reply = process(session, referenceId, item, format, held);
            error = !WireProtocol.COMPLETED.equals(reply.getStringProperty(WireProtocol.STATUS));
            send(replies, replyTo, reply, referenceId);
        } finally {
            statistics.documentDone(started, error, item.getExecutionMetadata());
        }
    }

    /** Runs the chain and the route over an item; answers the reply. */
    private Message process(Session session, String referenceId, ContentItem item, WireFormat format,
                            RequestContent held)
            throws Exception {
        EnhancementJob job;
        try {
            job = runChain(item);
            applyThresholds(item);
        } catch (EnhancementException e) {
            // the item carries metadata this chain cannot continue: an answer, not a reason to try again
            Message reply = WireMessages.create(session, WireProtocol.REPLY, referenceId, endpoint.getChainName(), null,
                    format);
            reply.setStringProperty(WireProtocol.STATUS, WireProtocol.ERROR);
            WireMessages.setError(reply, e);
            return reply;
        }
        if (job.isFailed()) {
            Message reply = WireMessages.create(session, WireProtocol.REPLY, referenceId, endpoint.getChainName(), item,
                    format, held);
            reply.setStringProperty(WireProtocol.STATUS, WireProtocol.FAILED);
            if (job.getFailedEngine() != null) {
                reply.setStringProperty(WireProtocol.FAILED_ENGINE, job.getFailedEngine());
            }
            WireMessages.setError(reply, job.getFailure() != null ? job.getFailure()
                    : new IllegalStateException(item.getExecutionMetadata().getChainExecution().getStatusMessage()));
            return reply;
        }
        return runRoute(session, referenceId, item, format, held);
    }

    /** Counts the document's engine errors and takes the threshold actions they call for. */
    private void applyThresholds(ContentItem item) {
        EngineErrorThresholds t = thresholds;
        if (t == null || t.isEmpty() || item.getExecutionMetadata() == null) {
            return;
        }
        for (EngineErrorThresholds.Reached reached : t.record(item.getExecutionMetadata())) {
            if (reached.action() == ThresholdAction.DISABLE) {
                LOG.warn("Worker on queue {} disables engine '{}' of chain {}: {}", configuration.getQueue(),
                        reached.engine(), endpoint.getChainName(), reached.describe());
                runner.disable(reached.engine(), reached.describe());
            } else {
                terminate("engine '" + reached.engine() + "' reached its error threshold: " + reached.describe());
            }
        }
    }

    /**
     * Detaches the worker from its queue and stops its route (UIMA AS's terminate): on another thread, because stopping
     * waits for the documents the worker holds, this one included.
     */
    private void terminate(String why) {
        if (!terminating.compareAndSet(false, true)) {
            return;
        }
        terminatedBecause = why;
        LOG.error("Worker on queue {} (chain {}) terminates: {}", configuration.getQueue(), endpoint.getChainName(),
                why);
        // a thread of Camel's, named as Camel names its threads (the context's thread pattern)
        Thread stopper = getEndpoint().getCamelContext().getExecutorServiceManager()
                .newThread("EnhancerWorkerTerminate-" + configuration.getQueue(), () -> {
                    try {
                        if (getRouteId() != null) {
                            getEndpoint().getCamelContext().getRouteController().stopRoute(getRouteId());
                        } else {
                            ServiceHelper.stopService(this);
                        }
                    } catch (Exception e) {
                        LOG.error("Stopping the terminated worker on queue {} failed", configuration.getQueue(), e);
                    }
                });
        stopper.start();
    }

    private void send(MessageProducer replies, Destination replyTo, Message reply, String referenceId)
            throws JMSException {
        if (replyTo == null) {
            return;
        }
        reply.setStringProperty(WireProtocol.INSTANCE_ID, instanceId);
        try {
            replies.send(replyTo, reply, DeliveryMode.NON_PERSISTENT, Message.DEFAULT_PRIORITY, 0);
        } catch (InvalidDestinationException e) {
            // the requester is gone (its reply queue with it): nobody can take this reply, and running the
            // request again would not change that
            LOG.warn("Dropped the reply to request {} on queue {}: the requester's reply queue is gone ({})",
                    referenceId, configuration.getQueue(), e.getMessage());
        }
    }

    private EnhancementJob runChain(ContentItem item) throws Exception {
        CompletableFuture<EnhancementJob> done = new CompletableFuture<>();
        runner.run(item, 0, (job, sync) -> done.complete(job));
        EnhancementJob job = done.get();
        ChainMetrics meters = chainMetrics;
        if (meters != null) {
            meters.record(job.getMetadata(), job.isFailed());
        }
        return job;
    }

    private Message runRoute(Session session, String referenceId, ContentItem item, WireFormat format,
                             RequestContent held)
            throws Exception {
        Exchange exchange = createExchange(false);
        try {
            EnhancementResults.apply(exchange.getMessage(), item);
            getProcessor().process(exchange);
            Exception error = exchange.getException();
            ContentItem result = error == null ? exchange.getMessage().getBody(ContentItem.class) : null;
            if (error == null && result == null) {
                error = new IllegalStateException("The worker route left a body that is not a content item: "
                                                  + exchange.getMessage().getBody());
            }
            if (error != null) {
                Message reply = WireMessages.create(session, WireProtocol.REPLY, referenceId, endpoint.getChainName(),
                        item, format);
                reply.setStringProperty(WireProtocol.STATUS, WireProtocol.ERROR);
                WireMessages.setError(reply, error);
                return reply;
            }
            result.setReferenceId(referenceId);
            Message reply = WireMessages.create(session, WireProtocol.REPLY, referenceId, endpoint.getChainName(),
                    result, format, held);
            boolean chainFailed = result.getExecutionMetadata() != null
                                  && result.getExecutionMetadata().getChainExecution().getStatus() == ExecutionStatus.FAILED;
            reply.setStringProperty(WireProtocol.STATUS, chainFailed ? WireProtocol.FAILED : WireProtocol.COMPLETED);
            return reply;
        } finally {
            releaseExchange(exchange, false);
        }
    }

    /** Moves a message the worker cannot take to the dead-letter queue and tells the sender if it can. */
    private void reject(Session session, MessageProducer replies, Message message, String why) throws JMSException {
        statistics.rejected();
        String dlq = configuration.getQueue() + WireProtocol.DEAD_LETTER_SUFFIX;
        LOG.error("Rejected message {} on queue {} to {}: {}", safeId(message), configuration.getQueue(), dlq, why);
        Message dead = message;
        if (message instanceof ActiveMQMessage amq) {
            // a copy: sending sets the message's id and destination, and the acknowledgement of the request names
            // the id it came with (the client does not copy on send; see BrokerConnections)
            ActiveMQMessage copy = (ActiveMQMessage) amq.copy();
            copy.setReadOnlyProperties(false);
            copy.setStringProperty(WireProtocol.REJECT_REASON, why);
            dead = copy;
        }
        replies.send(session.createQueue(dlq), dead, DeliveryMode.PERSISTENT, Message.DEFAULT_PRIORITY, 0);
        Destination replyTo = message.getJMSReplyTo();
        String referenceId = message.getStringProperty(WireProtocol.REFERENCE_ID);
        if (replyTo != null && referenceId != null) {
            Message reply = WireMessages.create(session, WireProtocol.REPLY, referenceId,
                    message.getStringProperty(WireProtocol.CHAIN), null, WireFormat.JSON);
            reply.setStringProperty(WireProtocol.STATUS, WireProtocol.ERROR);
            WireMessages.setError(reply, new IllegalArgumentException("Rejected by the worker on queue "
                                                                      + configuration.getQueue() + ": " + why));
            replies.send(replyTo, reply, DeliveryMode.NON_PERSISTENT, Message.DEFAULT_PRIORITY, 0);
        }
    }

    private static String safeId(Message message) {
        try {
            return message.getJMSMessageID();
        } catch (JMSException e) {
            return "?";
        }
    }

    private static void recover(Session session) {
        try {
            session.recover();
        } catch (JMSException e) {
            LOG.warn("Recovering the session failed: {}", e.getMessage());
        }
    }
}
