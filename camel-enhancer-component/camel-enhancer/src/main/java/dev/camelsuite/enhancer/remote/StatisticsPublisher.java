package dev.camelsuite.enhancer.remote;

import java.util.ArrayList;
import java.util.List;

import javax.management.ObjectName;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import org.apache.camel.CamelContext;
import org.apache.camel.spi.ManagementAgent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes a worker's or a producer's statistics where the application looks: as a JMX MBean through Camel's
 * management agent (when JMX is on), and as Micrometer meters in the {@link MeterRegistry} of the Camel registry (when
 * there is one). Withdraws them again when the worker or producer stops.
 */
final class StatisticsPublisher {

    private static final Logger LOG = LoggerFactory.getLogger(StatisticsPublisher.class);

    private final CamelContext context;
    private final List<Meter> meters = new ArrayList<>();
    private MeterRegistry registry;
    private ObjectName objectName;

    StatisticsPublisher(CamelContext context) {
        this.context = context;
    }

    /** A worker: MBean {@code type=enhancer,name=worker-<queue>-<instance>}, meters {@code enhancer.worker.*}. */
    void publish(WorkerStatistics s, String queue, String chain, String instance, List<String> engines) {
        register(s, "worker-" + queue + "-" + instance);
        MeterRegistry r = registry();
        if (r == null) {
            return;
        }
        Tags tags = Tags.of("queue", queue, "chain", chain, "instance", instance);
        counter(r, "enhancer.worker.processed", tags, s, WorkerStatistics::getProcessed, "documents answered");
        counter(r, "enhancer.worker.errors", tags.and("kind", "process"), s, WorkerStatistics::getProcessErrors,
                "documents whose chain or route failed");
        counter(r, "enhancer.worker.errors", tags.and("kind", "rejected"), s, WorkerStatistics::getRejected,
                "messages moved to the dead-letter queue");
        counter(r, "enhancer.worker.errors", tags.and("kind", "metadata"), s, WorkerStatistics::getMetadataErrors,
                "metadata requests that failed");
        counter(r, "enhancer.worker.errors", tags.and("kind", "cpc"), s,
                WorkerStatistics::getCollectionProcessCompleteErrors, "collection process completes an engine failed");
        meters.add(Gauge.builder("enhancer.worker.in.process", s, WorkerStatistics::getInProcess).tags(tags)
                .description("documents being processed").register(r));
        meters.add(Gauge.builder("enhancer.worker.idle", s, WorkerStatistics::getIdleMillis).tags(tags)
                .baseUnit("milliseconds").description("time the instances spent without a document").register(r));
        for (String engine : engines) {
            meters.add(FunctionCounter.builder("enhancer.worker.engine.time", s, st -> st.engineMillis(engine))
                    .tags(tags.and("engine", engine)).baseUnit("milliseconds")
                    .description("analysis time of the engine").register(r));
        }
    }

    /** A producer: MBean {@code type=enhancer,name=producer-<queue>-<n>}, meters {@code enhancer.producer.*}. */
    void publish(ProducerStatistics s, RemoteEnhancerProducer producer, String queue, String chain) {
        String id = Integer.toHexString(System.identityHashCode(producer));
        register(s, "producer-" + queue + "-" + id);
        MeterRegistry r = registry();
        if (r == null) {
            return;
        }
        // several producers may serve one queue and chain (with other options): each keeps meters of its own
        Tags tags = Tags.of("queue", queue, "chain", chain, "producer", id);
        counter(r, "enhancer.producer.sent", tags, s, ProducerStatistics::getSent, "requests sent, retries included");
        counter(r, "enhancer.producer.replies", tags, s, ProducerStatistics::getReplies, "replies received");
        counter(r, "enhancer.producer.errors", tags.and("kind", "process"), s, ProducerStatistics::getProcessErrors,
                "replies with a failed chain or an error");
        counter(r, "enhancer.producer.errors", tags.and("kind", "timeout"), s, ProducerStatistics::getTimeouts,
                "requests without a reply in time");
        counter(r, "enhancer.producer.errors", tags.and("kind", "metadata"), s, ProducerStatistics::getMetadataErrors,
                "metadata requests nobody answered");
        counter(r, "enhancer.producer.errors", tags.and("kind", "cpc"), s,
                ProducerStatistics::getCollectionProcessCompleteErrors, "collection process completes that failed");
        meters.add(FunctionCounter.builder("enhancer.producer.wait", s, ProducerStatistics::getWaitMillis).tags(tags)
                .baseUnit("milliseconds").description("time exchanges waited for a place in the pool").register(r));
        meters.add(FunctionCounter.builder("enhancer.producer.reply.latency", s,
                        ProducerStatistics::getReplyLatencyMillis).tags(tags).baseUnit("milliseconds")
                .description("time from requests to their replies").register(r));
        meters.add(Gauge.builder("enhancer.producer.in.flight", producer, RemoteEnhancerProducer::getInFlightCount)
                .tags(tags).description("requests waiting for their reply").register(r));
        meters.add(Gauge.builder("enhancer.producer.waiting", producer, RemoteEnhancerProducer::getWaitingCount)
                .tags(tags).description("exchanges waiting for a place in the pool").register(r));
    }

    private <T> void counter(MeterRegistry r, String name, Tags tags, T s, java.util.function.ToDoubleFunction<T> f,
                             String description) {
        meters.add(FunctionCounter.builder(name, s, f).tags(tags).description(description).register(r));
    }

    private MeterRegistry registry() {
        if (registry == null) {
            registry = context.getRegistry().findSingleByType(MeterRegistry.class);
        }
        return registry;
    }

    private void register(Object statistics, String name) {
        ManagementAgent agent = context.getManagementStrategy().getManagementAgent();
        if (agent == null) {
            return;
        }
        try {
            objectName = new ObjectName(agent.getMBeanObjectDomainName() + ":context="
                                        + ObjectName.quote(context.getManagementName()) + ",type=enhancer,name="
                                        + ObjectName.quote(name));
            agent.register(statistics, objectName);
        } catch (Exception e) {
            LOG.warn("Could not publish {} over JMX: {}", name, e.getMessage());
            objectName = null;
        }
    }

    void withdraw() {
        if (registry != null) {
            meters.forEach(registry::remove);
        }
        meters.clear();
        ManagementAgent agent = context.getManagementStrategy().getManagementAgent();
        if (agent != null && objectName != null) {
            try {
                agent.unregister(objectName);
            } catch (Exception e) {
                LOG.debug("Could not withdraw {} from JMX: {}", objectName, e.getMessage());
            }
        }
        objectName = null;
    }
}
