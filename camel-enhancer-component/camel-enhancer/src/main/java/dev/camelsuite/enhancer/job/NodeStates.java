package dev.camelsuite.enhancer.job;

import java.util.Arrays;
import java.util.concurrent.ScheduledFuture;

import dev.camelsuite.enhancer.chain.ExecutionPlan;
import dev.camelsuite.enhancer.metadata.EngineExecution;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import dev.camelsuite.enhancer.metadata.ExecutionStatus;

/**
 * Where each node of a job's plan stands — pending, running or done —, how many of its dependencies each pending
 * node still waits for (so that the nodes a finished one makes ready are found without walking the plan), and which
 * thread runs each running node, with its engine timeout. Not thread-safe: its job changes it with its monitor held.
 */
final class NodeStates {

    private static final byte PENDING = 0;
    private static final byte RUNNING = 1;
    private static final byte DONE = 2;
    static final int[] NONE = new int[0];

    private final ExecutionPlan plan;
    private final byte[] state;
    private final int[] waitingFor;
    private final Thread[] runners;
    private ScheduledFuture<?>[] engineTimeouts;
    private int running;

    NodeStates(ExecutionPlan plan) {
        this.plan = plan;
        this.state = new byte[plan.size()];
        this.waitingFor = new int[plan.size()];
        this.runners = new Thread[plan.size()];
    }

    int size() {
        return state.length;
    }

    /** How many nodes are running. */
    int running() {
        return running;
    }

    boolean isRunning(int i) {
        return state[i] == RUNNING;
    }

    /**
     * Takes the nodes whose executions are done (continuing an item's metadata) as done, and counts what each pending
     * node waits for; once, before anything runs. Answers the first failed execution of a required engine, or null.
     */
    EngineExecution continueFrom(ExecutionMetadata metadata) {
        EngineExecution failedBefore = null;
        for (int i = 0; i < state.length; i++) {
            EngineExecution ex = metadata.getEngineExecution(i);
            if (ex.getStatus().isDone()) {
                state[i] = DONE;
                if (ex.getStatus() == ExecutionStatus.FAILED && !ex.getNode().isFailureTolerated()
                    && failedBefore == null) {
                    failedBefore = ex;
                }
            }
        }
        countWaiting();
        return failedBefore;
    }

    private void countWaiting() {
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
    }

    /** A running node's engine starts on {@code runner}, with its engine timeout (or null). */
    void begin(int i, Thread runner, ScheduledFuture<?> timeout) {
        runners[i] = runner;
        if (timeout != null) {
            if (engineTimeouts == null) {
                engineTimeouts = new ScheduledFuture<?>[state.length];
            }
            engineTimeouts[i] = timeout;
        }
    }

    /** The thread that runs a begun node, else null. */
    Thread runner(int i) {
        return runners[i];
    }

    /** Ends a running node, and its engine timeout. */
    void end(int i) {
        state[i] = DONE;
        running--;
        runners[i] = null;
        if (engineTimeouts != null && engineTimeouts[i] != null) {
            engineTimeouts[i].cancel(false);
            engineTimeouts[i] = null;
        }
    }

    /** The dependants of an ended node that now wait for nothing, marked running. */
    int[] readyAfter(int i) {
        int[] dependants = plan.getNode(i).getDependants();
        for (int d : dependants) {
            waitingFor[d]--;
        }
        return takeReady(dependants);
    }

    /** Marks the pending nodes with nothing left to wait for (among {@code candidates}, or all) as running. */
    int[] takeReady(int[] candidates) {
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
        return count == 0 ? NONE : count == ready.length ? ready : Arrays.copyOf(ready, count);
    }
}
