package dev.camelsuite.enhancer.metadata;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import dev.camelsuite.enhancer.chain.ExecutionPlan;
import dev.camelsuite.enhancer.content.ContentItem;

/**
 * How a chain ran over a content item: the plan, the chain execution and one engine execution per plan node, all
 * created scheduled when the chain starts (Stanbol's {@code ExecutionMetadata} content part, kept as objects and
 * rendered as RDF only on demand).
 */
public final class ExecutionMetadata {

    private final ExecutionPlan plan;
    private final ChainExecution chainExecution;
    private final EngineExecution[] engineExecutions;

    private ExecutionMetadata(ExecutionPlan plan, ChainExecution chainExecution) {
        this.plan = plan;
        this.chainExecution = chainExecution;
        this.engineExecutions = new EngineExecution[plan.size()];
        for (int i = 0; i < engineExecutions.length; i++) {
            engineExecutions[i] = new EngineExecution(plan.getNode(i));
        }
    }

    /** New metadata for an item: every execution scheduled. */
    public static ExecutionMetadata create(ExecutionPlan plan, ContentItem item, boolean defaultChain) {
        return new ExecutionMetadata(plan, new ChainExecution(plan.getChainName(), defaultChain, null, item));
    }

    /** Metadata read back (from the wire or RDF) for the item with the given id: every execution scheduled. */
    public static ExecutionMetadata create(ExecutionPlan plan, String contentItemUri, boolean defaultChain) {
        return new ExecutionMetadata(plan, new ChainExecution(plan.getChainName(), defaultChain, contentItemUri, null));
    }

    public ExecutionPlan getPlan() {
        return plan;
    }

    public String getChain() {
        return plan.getChainName();
    }

    public ChainExecution getChainExecution() {
        return chainExecution;
    }

    /** The execution of the node with this index. */
    public EngineExecution getEngineExecution(int nodeIndex) {
        return engineExecutions[nodeIndex];
    }

    /** The execution of an engine, or null when the plan does not run it. */
    public EngineExecution getEngineExecution(String engine) {
        for (EngineExecution e : engineExecutions) {
            if (e.getEngine().equals(engine)) {
                return e;
            }
        }
        return null;
    }

    public List<EngineExecution> getEngineExecutions() {
        return Arrays.asList(engineExecutions.clone());
    }

    /** Engines whose execution failed, in plan order (an empty list that cannot change when none did). */
    public List<String> getFailedEngines() {
        return enginesWith(ExecutionStatus.FAILED);
    }

    /** Engines whose execution was skipped, in plan order (an empty list that cannot change when none was). */
    public List<String> getSkippedEngines() {
        return enginesWith(ExecutionStatus.SKIPPED);
    }

    private List<String> enginesWith(ExecutionStatus status) {
        List<String> names = null;
        for (EngineExecution e : engineExecutions) {
            if (e.getStatus() == status) {
                if (names == null) {
                    names = new ArrayList<>(2);
                }
                names.add(e.getEngine());
            }
        }
        // most items have none: one list that cannot change rather than an empty list per item
        return names == null ? List.of() : names;
    }

    /** Milliseconds each engine that ran took, in plan order (a read-only map). */
    public Map<String, Long> getEngineTimings() {
        String[] engines = new String[engineExecutions.length];
        long[] millis = new long[engineExecutions.length];
        int size = 0;
        for (EngineExecution e : engineExecutions) {
            long ms = e.getDurationMillis();
            if (ms >= 0) {
                engines[size] = e.getEngine();
                millis[size++] = ms;
            }
        }
        return new EngineTimings(engines, millis, size);
    }

    /**
     * Prepares metadata found on an item for continuing (Stanbol's continuation): executions left in progress go back
     * to scheduled; completed, failed and skipped ones count as done and are not run again.
     */
    public void prepareContinuation() {
        for (EngineExecution e : engineExecutions) {
            if (e.getStatus() == ExecutionStatus.IN_PROGRESS) {
                e.schedule();
            }
        }
        if (chainExecution.getStatus() == ExecutionStatus.IN_PROGRESS) {
            chainExecution.schedule();
        }
    }

    @Override
    public String toString() {
        return chainExecution + " " + Arrays.toString(engineExecutions);
    }
}
