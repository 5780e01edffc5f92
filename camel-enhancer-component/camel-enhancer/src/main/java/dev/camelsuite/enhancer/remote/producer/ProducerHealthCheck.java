package dev.camelsuite.enhancer.remote.producer;

import java.util.Map;

import org.apache.camel.health.HealthCheckResultBuilder;
import org.apache.camel.impl.health.AbstractHealthCheck;

/**
 * Readiness of a remote enhancer producer: connected to the broker, and at least one worker attached to its queue
 * (without one, every document would wait for its timeout).
 */
final class ProducerHealthCheck extends AbstractHealthCheck {

    private final RemoteEnhancerProducer producer;

    ProducerHealthCheck(RemoteEnhancerProducer producer, String queue) {
        super("enhancer", "enhancer-producer-" + queue);
        this.producer = producer;
    }

    @Override
    public boolean isLiveness() {
        // a missing worker is not cured by restarting this application
        return false;
    }

    @Override
    protected void doCall(HealthCheckResultBuilder builder, Map<String, Object> options) {
        String queue = producer.getQueue();
        int workers = producer.getAttachedWorkers();
        builder.detail("queue", queue).detail("chain", producer.getChainName()).detail("workers", workers)
                .detail("inFlight", producer.getInFlightCount()).detail("waiting", producer.getWaitingCount());
        if (!producer.isConnected()) {
            builder.message("No connection to the broker for queue " + queue).down();
        } else if (workers == 0) {
            builder.message("No worker attached to queue " + queue).down();
        } else {
            builder.up();
        }
    }
}
