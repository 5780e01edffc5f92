package dev.camelsuite.enhancer.job;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
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

    /** The start of an engine that did not run (a reading of the monotonic clock may be any long but this one). */
    private static final long NOT_RUN = Long.MIN_VALUE;
    /** The status message of an engine that declined the item, as Stanbol writes it. */
    public static final String CANNOT_ENHANCE = "cannot enhance";

    private final EnhancementJobManager manager;
    private final ContentItem item;
    private final ExecutionMetadata metadata;
    private final ExecutionPlan plan;
    private final EnhancementEngine[] engines;
    private final JobListener listener;
    private final NodeStates nodes;
    private final Cancellation cancellation = new Cancellation();
    private Cancellation caller;
    private Runnable callerGaveUp;
    private long timeoutMillis;
    private ChainDeadlines.Watch watch;
    private boolean failed;
    private boolean finished;
    private boolean timedOut;
    private boolean cancelled;
    private boolean stopped;
    private String failedEngine;
    private Throwable failure;
    private volatile Thread startingThread;
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
        this.nodes = new NodeStates(plan);
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
        long now = System.nanoTime();
        synchronized (this) {
            startingThread = Thread.currentThread();
            metadata.getChainExecution().start(now);
            EngineExecution failedBefore = nodes.continueFrom(metadata);
            if (failedBefore != null) {
                // continuing an item whose required engine had failed: the chain stays failed
                markChainFailed(failedBefore.getEngine(), failedBefore.getStatusMessage(), null);
            }
            ready = failed ? NodeStates.NONE : nodes.takeReady(null);
            if (timeoutMillis > 0 && ready.length > 0) {
                this.timeoutMillis = timeoutMillis;
                // at most about 146 years, so that the deadline stays a reading of the clock
                watch = manager.deadlines().add(this,
                        now + Math.min(TimeUnit.MILLISECONDS.toNanos(timeoutMillis), Long.MAX_VALUE / 2));
            }
            endNow = nodes.running() == 0;
            if (endNow) {
                endNow = markFinished(now);
            } else {
                if (caller != null) {
                    this.caller = caller;
                    this.callerGaveUp = () -> callerGaveUp(caller.reason());
                }
                beginNode(ready[0], now);
            }
        }
        if (endNow) {
            announce(completedSync);
        } else {
            if (callerGaveUp != null) {
                caller.onCancel(callerGaveUp);
            }
            dispatch(ready, now);
        }
        // only this thread sets it true, when the job ended on it; another thread's end reads startingThread
        startingThread = null;
        return completedSync;
    }

    /** Runs the first node, begun at {@code began}, on this thread and hands the others to the pool. */
    private void dispatch(int[] ready, long began) {
        dispatch(ready, 1);
        run(ready[0], began);
    }

    /** Hands the nodes from {@code from} on to the pool. */
    private void dispatch(int[] ready, int from) {
        for (int k = from; k < ready.length; k++) {
            int node = ready[k];
            try {
                manager.execute(() -> drive(node));
            } catch (RejectedExecutionException e) {
                int[] next;
                boolean end;
                synchronized (this) {
                    next = recordOutcome(node, ExecutionStatus.FAILED, "Engine '" + plan.getNode(node).getEngine()
                            + "' could not start: the job manager is stopping", e, NOT_RUN, System.nanoTime(), -1);
                    end = next != null && nodes.running() == 0;
                }
                endedElsewhere(next, end);
            }
        }
    }

    /** A node handed to the pool: begins it, unless the job stopped meanwhile, and runs on from it. */
    private void drive(int node) {
        long began = System.nanoTime();
        synchronized (this) {
            if (!nodes.isRunning(node)) {
                return;
            }
            beginNode(node, began);
        }
        run(node, began);
    }

    /**
     * Runs begun nodes on this thread, one after the other while each makes exactly one more ready: the end of one and
     * the beginning of the next are one step under the job's monitor, and the next begins when the one before ended.
     */
    private void run(int first, long firstBegan) {
        int i = first;
        long began = firstBegan;
        while (i >= 0) {
            if (cancellation.isCancelled()) {
                // stopped after the node was begun: it was ended as failed, and this thread interrupted
                Thread.interrupted();
                return;
            }
            EngineCall.Outcome outcome = EngineCall.run(engines[i], plan.getNode(i), item, cancellation,
                    manager.measuresCpuTime(), trace);
            long ended = System.nanoTime();
            i = endNode(i, outcome, began, ended);
            began = ended;
        }
    }

    /** Marks a running node as begun by this thread at {@code began}; with the job's monitor held. */
    private void beginNode(int i, long began) {
        metadata.getEngineExecution(i).start(began);
        long timeout = plan.getNode(i).getTimeout();
        nodes.begin(i, Thread.currentThread(), timeout > 0 ? manager.schedule(() -> engineTimedOut(i), timeout) : null);
    }

    /**
     * Records the outcome of a node this thread ran; begins the next node to run on this thread and hands any others to
     * the pool. Answers the node begun, or -1.
     */
    private int endNode(int i, EngineCall.Outcome outcome, long began, long ended) {
        int[] next;
        boolean end;
        boolean sync = false;
        synchronized (this) {
            next = recordOutcome(i, outcome.status(), outcome.message(), outcome.cause(), began, ended,
                    outcome.cpuNanos());
            end = next != null && nodes.running() == 0 && markFinished(ended);
            if (end) {
                sync = completedSync;
            } else if (next != null && next.length > 0) {
                beginNode(next[0], ended);
            }
        }
        if (end) {
            announce(sync);
        }
        if (next == null) {
            // the node had been ended by its timeout, which may have interrupted this thread
            Thread.interrupted();
            return -1;
        }
        if (next.length == 0) {
            return -1;
        }
        dispatch(next, 1);
        return next[0];
    }

    /**
     * Records a node's outcome if this caller still owns it. Answers null when it does not (the node was already
     * ended), else the nodes that became ready, already marked running. {@code began} is the engine's start on the
     * monotonic clock, {@link #NOT_RUN} when it did not run; {@code ended} its end.
     */
    private int[] recordOutcome(int i, ExecutionStatus status, String message, Throwable cause, long began,
                                long ended, long cpuNanos) {
        if (!nodes.isRunning(i) || finished) {
            return null;
        }
        nodes.end(i);
        ExecutionNode node = plan.getNode(i);
        metadata.getEngineExecution(i).end(status, ended, message, began == NOT_RUN ? -1 : ended - began, cpuNanos);
        if (status == ExecutionStatus.FAILED && !node.isFailureTolerated() && !failed) {
            markChainFailed(node.getEngine(), message, cause);
        }
        if (failed) {
            return NodeStates.NONE;
        }
        return nodes.readyAfter(i);
    }

    private void markChainFailed(String engine, String message, Throwable cause) {
        failed = true;
        failedEngine = engine;
        failure = cause;
        metadata.getChainExecution().fail(System.nanoTime(),
                "Enhancement Chain failed because of required Engine '" + engine + "' failed with Message: " + message);
    }

    private void engineTimedOut(int i) {
        int[] next;
        boolean end;
        synchronized (this) {
            Thread runner = nodes.runner(i);
            if (!nodes.isRunning(i) || finished || runner == null) {
                return;
            }
            // interrupt while holding the monitor: the runner can only clear it after it has seen its node ended
            runner.interrupt();
            String engine = plan.getNode(i).getEngine();
            long timeout = plan.getNode(i).getTimeout();
            next = recordOutcome(i, ExecutionStatus.FAILED, "Engine '" + engine + "' did not complete within " + timeout
                    + " ms", new TimeoutException("Engine '" + engine + "' timed out after " + timeout + " ms"),
                    NOT_RUN, System.nanoTime(), -1);
            end = nodes.running() == 0;
        }
        endedElsewhere(next, end);
    }

    /** After a node ended away from a runner: the job ends, or the nodes it made ready go to the pool. */
    private void endedElsewhere(int[] next, boolean end) {
        if (end) {
            finish();
        } else if (next != null) {
            // never run engines on the timer thread
            dispatch(next, 0);
        }
    }

    /** When the chain's deadline has passed (see {@link ChainDeadlines}). */
    void chainTimedOut() {
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
            long now = System.nanoTime();
            for (int i = 0; i < nodes.size(); i++) {
                Thread runner = nodes.runner(i);
                if (nodes.isRunning(i)) {
                    nodes.end(i);
                    if (runner != null) {
                        runner.interrupt();
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
            if (!markFinished(System.nanoTime())) {
                return;
            }
            sync = completedSync;
        }
        announce(sync);
    }

    /** Ends the job at {@code now} unless it had ended; with the job's monitor held. Answers whether this ended it. */
    private boolean markFinished(long now) {
        if (finished) {
            return false;
        }
        finished = true;
        if (watch != null) {
            manager.deadlines().remove(watch);
        }
        if (!failed) {
            metadata.getChainExecution().complete(now, null);
        }
        completedSync = Thread.currentThread() == startingThread;
        return true;
    }

    /** Tells the listener that the job ended ({@code sync}: on the thread that started it, before it returned). */
    private void announce(boolean sync) {
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
