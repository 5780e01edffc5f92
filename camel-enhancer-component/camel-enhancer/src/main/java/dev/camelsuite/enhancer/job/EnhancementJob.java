package dev.camelsuite.enhancer.job;

import java.time.Instant;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeoutException;

import dev.camelsuite.enhancer.chain.ExecutionNode;
import dev.camelsuite.enhancer.chain.ExecutionPlan;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.Cancellation;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.enhancer.metadata.EngineExecution;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import dev.camelsuite.enhancer.metadata.ExecutionStatus;

/**
 * One run of a plan over one content item. Every node whose dependencies are done runs: when exactly one becomes
 * ready it runs inline on the thread that finished its dependency (a linear chain costs no thread hand-off); when
 * several do, all but one go to the job manager's pool. A failed required node fails the chain: nothing new starts and
 * the job ends when the running nodes have finished.
 * <p>
 * All state changes, of the job and of its execution metadata, happen under the job's monitor. Whoever moves a node
 * from running to done owns its outcome, so an engine that finishes after its timeout changes nothing.
 * <p>
 * A job that runs out of time, or whose caller gives up, stops: its running nodes are ended as failed, nothing new
 * starts, its listener is told, and its {@link Cancellation} tells the engines still running to stop (they check it as
 * they go; their threads are interrupted too).
 */
public final class EnhancementJob {

    private static final byte PENDING = 0;
    private static final byte RUNNING = 1;
    private static final byte DONE = 2;
    private static final int[] NONE = new int[0];
    /** The status message of an engine that declined the item, as Stanbol writes it. */
    public static final String CANNOT_ENHANCE = "cannot enhance";

    private final EnhancementJobManager manager;
    private final ContentItem item;
    private final ExecutionMetadata metadata;
    private final ExecutionPlan plan;
    private final EnhancementEngine[] engines;
    private final JobListener listener;
    private final int[] waitingFor;
    private final byte[] state;
    private final Thread[] runners;
    private final Cancellation cancellation = new Cancellation();
    private Cancellation caller;
    private Runnable callerGaveUp;
    private ScheduledFuture<?>[] engineTimeouts;
    private ScheduledFuture<?> chainTimeout;
    private int running;
    private boolean failed;
    private boolean finished;
    private boolean timedOut;
    private boolean cancelled;
    private boolean stopped;
    private String failedEngine;
    private Throwable failure;
    private Thread startingThread;
    private boolean completedSync;
    private JobTrace trace = JobTrace.OFF;

    EnhancementJob(EnhancementJobManager manager, ContentItem item, ExecutionMetadata metadata,
                   EnhancementEngine[] engines, JobListener listener) {
        this.manager = manager;
        this.item = item;
        this.metadata = metadata;
        this.plan = metadata.getPlan();
        this.engines = engines;
        this.listener = listener;
        int n = plan.size();
        this.waitingFor = new int[n];
        this.state = new byte[n];
        this.runners = new Thread[n];
    }

    /**
     * Starts the job, running what it can on this thread.
     *
     * @param caller the caller's cancellation, or null
     * @return true when the job has already ended and told its listener with {@code sync = true}
     */
    boolean start(long timeoutMillis, Cancellation caller) {
        int[] ready;
        boolean endNow;
        trace = JobTrace.start(manager.tracing(), metadata.getChain());
        synchronized (this) {
            startingThread = Thread.currentThread();
            metadata.getChainExecution().start(Instant.now());
            for (int i = 0; i < state.length; i++) {
                EngineExecution ex = metadata.getEngineExecution(i);
                if (ex.getStatus().isDone()) {
                    state[i] = DONE;
                    if (ex.getStatus() == ExecutionStatus.FAILED && !ex.getNode().isFailureTolerated() && !failed) {
                        // continuing an item whose required engine had failed: the chain stays failed
                        markChainFailed(ex.getEngine(), ex.getStatusMessage(), null);
                    }
                }
            }
            for (int i = 0; i < state.length; i++) {
                if (state[i] == PENDING) {
                    int w = 0;
                    for (int d : plan.getNode(i).getDependsOn()) {
                        if (state[d] != DONE) {
                            w++;
                        }
                    }
                    waitingFor[i] = w;
                }
            }
            ready = failed ? NONE : takeReady(null);
            if (timeoutMillis > 0 && ready.length > 0) {
                chainTimeout = manager.schedule(() -> chainTimedOut(timeoutMillis), timeoutMillis);
            }
            endNow = running == 0;
            if (!endNow && caller != null) {
                this.caller = caller;
                this.callerGaveUp = () -> callerGaveUp(caller.reason());
            }
        }
        if (endNow) {
            finish();
        } else {
            if (callerGaveUp != null) {
                caller.onCancel(callerGaveUp);
            }
            dispatch(ready, true);
        }
        synchronized (this) {
            startingThread = null;
            return completedSync;
        }
    }

