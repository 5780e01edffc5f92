package dev.camelsuite.app.dashboard;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What the dashboard shows, at one moment. Counters are cumulative; the page turns their differences between two
 * moments into throughput.
 *
 * @param steps           active steps by workflow, process and status
 * @param queues          steps ready for robots (queued or retrying), by workflow and process
 * @param errors          the most recent errors, newest first
 * @param held            the started steps and who holds them, the longest held first
 * @param engines         per-engine timings of the chains run in this application
 * @param robotSteps      steps robots ended since the application started
 * @param enhancedItems   items enhanced by chains in this application since it started
 * @param jobs            enhancement jobs by state ({@code queued}, {@code running}, …), counted every few seconds
 * @param oldestWaiting   seconds the oldest queued enhancement job has waited
 * @param overdue         processes with steps queued or started for longer than their threshold (the monitor's last
 *                        count)
 */
public record DashboardStatus(Instant at, List<StepCount> steps, List<Queue> queues, List<Error> errors,
                              List<Held> held, List<EngineTiming> engines, long robotSteps, long enhancedItems,
                              Map<String, Long> jobs, double oldestWaiting, List<Overdue> overdue) {

    /** Steps of a process in a status for longer than {@code over} (such as {@code 24h}). */
    public record Overdue(String workflow, String process, String status, long count, String over) {
    }

    public record StepCount(String workflow, String process, String status, long count) {
    }

    public record Queue(String workflow, String process, long ready) {
    }

    /**
     * @param link     the object's workflow in the workflow API
     * @param attempts the step's attempts in the workflow API
     */
    public record Error(String objectId, String workflow, String process, int version, String message, Instant at,
                        String link, String attempts) {
    }

    /**
     * A started step and who holds it.
     *
     * @param heldBy     the robot and its route; null when a client started the step
     * @param leaseUntil when its lease runs out unless renewed; null without a lease
     * @param attempts   the step's attempts in the workflow API
     */
    public record Held(String objectId, String workflow, String process, int version, int attempt, String heldBy,
                       Instant since, Instant leaseUntil, String attempts) {
    }

    public record EngineTiming(String chain, String engine, long runs, double meanMillis, double maxMillis) {
    }
}
