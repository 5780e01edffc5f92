package dev.camelsuite.workflow;

import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

import dev.camelsuite.workflow.store.EventOutbox;
import dev.camelsuite.workflow.store.OutboxRelay;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.camel.CamelContext;

/**
 * The outbox's meters, when the Camel registry holds a {@link MeterRegistry}: {@code workflow.events.waiting}
 * (events not sent yet, of every JVM of the database), {@code workflow.events.oldest.age} (seconds since the change
 * of the oldest of them: how late consumers are) and {@code workflow.events.sent} (events this JVM's relay sent). The
 * two read from the database are read at most once a second, however often they are scraped; NaN while it does not
 * answer.
 */
final class OutboxMetrics {

    private static final long READ_EVERY_NANOS = 1_000_000_000L;

    private final EventOutbox outbox;
    private final MeterRegistry registry;
    private List<Meter> meters = List.of();
    private long readAt;
    private double waiting = Double.NaN;
    private double oldestAge = Double.NaN;

    private OutboxMetrics(EventOutbox outbox, MeterRegistry registry) {
        this.outbox = outbox;
        this.registry = registry;
    }

    /** The outbox's meters, registered, or null when the application has no meter registry. */
    static OutboxMetrics of(CamelContext context, EventOutbox outbox, OutboxRelay relay) {
        var registries = context.getRegistry().findByType(MeterRegistry.class);
        if (registries.isEmpty()) {
            return null;
        }
        OutboxMetrics metrics = new OutboxMetrics(outbox, registries.iterator().next());
        metrics.meters = List.of(
                Gauge.builder("workflow.events.waiting", metrics, OutboxMetrics::waiting)
                        .description("step events in the outbox, not sent yet").register(metrics.registry),
                Gauge.builder("workflow.events.oldest.age", metrics, OutboxMetrics::oldestAge).baseUnit("seconds")
                        .description("seconds since the change of the oldest step event not sent yet (0: none)")
                        .register(metrics.registry),
                FunctionCounter.builder("workflow.events.sent", relay, OutboxRelay::sent)
                        .description("step events this JVM's relay sent").register(metrics.registry));
        return metrics;
    }

    void remove() {
        meters.forEach(registry::remove);
    }

    private synchronized double waiting() {
        read();
        return waiting;
    }

    private synchronized double oldestAge() {
        read();
        return oldestAge;
    }

    private void read() {
        long now = System.nanoTime();
        if (readAt != 0 && now - readAt < READ_EVERY_NANOS) {
            return;
        }
        readAt = now;
        try {
            waiting = outbox.waiting();
            OffsetDateTime oldest = outbox.oldestChange();
            oldestAge = oldest == null ? 0
                    : Duration.between(oldest, OffsetDateTime.now(ZoneOffset.UTC)).toMillis() / 1000.0;
        } catch (SQLException e) {
            waiting = Double.NaN;
            oldestAge = Double.NaN;
        }
    }
}