    /** Marks the pending nodes with nothing left to wait for (among {@code candidates}, or all) as running. */
    private int[] takeReady(int[] candidates) {
        int count = 0;
        int[] ready = null;
        int limit = candidates == null ? state.length : candidates.length;
        for (int k = 0; k < limit; k++) {
            int i = candidates == null ? k : candidates[k];
            if (state[i] == PENDING && waitingFor[i] == 0) {
                if (ready == null) {
                    ready = new int[limit - k];
                }
                state[i] = RUNNING;
                running++;
                ready[count++] = i;
            }
        }
        return count == 0 ? NONE : count == ready.length ? ready : java.util.Arrays.copyOf(ready, count);
    }

    /** Runs the first node on this thread when allowed, and hands the others to the pool. */
    private void dispatch(int[] ready, boolean inline) {
        for (int k = inline ? 1 : 0; k < ready.length; k++) {
            int node = ready[k];
            try {
                manager.execute(() -> drive(node));
            } catch (RejectedExecutionException e) {
                int[] next = completeNode(node, ExecutionStatus.FAILED,
                        "Engine '" + plan.getNode(node).getEngine() + "' could not start: the job manager is stopping",
                        e, -1, -1);
                if (next != null) {
                    dispatch(next, false);
                }
            }
        }
        if (inline && ready.length > 0) {
            drive(ready[0]);
        }
    }

    private void drive(int node) {
        int next = node;
        while (next >= 0) {
            next = runNode(next);
        }
    }

    /** Runs one node on this thread; answers the node to run next on this thread, or -1. */
    private int runNode(int i) {
        ExecutionNode node = plan.getNode(i);
        synchronized (this) {
            if (state[i] != RUNNING) {
                return -1;
            }
            metadata.getEngineExecution(i).start(Instant.now());
            runners[i] = Thread.currentThread();
            if (node.getTimeout() > 0) {
                if (engineTimeouts == null) {
                    engineTimeouts = new ScheduledFuture<?>[state.length];
                }
                engineTimeouts[i] = manager.schedule(() -> engineTimedOut(i), node.getTimeout());
            }
        }
        long began = System.nanoTime();
        EngineCall.Outcome outcome = EngineCall.run(engines[i], node, item, cancellation, manager.measuresCpuTime(),
                trace);
        long took = System.nanoTime() - began;
        int[] next = completeNode(i, outcome.status(), outcome.message(), outcome.cause(), took, outcome.cpuNanos());
        if (next == null) {
            // the node had been ended by its timeout, which may have interrupted this thread
            Thread.interrupted();
            return -1;
        }
        if (next.length == 0) {
            return -1;
        }
        dispatch(next.length == 1 ? NONE : java.util.Arrays.copyOfRange(next, 1, next.length), false);
        return next[0];
    }

    /**
     * Records a node's outcome if this caller still owns it. Answers null when it does not (the node was already
     * ended), else the nodes that became ready, already marked running. Ends the job when nothing runs any more.
     */
    private int[] completeNode(int i, ExecutionStatus status, String message, Throwable cause, long nanos, long cpu) {
        int[] ready;
        boolean end;
        synchronized (this) {
            ready = recordOutcome(i, status, message, cause, nanos, cpu);
            end = ready != null && running == 0;
        }
        if (end) {
            finish();
        }
        return ready;
    }

    private int[] recordOutcome(int i, ExecutionStatus status, String message, Throwable cause, long nanos,
                                long cpuNanos) {
        if (state[i] != RUNNING || finished) {
            return null;
        }
        state[i] = DONE;
        running--;
        runners[i] = null;
        if (engineTimeouts != null && engineTimeouts[i] != null) {
            engineTimeouts[i].cancel(false);
            engineTimeouts[i] = null;
        }
        ExecutionNode node = plan.getNode(i);
        metadata.getEngineExecution(i).end(status, Instant.now(), message, nanos, cpuNanos);
        if (status == ExecutionStatus.FAILED && !node.isFailureTolerated() && !failed) {
            markChainFailed(node.getEngine(), message, cause);
        }
        if (failed) {
            return NONE;
        }
        int[] dependants = node.getDependants();
        for (int d : dependants) {
            waitingFor[d]--;
        }
        return takeReady(dependants);
    }

