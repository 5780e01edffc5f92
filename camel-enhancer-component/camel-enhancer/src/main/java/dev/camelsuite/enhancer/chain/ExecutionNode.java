package dev.camelsuite.enhancer.chain;

/**
 * One node of an execution plan: an engine, whether it is optional, and the nodes it waits for. Nodes are numbered in
 * a topological order of the plan, so a node only depends on nodes with a lower index.
 */
public final class ExecutionNode {

    private final int index;
    private final ChainElement element;
    private final int[] dependsOn;
    private int[] dependants;

    ExecutionNode(int index, ChainElement element, int[] dependsOn) {
        this.index = index;
        this.element = element;
        this.dependsOn = dependsOn;
    }

    public int getIndex() {
        return index;
    }

    public String getEngine() {
        return element.getEngine();
    }

    public boolean isOptional() {
        return element.isOptional();
    }

    /** Engine timeout in milliseconds, 0 for none. */
    public long getTimeout() {
        return element.getTimeout();
    }

    public int getMaxRetries() {
        return element.getMaxRetries();
    }

    /** Whether the chain goes on when this node fails: it is optional, or continues on retry failure. */
    public boolean isFailureTolerated() {
        return element.isOptional() || element.isContinueOnRetryFailure();
    }

    /** Indices of the nodes this one waits for. Do not change the array. */
    public int[] getDependsOn() {
        return dependsOn;
    }

    /** Indices of the nodes that wait for this one. Do not change the array. */
    public int[] getDependants() {
        return dependants;
    }

    void setDependants(int[] dependants) {
        this.dependants = dependants;
    }

    /** The element this node was made from, with its dependencies spelled out. */
    public ChainElement getElement() {
        return element;
    }

    @Override
    public String toString() {
        return index + ":" + element;
    }
}
