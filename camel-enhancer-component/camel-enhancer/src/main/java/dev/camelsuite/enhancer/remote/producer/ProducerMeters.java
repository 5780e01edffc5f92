package dev.camelsuite.enhancer.remote.producer;

import dev.camelsuite.enhancer.remote.StatisticsPublisher;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;

/** A producer's statistics as MBean {@code type=enhancer,name=producer-<queue>-<n>} and meters {@code enhancer.producer.*}. */
final class ProducerMeters {

    private ProducerMeters() {
    }

    static void publish(StatisticsPublisher publisher, ProducerStatistics s, RemoteEnhancerProducer producer,
                        String queue, String chain) {
        String id = Integer.toHexString(System.identityHashCode(producer));
        publisher.register(s, "producer-" + queue + "-" + id);
        MeterRegistry r = publisher.registry();
        if (r == null) {
            return;
        }
        // several producers may serve one queue and chain (with other options): each keeps meters of its own
        Tags tags = Tags.of("queue", queue, "chain", chain, "producer", id);
        publisher.counter(r, "enhancer.producer.sent", tags, s, ProducerStatistics::getSent,
                "requests sent, retries included");
        publisher.counter(r, "enhancer.producer.replies", tags, s, ProducerStatistics::getReplies, "replies received");
        publisher.counter(r, "enhancer.producer.errors", tags.and("kind", "process"), s,
                ProducerStatistics::getProcessErrors, "replies with a failed chain or an error");
        publisher.counter(r, "enhancer.producer.errors", tags.and("kind", "timeout"), s, ProducerStatistics::getTimeouts,
                "requests without a reply in time");
        publisher.counter(r, "enhancer.producer.errors", tags.and("kind", "metadata"), s,
                ProducerStatistics::getMetadataErrors, "metadata requests nobody answered");
        publisher.counter(r, "enhancer.producer.errors", tags.and("kind", "cpc"), s,
                ProducerStatistics::getCollectionProcessCompleteErrors, "collection process completes that failed");
        publisher.add(FunctionCounter.builder("enhancer.producer.wait", s, ProducerStatistics::getWaitMillis).tags(tags)
                .baseUnit("milliseconds").description("time exchanges waited for a place in the pool").register(r));
        publisher.add(FunctionCounter.builder("enhancer.producer.reply.latency", s,
                        ProducerStatistics::getReplyLatencyMillis).tags(tags).baseUnit("milliseconds")
                .description("time from requests to their replies").register(r));
        publisher.add(Gauge.builder("enhancer.producer.in.flight", producer, RemoteEnhancerProducer::getInFlightCount)
                .tags(tags).description("requests waiting for their reply").register(r));
        publisher.add(Gauge.builder("enhancer.producer.waiting", producer, RemoteEnhancerProducer::getWaitingCount)
                .tags(tags).description("exchanges waiting for a place in the pool").register(r));
    }
}
