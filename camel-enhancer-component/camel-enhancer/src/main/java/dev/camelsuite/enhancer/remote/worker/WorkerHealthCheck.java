package dev.camelsuite.enhancer.remote.worker;

import java.util.Map;

import org.apache.camel.health.HealthCheckResultBuilder;
import org.apache.camel.impl.health.AbstractHealthCheck;

/** Health of a worker: connected to the broker and not terminated by an engine's error threshold. */
final class WorkerHealthCheck extends AbstractHealthCheck {

    private final EnhancerWorkerConsumer worker;

    WorkerHealthCheck(EnhancerWorkerConsumer worker, String instanceId) {
        super("enhancer", "enhancer-worker-" + instanceId);
        this.worker = worker;
    }

    @Override
    protected void doCall(HealthCheckResultBuilder builder, Map<String, Object> options) {
        builder.detail("queue", worker.getQueue()).detail("instanceId", worker.getInstanceId())
                .detail("inProcess", worker.getStatistics().getInProcess());
        String terminated = worker.getTerminatedBecause();
        if (terminated != null) {
            builder.message("Terminated: " + terminated).down();
        } else if (!worker.isConnected()) {
            builder.message("No connection to the broker for queue " + worker.getQueue()).down();
        } else {
            builder.up();
        }
    }
}
