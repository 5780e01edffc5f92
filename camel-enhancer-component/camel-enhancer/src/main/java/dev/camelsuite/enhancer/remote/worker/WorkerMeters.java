package dev.camelsuite.enhancer.remote.worker;

import java.util.List;

import dev.camelsuite.enhancer.remote.StatisticsPublisher;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;

/** A worker's statistics as MBean {@code type=enhancer,name=worker-<queue>-<instance>} and meters {@code enhancer.worker.*}. */
final class WorkerMeters {

    private WorkerMeters() {
    }

    static void publish(StatisticsPublisher publisher, WorkerStatistics s, String queue, String chain, String instance, List<String> engines) {
        publisher.register(s, "worker-" + queue + "-" + instance);
        MeterRegistry r = publisher.registry();
        if (r == null) {
            return;
        }
        Tags tags = Tags.of("queue", queue, "chain", chain, "instance", instance);
        publisher.counter(r, "enhancer.worker.processed", tags, s, WorkerStatistics::getProcessed, "documents answered");
        publisher.counter(r, "enhancer.worker.errors", tags.and("kind", "process"), s, WorkerStatistics::getProcessErrors,
                "documents whose chain or route failed");
        publisher.counter(r, "enhancer.worker.errors", tags.and("kind", "rejected"), s, WorkerStatistics::getRejected,
                "messages moved to the dead-letter queue");
        publisher.counter(r, "enhancer.worker.errors", tags.and("kind", "metadata"), s, WorkerStatistics::getMetadataErrors,
                "metadata requests that failed");
        publisher.counter(r, "enhancer.worker.errors", tags.and("kind", "cpc"), s,
                WorkerStatistics::getCollectionProcessCompleteErrors, "collection process completes an engine failed");
        publisher.add(Gauge.builder("enhancer.worker.in.process", s, WorkerStatistics::getInProcess).tags(tags)
                .description("documents being processed").register(r));
        publisher.add(Gauge.builder("enhancer.worker.idle", s, WorkerStatistics::getIdleMillis).tags(tags)
                .baseUnit("milliseconds").description("time the instances spent without a document").register(r));
        for (String engine : engines) {
            publisher.add(FunctionCounter.builder("enhancer.worker.engine.time", s, st -> st.engineMillis(engine))
                    .tags(tags.and("engine", engine)).baseUnit("milliseconds")
                    .description("analysis time of the engine").register(r));
        }
    }
}
