package dev.camelsuite.enhancer.remote.worker;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.camelsuite.enhancer.ChainMetrics;
import dev.camelsuite.enhancer.EnhancerConfiguration;
import dev.camelsuite.enhancer.EnhancerEndpoint;
import dev.camelsuite.enhancer.job.ChainRunner;
import dev.camelsuite.enhancer.remote.BrokerConnector;
import dev.camelsuite.enhancer.remote.HealthChecks;
import dev.camelsuite.enhancer.remote.StatisticsPublisher;
import jakarta.jms.JMSException;
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
 * <p>
 * The parts: the {@link WorkerLink} to the broker (connection, sessions, consumers, prefetch windows), a
 * {@link RequestHandler} per start for the requests, a {@link ControlHandler} for the control topic,
 * {@link WorkerInstanceIds} of the context for the instance id.
 */
public class EnhancerWorkerConsumer extends DefaultConsumer {

    private static final Logger LOG = LoggerFactory.getLogger(EnhancerWorkerConsumer.class);
    /** How long a start waits for the first attempt to attach to the broker, before it goes on without. */
    public static final long FIRST_ATTEMPT_MILLIS = 5_000;

    private final EnhancerEndpoint endpoint;
    private final EnhancerConfiguration configuration;
    private final ChainRunner runner;
    private final WorkerLink link;
    private final AtomicBoolean terminating = new AtomicBoolean();
    private volatile WorkerStatistics statistics = new WorkerStatistics(1);
    private volatile String terminatedBecause;
    private StatisticsPublisher publisher;
    private BrokerConnector connector;
    private RequestHandler requests;
    private ControlHandler control;
    private WorkerInstanceIds instanceIds;
    private String instanceId;
    private HealthCheck healthCheck;

    public EnhancerWorkerConsumer(EnhancerEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
        this.endpoint = endpoint;
        this.configuration = endpoint.getConfiguration();
        this.runner = new ChainRunner(endpoint.getComponent(), endpoint.getChainName());
        this.link = new WorkerLink(configuration);
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        ServiceHelper.startService(runner);
        statistics = new WorkerStatistics(configuration.getConcurrentConsumers());
        publisher = new StatisticsPublisher(getEndpoint().getCamelContext());
        terminating.set(false);
        instanceIds = WorkerInstanceIds.of(getEndpoint().getCamelContext());
        instanceId = instanceIds.take(configuration.getQueue(), configuration.getInstanceId());
        requests = new RequestHandler(this, configuration, endpoint.getChainName(), instanceId, runner, statistics,
                new EngineErrorThresholds(runner.getPrepared().plan(), configuration),
                ChainMetrics.of(getEndpoint().getCamelContext(), endpoint.getChainName()), this::terminate);
        control = new ControlHandler(configuration.getQueue(), endpoint.getChainName(), instanceId, runner, statistics);
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
                        link.abandon();
                    }
                });
        connector.start(FIRST_ATTEMPT_MILLIS);
    }

    /** The link's connection, a session and consumer per instance, the control topic; then the worker is announced. */
    private void attachToBroker() throws JMSException {
        link.open("enhancer worker " + endpoint.getEndpointUri(), instanceId, requests, control);
        List<String> engineNames = new ArrayList<>();
        for (int i = 0; i < runner.getPrepared().plan().size(); i++) {
            engineNames.add(runner.getPrepared().plan().getNode(i).getEngine());
        }
        WorkerMeters.publish(publisher, statistics, configuration.getQueue(), endpoint.getChainName(), instanceId,
                engineNames);
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
        // returns when the instances have finished the documents they hold
        link.close();
        ServiceHelper.stopService(runner);
        if (publisher != null) {
            publisher.withdraw();
        }
        if (instanceId != null) {
            instanceIds.release(configuration.getQueue(), instanceId);
            instanceId = null;
        }
        super.doStop();
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

    /** Whether the worker's connection reaches the broker now. */
    public boolean isConnected() {
        return link.isConnected();
    }

    /** The request queue the worker takes documents from. */
    public String getQueue() {
        return configuration.getQueue();
    }

    /** What the worker did since it started. */
    public WorkerStatistics getStatistics() {
        return statistics;
    }

    /** The worker instance's id (see the instanceId option). */
    public String getInstanceId() {
        return instanceId;
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
}
