package dev.camelsuite.enhancer.metadata;

import java.time.Instant;

/**
 * The state of one execution (Stanbol's {@code em:Execution}), following Stanbol's transition rules: a new execution
 * is scheduled; starting sets {@code started}; completing or failing sets {@code completed}, and failing requires a
 * message; skipping sets both; going back to scheduled clears both. Exactly one status at a time.
 * <p>
 * Not thread-safe by itself: the job manager changes executions only while it holds its job's lock.
 */
public abstract class Execution {

    private static final long NOT_READ = Long.MIN_VALUE;

    private ExecutionStatus status = ExecutionStatus.SCHEDULED;
    private Instant started;
    private Instant completed;
    // a job's transitions: readings of the monotonic clock, made instants by the clock only when read (see WallClock)
    private WallClock clock;
    private long startedNanos = NOT_READ;
    private long completedNanos = NOT_READ;
    private String statusMessage;

    public ExecutionStatus getStatus() {
        return status;
    }

    public Instant getStarted() {
        if (started == null && startedNanos != NOT_READ) {
            started = clock.instant(startedNanos);
        }
        return started;
    }

    public Instant getCompleted() {
        if (completed == null && completedNanos != NOT_READ) {
            completed = clock.instant(completedNanos);
        }
        return completed;
    }

    public String getStatusMessage() {
        return statusMessage;
    }

    public void schedule() {
        status = ExecutionStatus.SCHEDULED;
        setStarted(null);
        setCompleted(null);
        statusMessage = null;
    }

    public void start(Instant at) {
        status = ExecutionStatus.IN_PROGRESS;
        setStarted(at);
        setCompleted(null);
        statusMessage = null;
    }

    /** Starts the execution at a reading of {@link System#nanoTime()}. */
    public void start(long nanoTime) {
        start((Instant) null);
        startedAt(nanoTime);
    }

    public void complete(Instant at, String message) {
        status = ExecutionStatus.COMPLETED;
        setCompleted(at);
        statusMessage = message;
    }

    /** Completes the execution at a reading of {@link System#nanoTime()}. */
    public void complete(long nanoTime, String message) {
        complete((Instant) null, message);
        completedAt(nanoTime);
    }

    public void fail(Instant at, String message) {
        if (message == null || message.isBlank()) {
            throw new IllegalArgumentException("A failed execution needs a status message");
        }
        status = ExecutionStatus.FAILED;
        setCompleted(at);
        statusMessage = message;
    }

    /** Fails the execution at a reading of {@link System#nanoTime()}. */
    public void fail(long nanoTime, String message) {
        fail((Instant) null, message);
        completedAt(nanoTime);
    }

    public void skip(Instant at, String message) {
        status = ExecutionStatus.SKIPPED;
        setStarted(at);
        setCompleted(at);
        statusMessage = message;
    }

    /** Skips the execution at a reading of {@link System#nanoTime()}. */
    public void skip(long nanoTime, String message) {
        skip((Instant) null, message);
        startedAt(nanoTime);
        completedAt(nanoTime);
    }

    /** Restores a state read from the wire or from RDF. */
    public void restore(ExecutionStatus status, Instant started, Instant completed, String statusMessage) {
        this.status = status;
        setStarted(started);
        setCompleted(completed);
        this.statusMessage = statusMessage;
    }

    private void setStarted(Instant at) {
        started = at;
        startedNanos = NOT_READ;
    }

    private void setCompleted(Instant at) {
        completed = at;
        completedNanos = NOT_READ;
    }

    private void startedAt(long nanoTime) {
        clock = WallClock.at(nanoTime);
        startedNanos = nanoTime;
    }

    private void completedAt(long nanoTime) {
        clock = WallClock.at(nanoTime);
        completedNanos = nanoTime;
    }

    /** Milliseconds between started and completed, or -1 when the execution has not both. */
    public long getDurationMillis() {
        if (startedNanos != NOT_READ && completedNanos != NOT_READ) {
            return (completedNanos - startedNanos) / 1_000_000;
        }
        Instant from = getStarted();
        Instant to = getCompleted();
        return from == null || to == null ? -1 : to.toEpochMilli() - from.toEpochMilli();
    }
}
