package dev.camelsuite.enhancer.remote.worker;

import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

import dev.camelsuite.correlation.MessageIds;
import dev.camelsuite.correlation.Tracing;
import dev.camelsuite.enhancer.ChainMetrics;
import dev.camelsuite.enhancer.EnhancementException;
import dev.camelsuite.enhancer.EnhancementResults;
import dev.camelsuite.enhancer.EnhancerConfiguration;
import dev.camelsuite.enhancer.chain.ThresholdAction;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.job.ChainRunner;
import dev.camelsuite.enhancer.job.EnhancementJob;
import dev.camelsuite.enhancer.metadata.ExecutionStatus;
import dev.camelsuite.enhancer.remote.wire.Replies;
import dev.camelsuite.enhancer.remote.wire.RequestContent;
import dev.camelsuite.enhancer.remote.wire.Requests;
import dev.camelsuite.enhancer.remote.wire.WireFormat;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.camel.Exchange;
import org.apache.camel.support.DefaultConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a worker instance does with each message on its queue: checks it, runs the chain over its item, passes the
 * enhanced item into the route, replies with the body at the end of the route, and acknowledges the request after the
 * reply went out. A malformed or foreign message goes to the dead-letter queue ({@link Rejections}); a failure that is
 * not understood sends the request back to the queue. Counts every document, and takes the actions of the engines' error thresholds.
 */
final class RequestHandler {

    private static final Logger LOG = LoggerFactory.getLogger(RequestHandler.class);

    private final DefaultConsumer consumer;
    private final EnhancerConfiguration configuration;
    private final String chain;
    private final String instanceId;
    private final ChainRunner runner;
    private final WorkerStatistics statistics;
    private final EngineErrorThresholds thresholds;
    private final ChainMetrics chainMetrics;
    /** Stops the worker, saying why (an engine reached its error threshold with action terminate). */
    private final Consumer<String> terminator;
    private final Rejections rejections;

    RequestHandler(DefaultConsumer consumer, EnhancerConfiguration configuration, String chain, String instanceId,
                   ChainRunner runner, WorkerStatistics statistics, EngineErrorThresholds thresholds,
                   ChainMetrics chainMetrics, Consumer<String> terminator) {
        this.consumer = consumer;
        this.configuration = configuration;
        this.chain = chain;
        this.instanceId = instanceId;
        this.runner = runner;
        this.statistics = statistics;
        this.thresholds = thresholds;
        this.chainMetrics = chainMetrics;
        this.terminator = terminator;
        this.rejections = new Rejections(configuration.getQueue(), chain, statistics);
    }

    void onRequest(Session session, MessageProducer replies, Message request) {
        try {
            handle(session, replies, request);
            // acknowledged after the reply went out; the acknowledgement itself travels asynchronously
            request.acknowledge();
        } catch (Throwable t) {
            // the request goes back to the queue for another try (or, after the broker's redeliveries, its DLQ)
            LOG.error("Worker on queue {} could not finish message {}; it goes back to the queue",
                    configuration.getQueue(), MessageIds.of(request), t);
            recover(session);
        }
    }

    private void handle(Session session, MessageProducer replies, Message request) throws Exception {
        Rejections.Checked checked = rejections.check(request);
        if (checked.why() != null) {
            rejections.reject(session, replies, request, checked.why());
            return;
        }
        ContentItem item = checked.item();
        String referenceId = Requests.referenceId(request);
        item.setReferenceId(referenceId);
        // the requester holds the content it sent: the reply carries only what the chain added, when it may
        RequestContent held = Requests.wantsAddedOnly(request) ? RequestContent.of(item) : null;
        Destination replyTo = request.getJMSReplyTo();
        WireFormat format = Requests.format(request);

        long started = statistics.documentStarted();
        boolean error = true;
        Tracing spans = runner.spans();
        Span span = spans.isOn() ? receiveSpan(spans, request, referenceId) : null;
        try (Scope scope = span == null ? null : span.makeCurrent()) {
            Message reply = process(session, referenceId, item, format, held);
            error = !Replies.isCompleted(reply);
            send(replies, replyTo, reply, referenceId);
        } finally {
            statistics.documentDone(started, error, item.getExecutionMetadata());
            if (span != null) {
                if (error) {
                    span.setStatus(StatusCode.ERROR, "the chain or the worker route failed");
                }
                span.end();
            }
        }
    }

    /** The worker's span of one request: a child of the sender's, whose context the message carries. */
    private Span receiveSpan(Tracing spans, Message request, String referenceId) {
        Span span = spans.start("enhancer receive " + configuration.getQueue(), SpanKind.CONSUMER,
                Tracing.extract(request));
        span.setAttribute("messaging.system", "activemq");
        span.setAttribute("messaging.destination.name", configuration.getQueue());
        span.setAttribute("enhancer.chain", chain);
        span.setAttribute("enhancer.reference_id", referenceId);
        span.setAttribute("enhancer.worker", instanceId);
        return span;
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
            return Replies.error(session, referenceId, chain, null, format, e);
        }
        if (job.isFailed()) {
            return Replies.failed(session, referenceId, chain, item, format, held, job.getFailedEngine(),
                    job.getFailure() != null ? job.getFailure()
                            : new IllegalStateException(item.getExecutionMetadata().getChainExecution()
                                    .getStatusMessage()));
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
                        reached.engine(), chain, reached.describe());
                runner.disable(reached.engine(), reached.describe());
            } else {
                terminator.accept("engine '" + reached.engine() + "' reached its error threshold: " + reached.describe());
            }
        }
    }

    private void send(MessageProducer replies, Destination replyTo, Message reply, String referenceId)
            throws JMSException {
        if (replyTo == null) {
            return;
        }
        Replies.signedBy(reply, instanceId);
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
        Exchange exchange = consumer.createExchange(false);
        try {
            EnhancementResults.apply(exchange.getMessage(), item);
            consumer.getProcessor().process(exchange);
            Exception error = exchange.getException();
            ContentItem result = error == null ? exchange.getMessage().getBody(ContentItem.class) : null;
            if (error == null && result == null) {
                error = new IllegalStateException("The worker route left a body that is not a content item: "
                                                  + exchange.getMessage().getBody());
            }
            if (error != null) {
                return Replies.error(session, referenceId, chain, item, format, error);
            }
            result.setReferenceId(referenceId);
            boolean chainFailed = result.getExecutionMetadata() != null
                                  && result.getExecutionMetadata().getChainExecution().getStatus() == ExecutionStatus.FAILED;
            return chainFailed ? Replies.chainFailed(session, referenceId, chain, result, format, held)
                    : Replies.completed(session, referenceId, chain, result, format, held);
        } finally {
            consumer.releaseExchange(exchange, false);
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
