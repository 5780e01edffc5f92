package dev.camelsuite.app.workflow.monitor;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.quarkus.runtime.configuration.DurationConverter;

/**
 * How long a step may be queued or started before it is overdue: {@code camelsuite.workflow.monitor.queued-over} and
 * {@code …started-over} for every process, and per process {@code camelsuite.workflow.monitor.thresholds}, entries
 * such as {@code accessionWF/shelve:queued=2h}.
 */
final class OverdueThresholds {

    /** The statuses the monitor watches. */
    static final List<String> STATUSES = List.of("queued", "started");

    private final Map<String, Duration> defaults;
    private final Map<String, Duration> perProcess = new HashMap<>();

    OverdueThresholds(Duration queuedOver, Duration startedOver, List<String> entries) {
        positive("camelsuite.workflow.monitor.queued-over", queuedOver);
        positive("camelsuite.workflow.monitor.started-over", startedOver);
        defaults = Map.of("queued", queuedOver, "started", startedOver);
        for (String entry : entries) {
            perProcess.putAll(parse(entry.trim()));
        }
    }

    private static Map<String, Duration> parse(String entry) {
        int colon = entry.lastIndexOf(':');
        int equals = entry.indexOf('=', colon);
        String step = colon < 0 ? "" : entry.substring(0, colon);
        String status = equals < 0 ? "" : entry.substring(colon + 1, equals);
        if (!step.contains("/") || !STATUSES.contains(status)) {
            throw new IllegalArgumentException("camelsuite.workflow.monitor.thresholds: '" + entry + "' is not"
                                               + " workflow/process:queued=DURATION or workflow/process:started=DURATION");
        }
        Duration over;
        try {
            over = DurationConverter.parseDuration(entry.substring(equals + 1));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("camelsuite.workflow.monitor.thresholds: '" + entry + "' has no"
                                               + " duration such as 2h or 30m");
        }
        positive("camelsuite.workflow.monitor.thresholds (" + entry + ")", over);
        return Map.of(step + ":" + status, over);
    }

    private static void positive(String setting, Duration value) {
        if (value == null || value.isZero() || value.isNegative()) {
            throw new IllegalArgumentException(setting + " must be a positive duration but was " + value);
        }
    }

    /** The threshold of a process's steps in a status. */
    Duration of(String workflow, String process, String status) {
        return perProcess.getOrDefault(workflow + "/" + process + ":" + status, defaults.get(status));
    }

    /** Every threshold a status has, the default's and the processes' own: one count each. */
    Set<Duration> all(String status) {
        Set<Duration> all = new TreeSet<>();
        all.add(defaults.get(status));
        perProcess.forEach((key, over) -> {
            if (key.endsWith(":" + status)) {
                all.add(over);
            }
        });
        return all;
    }
}
