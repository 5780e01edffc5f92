package dev.camelsuite.app.workflow.monitor;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import dev.camelsuite.app.workflow.WorkflowOperations;
import dev.camelsuite.workflow.model.StepCount;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The workflow monitor, as the original's alerts replaced its sweeper (workflow-server-rails #390, #652): every
 * {@code camelsuite.workflow.monitor.interval} it counts the active steps queued or started for longer than their
 * threshold ({@link OverdueThresholds}), by process — one grouped count per threshold, never per scrape or health
 * call. What it found is the meter {@code workflow.steps.overdue} (tag status: the total), the health check's warning
 * with each process's count, and the dashboard's panel; the log has one line when a process gets overdue steps and one when it has none
 * any more, not one per look.
 */
@Startup
@ApplicationScoped
public class WorkflowMonitor {

    private static final Logger LOG = Logger.getLogger(WorkflowMonitor.class);

    @Inject
    WorkflowOperations operations;

    @Inject
    MeterRegistry meters;

    @ConfigProperty(name = "camelsuite.workflow.monitor.queued-over", defaultValue = "24h")
    Duration queuedOver;

    @ConfigProperty(name = "camelsuite.workflow.monitor.started-over", defaultValue = "48h")
    Duration startedOver;

    @ConfigProperty(name = "camelsuite.workflow.monitor.thresholds")
    Optional<List<String>> thresholdEntries;

    @ConfigProperty(name = "camelsuite.workflow.monitor.interval", defaultValue = "1m")
    Duration interval;

    private OverdueThresholds thresholds;
    private final Map<String, AtomicLong> totals = new LinkedHashMap<>();
    private ScheduledExecutorService looks;
    private volatile Map<String, Overdue> overdue = Map.of();

    @PostConstruct
    void start() {
        thresholds = new OverdueThresholds(queuedOver, startedOver, thresholdEntries.orElse(List.of()));
        if (interval.isZero() || interval.isNegative()) {
            throw new IllegalArgumentException("camelsuite.workflow.monitor.interval must be positive");
        }
        for (String status : OverdueThresholds.STATUSES) {
            AtomicLong total = new AtomicLong();
            totals.put(status, total);
            Gauge.builder("workflow.steps.overdue", total, AtomicLong::get).tag("status", status)
                    .description("Active steps " + status + " for longer than their threshold (camelsuite.workflow"
                                 + ".monitor), as last counted").register(meters);
        }
        looks = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "workflow-monitor");
            thread.setDaemon(true);
            return thread;
        });
        looks.scheduleWithFixedDelay(this::look, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    @PreDestroy
    void stop() {
        looks.shutdownNow();
    }

    /** The processes with steps overdue, as last counted. */
    public Collection<Overdue> overdue() {
        return overdue.values();
    }

    private void look() {
        try {
            Map<String, Overdue> now = count(OffsetDateTime.now());
            for (Change change : changes(overdue, now)) {
                if (change.warning()) {
                    LOG.warn(change.line());
                } else {
                    LOG.info(change.line());
                }
            }
            overdue = now;
            for (Map.Entry<String, AtomicLong> total : totals.entrySet()) {
                total.getValue().set(now.values().stream().filter(o -> o.status().equals(total.getKey()))
                        .mapToLong(Overdue::count).sum());
            }
        } catch (Exception e) {
            // the database away: the last count stands until it answers (its outage is reported elsewhere)
            LOG.debugf("The workflow monitor could not count: %s", e.getMessage());
        }
    }

    private Map<String, Overdue> count(OffsetDateTime now) throws Exception {
        Map<String, Overdue> found = new LinkedHashMap<>();
        for (String status : OverdueThresholds.STATUSES) {
            for (Duration over : thresholds.all(status)) {
                for (StepCount c : operations.counts(status, now.minus(over))) {
                    // each process counts with its own threshold
                    if (thresholds.of(c.workflow(), c.process(), status).equals(over)) {
                        Overdue o = new Overdue(c.workflow(), c.process(), status, c.count(), over);
                        found.put(o.key(), o);
                    }
                }
            }
        }
        return found;
    }

    /** A line for the log: a process that got overdue steps (a warning), or has none any more. */
    record Change(boolean warning, String line) {
    }

    /** What changed between two counts: a line per process that got overdue steps or has none any more. */
    static List<Change> changes(Map<String, Overdue> before, Map<String, Overdue> now) {
        List<Change> changes = new ArrayList<>();
        now.forEach((key, o) -> {
            if (!before.containsKey(key)) {
                changes.add(new Change(true, o.warning()));
            }
        });
        before.forEach((key, o) -> {
            if (!now.containsKey(key)) {
                changes.add(new Change(false, o.cleared()));
            }
        });
        return changes;
    }
}
