package dev.camelsuite.enhancer.metadata;

import java.time.Instant;

import dev.camelsuite.enhancer.chain.ExecutionNode;

/** The execution of one node of the plan (Stanbol's {@code em:EngineExecution}, part of its chain execution). */
public final class EngineExecution extends Execution {

    private final ExecutionNode node;
    private long durationNanos = -1;

    EngineExecution(ExecutionNode node) {
        this.node = node;
    }

    public ExecutionNode getNode() {
        return node;
    }

    public String getEngine() {
        return node.getEngine();
    }

    /** Time the engine spent, measured with the monotonic clock; -1 when it did not run here. */
    public long getDurationNanos() {
        return durationNanos;
    }

    /** Ends the execution with the status (completed, skipped, anything else failed) and how long the engine took. */
    public void end(ExecutionStatus status, Instant at, String message, long nanos) {
        switch (status) {
            case COMPLETED -> complete(at, message);
            case SKIPPED -> skip(at, message);
            default -> fail(at, message);
        }
        setDurationNanos(nanos);
    }

    public void setDurationNanos(long durationNanos) {
        this.durationNanos = durationNanos;
    }

    @Override
    public long getDurationMillis() {
        return durationNanos >= 0 ? durationNanos / 1_000_000 : super.getDurationMillis();
    }

    @Override
    public String toString() {
        return node.getEngine() + " " + getStatus() + (getStatusMessage() == null ? "" : ": " + getStatusMessage());
    }
}
