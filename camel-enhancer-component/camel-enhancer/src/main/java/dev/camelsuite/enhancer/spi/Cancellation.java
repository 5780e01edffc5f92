package dev.camelsuite.enhancer.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

/**
 * Whether the work of a chain is still wanted. A chain's run is cancelled when it runs out of time, or when its
 * caller gives up (an HTTP client that went away); from then on no engine of the run starts, and the engines that are
 * running are asked to stop. Java cannot stop a thread from outside, so a long engine stops itself: it calls
 * {@link #check()} on {@link #current()} as it goes (per sentence, per mention), which throws once the run is
 * cancelled. The thread of a running engine is also interrupted, for engines that wait on I/O.
 * <p>
 * A caller that may give up makes its own cancellation and gives it to the producer in the exchange property
 * {@code CamelEnhancerCancellation}; cancelling it cancels the run.
 */
public final class Cancellation {

    private static final ThreadLocal<Cancellation> CURRENT = new ThreadLocal<>();
    /** The cancellation of work that belongs to no run: never cancelled. */
    private static final Cancellation NONE = new Cancellation();
    /**
     * Leaves the outermost run: sets null rather than removing the thread's entry, as this runs around every engine
     * call and a removal clears a reference through a call into the JVM that cost more than a trivial engine.
     */
    private static final Scope LEAVE = () -> CURRENT.set(null);

    private volatile String reason;
    private List<Runnable> listeners;

    /**
     * The cancellation of the run whose engine runs on this thread; outside an engine one that is never cancelled.
     * An engine that hands work to other threads takes it first and gives it to them.
     */
    public static Cancellation current() {
        Cancellation c = CURRENT.get();
        return c == null ? NONE : c;
    }

    /** Whether the work is no longer wanted. */
    public boolean isCancelled() {
        return reason != null;
    }

    /** Why the work is no longer wanted, or null while it is. */
    public String reason() {
        return reason;
    }

    /**
     * Throws when the work is no longer wanted; cheap enough to call per sentence or per token.
     *
     * @throws CancellationException with the reason, once cancelled
     */
    public void check() {
        String why = reason;
        if (why != null) {
            throw new CancellationException(why);
        }
    }

    /**
     * Cancels the work, once: the first reason stays, and the listeners run on this thread.
     *
     * @return true when this call cancelled it, false when it had been cancelled before
     */
    public boolean cancel(String why) {
        if (this == NONE) {
            throw new IllegalStateException("The cancellation outside of any run cannot be cancelled");
        }
        List<Runnable> toRun;
        synchronized (this) {
            if (reason != null) {
                return false;
            }
            reason = why == null || why.isBlank() ? "cancelled" : why;
            toRun = listeners;
            listeners = null;
        }
        if (toRun != null) {
            toRun.forEach(Runnable::run);
        }
        return true;
    }

    /** Runs {@code listener} when the work is cancelled: at once, on this thread, when it already is. */
    public void onCancel(Runnable listener) {
        synchronized (this) {
            if (reason == null) {
                if (listeners == null) {
                    listeners = new ArrayList<>(2);
                }
                listeners.add(listener);
                return;
            }
        }
        listener.run();
    }

    /** Forgets a listener given to {@link #onCancel}, when the work it would stop has ended. */
    public synchronized void removeListener(Runnable listener) {
        if (listeners != null) {
            listeners.remove(listener);
        }
    }

    /**
     * Makes this the cancellation of the current thread until the returned scope is closed; for the job manager,
     * around each engine it runs.
     */
    public Scope enter() {
        Cancellation previous = CURRENT.get();
        CURRENT.set(this);
        return previous == null ? LEAVE : () -> CURRENT.set(previous);
    }

    /** The span of {@link #enter()}. */
    @FunctionalInterface
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }
}