    private void markChainFailed(String engine, String message, Throwable cause) {
        failed = true;
        failedEngine = engine;
        failure = cause;
        metadata.getChainExecution().fail(Instant.now(),
                "Enhancement Chain failed because of required Engine '" + engine + "' failed with Message: " + message);
    }

    private void engineTimedOut(int i) {
        int[] next;
        boolean end;
        synchronized (this) {
            if (state[i] != RUNNING || finished || runners[i] == null) {
                return;
            }
            // interrupt while holding the monitor: the runner can only clear it after it has seen its node ended
            runners[i].interrupt();
            String engine = plan.getNode(i).getEngine();
            long timeout = plan.getNode(i).getTimeout();
            next = recordOutcome(i, ExecutionStatus.FAILED, "Engine '" + engine + "' did not complete within " + timeout
                    + " ms", new TimeoutException("Engine '" + engine + "' timed out after " + timeout + " ms"), -1, -1);
            end = running == 0;
        }
        if (end) {
            finish();
        } else if (next != null) {
            // never run engines on the timer thread
            dispatch(next, false);
        }
    }

    private void chainTimedOut(long timeoutMillis) {
        if (stop("Enhancement Chain '" + plan.getChainName() + "' did not complete within " + timeoutMillis + " ms",
                "was still running when the chain timed out after " + timeoutMillis + " ms", true)) {
            finish();
        }
    }

    /** The caller gave up: the job stops, and its end is told from the pool, not from the caller's thread. */
    private void callerGaveUp(String reason) {
        if (stop("Enhancement Chain '" + plan.getChainName() + "' was cancelled: " + reason,
                "was still running when the chain was cancelled", false)) {
            try {
                manager.execute(this::finish);
            } catch (RejectedExecutionException e) {
                finish();
            }
        }
    }

    /**
     * Ends the running nodes as failed and the chain with {@code chainMessage}; nothing new starts, and the engines
     * still running are told to stop. Answers false when the job had ended or stopped already.
     */
    private boolean stop(String chainMessage, String engineMessage, boolean timeout) {
        synchronized (this) {
            if (finished || stopped) {
                return false;
            }
            stopped = true;
            Instant now = Instant.now();
            for (int i = 0; i < state.length; i++) {
                if (state[i] == RUNNING) {
                    state[i] = DONE;
                    running--;
                    if (runners[i] != null) {
                        runners[i].interrupt();
                        metadata.getEngineExecution(i).fail(now, "Engine '" + plan.getNode(i).getEngine() + "' "
                                                                 + engineMessage);
                    }
                }
            }
            timedOut = timeout;
            cancelled = !timeout;
            failed = true;
            metadata.getChainExecution().fail(now, chainMessage);
        }
        cancellation.cancel(chainMessage);
        return true;
    }

    private void finish() {
        boolean sync;
        synchronized (this) {
            if (finished) {
                return;
            }
            finished = true;
            if (chainTimeout != null) {
                chainTimeout.cancel(false);
            }
            if (!failed) {
                metadata.getChainExecution().complete(Instant.now(), null);
            }
            sync = Thread.currentThread() == startingThread;
            completedSync = sync;
        }
        if (callerGaveUp != null) {
            caller.removeListener(callerGaveUp);
        }
        trace.ended(failed, failedEngine);
        listener.jobDone(this, sync);
    }

    public ContentItem getItem() {
        return item;
    }

    public ExecutionMetadata getMetadata() {
        return metadata;
    }

    /** Whether the chain failed (a required engine failed, or the chain timed out). */
    public synchronized boolean isFailed() {
        return failed;
    }

    /** Whether the chain did not complete within its timeout. */
    public synchronized boolean isTimedOut() {
        return timedOut;
    }

    /** Whether the caller gave up on the job ({@link Cancellation}) before it ended. */
    public synchronized boolean isCancelled() {
        return cancelled;
    }

    /** The required engine whose failure failed the chain, or null. */
    public synchronized String getFailedEngine() {
        return failedEngine;
    }

    /** What the failed required engine threw, or null. */
    public synchronized Throwable getFailure() {
        return failure;
    }
}
