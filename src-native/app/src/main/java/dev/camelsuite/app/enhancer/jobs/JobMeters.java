package dev.camelsuite.app.enhancer.jobs;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * The enhancement jobs as meters and on the dashboard: how many are in each state ({@code enhancer.jobs}, tag
 * {@code state}) and how long the oldest waiting one has waited ({@code enhancer.jobs.oldest.waiting}, seconds), for
 * every application that shares the database. Counted by the housekeeping every few seconds, not per scrape, so a
 * scrape never reaches the database.
 */
@ApplicationScoped
public class JobMeters {

    @Inject
    MeterRegistry meters;

    private final Map<JobState, AtomicLong> counts = new EnumMap<>(JobState.class);
    /** When the oldest waiting job was submitted, in epoch milliseconds; 0 for none. */
    private final AtomicLong oldestWaiting = new AtomicLong();
    private final Clock clock = Clock.systemUTC();

    @PostConstruct
    void register() {
        for (JobState state : JobState.values()) {
            AtomicLong count = new AtomicLong();
            counts.put(state, count);
            Gauge.builder("enhancer.jobs", count, AtomicLong::get).tag("state", state.label())
                    .description("Enhancement jobs in this state, in the database all applications share")
                    .register(meters);
        }
        Gauge.builder("enhancer.jobs.oldest.waiting", this, JobMeters::oldestWaitingSeconds)
                .description("Seconds the oldest queued enhancement job has waited").baseUnit("seconds")
                .register(meters);
    }

    /** Counts the jobs again. */
    void refresh(JobStore store) throws SQLException {
        store.countByState().forEach((state, count) -> counts.get(state).set(count));
        Instant oldest = store.oldestQueued();
        oldestWaiting.set(oldest == null ? 0 : oldest.toEpochMilli());
    }

    public double oldestWaitingSeconds() {
        long since = oldestWaiting.get();
        return since == 0 ? 0 : Math.max(0, clock.millis() - since) / 1000.0;
    }

    /** The jobs by state, for the dashboard. */
    public Map<String, Long> byState() {
        Map<String, Long> byState = new LinkedHashMap<>();
        counts.forEach((state, count) -> byState.put(state.label(), count.get()));
        return byState;
    }
}
