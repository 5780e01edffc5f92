package dev.camelsuite.enhancer.remote.worker;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.camelsuite.enhancer.EnhancerConfiguration;
import dev.camelsuite.enhancer.chain.ChainElement;
import dev.camelsuite.enhancer.chain.ExecutionNode;
import dev.camelsuite.enhancer.chain.ExecutionPlan;
import dev.camelsuite.enhancer.chain.ThresholdAction;
import dev.camelsuite.enhancer.metadata.EngineExecution;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import dev.camelsuite.enhancer.metadata.ExecutionStatus;

/**
 * A worker's error thresholds, UIMA AS style: for each engine, its errors among the last {@code thresholdWindow}
 * documents it ran on (every error since start when the window is 0); reaching {@code thresholdCount} (0: never)
 * calls for the engine's threshold action, once.
 */
final class EngineErrorThresholds {

    /** A threshold an engine reached, and what to do about it. */
    record Reached(String engine, int count, int window, ThresholdAction action) {

        String describe() {
            return count + " error(s) " + (window > 0 ? "within the last " + window + " documents" : "since the start")
                   + " (thresholdCount=" + count + ", thresholdWindow=" + window + ")";
        }
    }

    /** One engine's recent outcomes, as a ring of error flags. */
    private static final class Window {
        final int count;
        final int size;
        final ThresholdAction action;
        final boolean[] errors;
        int next;
        int errorsInWindow;
        boolean reached;

        Window(int count, int size, ThresholdAction action) {
            this.count = count;
            this.size = size;
            this.action = action;
            this.errors = new boolean[Math.max(size, 0)];
        }

        /** Adds one document's outcome; true when this makes the threshold reached for the first time. */
        boolean add(boolean error) {
            if (size > 0) {
                if (errors[next]) {
                    errorsInWindow--;
                }
                errors[next] = error;
                next = (next + 1) % size;
            }
            if (error) {
                errorsInWindow++;
            }
            if (!reached && errorsInWindow >= count) {
                reached = true;
                return true;
            }
            return false;
        }
    }

    private final Map<String, Window> windows = new HashMap<>();

    EngineErrorThresholds(ExecutionPlan plan, EnhancerConfiguration defaults) {
        for (int i = 0; i < plan.size(); i++) {
            ExecutionNode node = plan.getNode(i);
            ChainElement e = node.getElement();
            int count = e.getThresholdCount() != null ? e.getThresholdCount() : defaults.getThresholdCount();
            int window = e.getThresholdWindow() != null ? e.getThresholdWindow() : defaults.getThresholdWindow();
            ThresholdAction action = e.getThresholdAction() != null ? e.getThresholdAction()
                    : ThresholdAction.of(defaults.getThresholdAction());
            if (count <= 0) {
                continue;
            }
            // an engine the chain cannot run without cannot leave the flow: the worker goes instead
            if (action == ThresholdAction.DISABLE && !node.isFailureTolerated()) {
                action = ThresholdAction.TERMINATE;
            }
            windows.put(node.getEngine(), new Window(count, window, action));
        }
    }

    /** Whether any engine has a threshold at all. */
    boolean isEmpty() {
        return windows.isEmpty();
    }

    /** Counts one document's engine outcomes; answers the thresholds it made reached. */
    synchronized List<Reached> record(ExecutionMetadata metadata) {
        List<Reached> reached = new ArrayList<>();
        for (EngineExecution ex : metadata.getEngineExecutions()) {
            Window w = windows.get(ex.getEngine());
            ExecutionStatus status = ex.getStatus();
            if (w == null || (status != ExecutionStatus.COMPLETED && status != ExecutionStatus.FAILED)) {
                continue;
            }
            if (w.add(status == ExecutionStatus.FAILED)) {
                reached.add(new Reached(ex.getEngine(), w.count, w.size, w.action));
            }
        }
        return reached;
    }
}
