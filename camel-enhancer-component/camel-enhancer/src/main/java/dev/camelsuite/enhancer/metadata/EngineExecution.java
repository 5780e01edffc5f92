package dev.camelsuite.enhancer.metadata;

import java.time.Instant;

import dev.camelsuite.enhancer.chain.ExecutionNode;

/** The execution of one node of the plan (Stanbol's {@code em:EngineExecution}, part of its chain execution). */
public final class EngineExecution extends Execution {

    private final ExecutionNode node;
    private long durationNanos = -1;
    private long cpuNanos = -1;

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

    /**
     * The CPU time of the thread that ran the engine, while it ran; -1 when it did not run here or the JVM does not
     * measure a thread's CPU time. Kept in this JVM only (not written with the metadata).
     */
    public long getCpuNanos() {
        return cpuNanos;
    }

    /**
     * Ends the execution with the status (completed, skipped, anything else failed), how long the engine took on the
     * clock and in CPU time (-1: not measured).
     */
    public void end(ExecutionStatus status, Instant at, String message, long nanos, long cpuNanos) {
        switch (status) {
            case COMPLETED -> complete(at, message);
            case SKIPPED -> skip(at, message);
            default -> fail(at, message);
        }
        setDurationNanos(nanos);
        this.cpuNanos = cpuNanos;
    }

    /**
     * Ends the execution at a reading of {@link System#nanoTime()}, as {@link #end(ExecutionStatus, Instant, String,
     * long, long)}.
     */
    public void end(ExecutionStatus status, long nanoTime, String message, long nanos, long cpuNanos) {
        switch (status) {
            case COMPLETED -> complete(nanoTime, message);
            case SKIPPED -> skip(nanoTime, message);
            default -> fail(nanoTime, message);
        }
        setDurationNanos(nanos);
        this.cpuNanos = cpuNanos;
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
