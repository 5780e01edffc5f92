package dev.camelsuite.correlation;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;

import org.apache.camel.CamelContext;

/**
 * The threads where the routes of completed exchanges go on, so that the thread that completed a request — the
 * connection's, the timeout thread, a sender — goes back to its own work at once. A pool of Camel's default thread
 * pool profile (the application tunes it in one place): its queue is bounded, and when it is full the completing
 * thread runs the continuation itself, which slows the replies down, not loses them.
 */
final class Continuations {

    private volatile ExecutorService pool;

    void start(CamelContext context, Object owner, String name) {
        pool = context.getExecutorServiceManager().newDefaultThreadPool(owner, name);
    }

    /** Runs the rest on a continuation thread; here when there is no pool or it refuses (stopping). */
    void run(Runnable rest) {
        ExecutorService executor = pool;
        if (executor != null) {
            try {
                executor.execute(rest);
                return;
            } catch (RejectedExecutionException e) {
                // stopping: run it here
            }
        }
        rest.run();
    }

    /** Stops the pool; the routes of the exchanges just completed run to their end. */
    void stop(CamelContext context) {
        ExecutorService executor = pool;
        pool = null;
        if (executor != null) {
            context.getExecutorServiceManager().shutdownGraceful(executor);
        }
    }
}
