package dev.camelsuite.enhancer.job;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import dev.camelsuite.enhancer.chain.ExecutionNode;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.CanEnhance;
import dev.camelsuite.enhancer.spi.Cancellation;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.enhancer.metadata.ExecutionStatus;
import io.opentelemetry.api.trace.Span;

/**
 * One engine over one item, as Stanbol's job manager calls it: an engine that is not there fails the node (or skips
 * it when optional), a disabled one skips it, one that cannot enhance the item declines it; otherwise the engine
 * runs — under the item's write lock when it asks for that, one item at a time when it is not thread-safe — and is
 * tried again up to the node's retries.
 */
final class EngineCall {

    /** How the node ended, and the CPU time its engine took (-1: not measured). */
    record Outcome(ExecutionStatus status, String message, Throwable cause, long cpuNanos) {
    }

    private static final Outcome COMPLETED = new Outcome(ExecutionStatus.COMPLETED, null, null, -1);

    /** The CPU time of threads, where the JVM measures it (a native image may not). */
    private static final ThreadMXBean THREADS = threads();

    private static ThreadMXBean threads() {
        try {
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            return threads.isCurrentThreadCpuTimeSupported() && threads.isThreadCpuTimeEnabled() ? threads : null;
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }

    private EngineCall() {
    }

    /**
     * Runs the node's engine; with {@code cpuTime}, measures the CPU time its thread spent on it; with the job's
     * tracing on, in a span of its own.
     */
    static Outcome run(EnhancementEngine engine, ExecutionNode node, ContentItem item, Cancellation cancellation,
                       boolean cpuTime, JobTrace trace) {
        ThreadMXBean threads = cpuTime ? THREADS : null;
        long cpuBefore = threads == null ? -1 : threads.getCurrentThreadCpuTime();
        Span span = trace.engineStarted(node.getEngine());
        Outcome outcome = call(engine, node, item, cancellation);
        trace.engineEnded(span, outcome.status(), outcome.message(), outcome.cause());
        if (cpuBefore < 0) {
            return outcome;
        }
        return new Outcome(outcome.status(), outcome.message(), outcome.cause(),
                threads.getCurrentThreadCpuTime() - cpuBefore);
    }

    private static Outcome call(EnhancementEngine engine, ExecutionNode node, ContentItem item,
                                Cancellation cancellation) {
        if (engine == null) {
            return new Outcome(node.isOptional() ? ExecutionStatus.SKIPPED : ExecutionStatus.FAILED,
                    "Engine '" + node.getEngine() + "' is not available: the engine is currently not active", null,
                    -1);
        }
        if (engine instanceof DisabledEngine disabled) {
            return new Outcome(ExecutionStatus.SKIPPED, "disabled: " + disabled.reason(), null, -1);
        }
        try {
            CanEnhance can = engine.canEnhance(item);
            if (can == null || can == CanEnhance.CANNOT) {
                String reason = engine.cannotEnhanceReason(item);
                String message = reason == null || reason.isBlank() ? EnhancementJob.CANNOT_ENHANCE
                        : EnhancementJob.CANNOT_ENHANCE + ": " + reason;
                return new Outcome(node.isOptional() ? ExecutionStatus.SKIPPED : ExecutionStatus.COMPLETED, message,
                        null, -1);
            }
            try (Cancellation.Scope scope = cancellation.enter()) {
                invokeWithRetries(engine, can, item, node.getMaxRetries());
            }
            return COMPLETED;
        } catch (Throwable t) {
            return new Outcome(ExecutionStatus.FAILED, messageOf(t), t, -1);
        }
    }

    private static void invokeWithRetries(EnhancementEngine engine, CanEnhance can, ContentItem item, int maxRetries)
            throws Exception {
        for (int attempt = 0;; attempt++) {
            try {
                invoke(engine, can, item);
                return;
            } catch (Exception e) {
                if (attempt >= maxRetries || Thread.currentThread().isInterrupted()) {
                    throw e;
                }
            }
        }
    }

    private static void invoke(EnhancementEngine engine, CanEnhance can, ContentItem item) throws EngineException {
        if (!engine.isThreadSafe()) {
            synchronized (engine) {
                invokeLocked(engine, can, item);
            }
        } else {
            invokeLocked(engine, can, item);
        }
    }

    private static void invokeLocked(EnhancementEngine engine, CanEnhance can, ContentItem item)
            throws EngineException {
        if (can == CanEnhance.SYNCHRONOUS) {
            item.getLock().writeLock().lock();
            try {
                engine.computeEnhancements(item);
            } finally {
                item.getLock().writeLock().unlock();
            }
        } else {
            engine.computeEnhancements(item);
        }
    }

    /** An engine's failure as the status message of its execution (Stanbol's wording for engine exceptions). */
    static String messageOf(Throwable t) {
        if (t instanceof EngineException && t.getMessage() != null) {
            return t.getMessage();
        }
        return t.getMessage() == null ? t.getClass().getName() : t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
