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

    private ExecutionStatus status = ExecutionStatus.SCHEDULED;
    private Instant started;
    private Instant completed;
    private String statusMessage;

    public ExecutionStatus getStatus() {
        return status;
    }

    public Instant getStarted() {
        return started;
    }

    public Instant getCompleted() {
        return completed;
    }

    public String getStatusMessage() {
        return statusMessage;
    }

    public void schedule() {
        status = ExecutionStatus.SCHEDULED;
        started = null;
        completed = null;
        statusMessage = null;
    }

    public void start(Instant at) {
        status = ExecutionStatus.IN_PROGRESS;
        started = at;
        completed = null;
        statusMessage = null;
    }

    public void complete(Instant at, String message) {
        status = ExecutionStatus.COMPLETED;
        completed = at;
        statusMessage = message;
    }

    public void fail(Instant at, String message) {
        if (message == null || message.isBlank()) {
            throw new IllegalArgumentException("A failed execution needs a status message");
        }
        status = ExecutionStatus.FAILED;
        completed = at;
        statusMessage = message;
    }

    public void skip(Instant at, String message) {
        status = ExecutionStatus.SKIPPED;
        started = at;
        completed = at;
        statusMessage = message;
    }

    /** Restores a state read from the wire or from RDF. */
    public void restore(ExecutionStatus status, Instant started, Instant completed, String statusMessage) {
        this.status = status;
        this.started = started;
        this.completed = completed;
        this.statusMessage = statusMessage;
    }

    /** Milliseconds between started and completed, or -1 when the execution has not both. */
    public long getDurationMillis() {
        return started == null || completed == null ? -1 : completed.toEpochMilli() - started.toEpochMilli();
    }
}
