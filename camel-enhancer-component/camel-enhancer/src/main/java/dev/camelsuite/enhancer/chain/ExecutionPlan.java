package dev.camelsuite.enhancer.chain;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a chain runs: a directed acyclic graph of engine nodes (Stanbol's {@code ep:ExecutionPlan}). A plan never
 * changes once made; a changed chain makes a new plan.
 */
public final class ExecutionPlan {

    private final String chainName;
    private final List<ExecutionNode> nodes;
    private final Map<String, ExecutionNode> byEngine;
    private final int[] roots;

    private ExecutionPlan(String chainName, List<ExecutionNode> nodes) {
        this.chainName = chainName;
        this.nodes = Collections.unmodifiableList(nodes);
        Map<String, ExecutionNode> map = new HashMap<>();
        List<List<Integer>> dependants = new ArrayList<>();
        List<Integer> rootList = new ArrayList<>();
        for (ExecutionNode n : nodes) {
            map.put(n.getEngine(), n);
            dependants.add(new ArrayList<>());
            if (n.getDependsOn().length == 0) {
                rootList.add(n.getIndex());
            }
        }
        for (ExecutionNode n : nodes) {
            for (int d : n.getDependsOn()) {
                dependants.get(d).add(n.getIndex());
            }
        }
        for (ExecutionNode n : nodes) {
            n.setDependants(dependants.get(n.getIndex()).stream().mapToInt(Integer::intValue).toArray());
        }
        this.byEngine = map;
        this.roots = rootList.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Makes the plan of a chain from elements whose dependencies are spelled out (as in a graph chain): checks that
     * every dependency is an engine of the chain and that there is no cycle, and numbers the nodes in a topological
     * order that keeps the given order where the dependencies allow.
     */
    public static ExecutionPlan of(String chainName, List<ChainElement> elements) {
        if (elements.isEmpty()) {
            throw new InvalidChainException(chainName, null, "Chain '" + chainName + "' has no engines");
        }
        Map<String, ChainElement> byName = new LinkedHashMap<>();
        for (ChainElement e : elements) {
            if (byName.put(e.getEngine(), e) != null) {
                throw new InvalidChainException(chainName, e.getEngine(),
                        "Chain '" + chainName + "' names engine '" + e.getEngine() + "' twice");
            }
        }
        for (ChainElement e : elements) {
            for (String d : e.getDependsOn()) {
                if (!byName.containsKey(d)) {
                    throw new InvalidChainException(chainName, e.getEngine(), "Chain '" + chainName + "': engine '"
                                                                              + e.getEngine() + "' depends on '" + d
                                                                              + "', which is not an engine of the chain");
                }
                if (d.equals(e.getEngine())) {
                    throw new InvalidChainException(chainName, e.getEngine(), "Chain '" + chainName + "': engine '"
                                                                              + d + "' depends on itself");
                }
            }
        }
        // Kahn's algorithm, always taking the first ready element in the given order
        List<ChainElement> pending = new ArrayList<>(elements);
        Map<String, Integer> index = new HashMap<>();
        List<ExecutionNode> nodes = new ArrayList<>();
        boolean progress = true;
        while (!pending.isEmpty() && progress) {
            progress = false;
            for (int i = 0; i < pending.size(); i++) {
                ChainElement e = pending.get(i);
                if (index.keySet().containsAll(e.getDependsOn())) {
                    int[] deps = e.getDependsOn().stream().mapToInt(index::get).toArray();
                    ExecutionNode node = new ExecutionNode(nodes.size(), e, deps);
                    index.put(e.getEngine(), node.getIndex());
                    nodes.add(node);
                    pending.remove(i);
                    progress = true;
                    break;
                }
            }
        }
        if (!pending.isEmpty()) {
            List<String> cycle = findCycle(pending, byName);
            throw new InvalidChainException(chainName, cycle.get(0), "Chain '" + chainName
                                                                     + "' has a dependency cycle: "
                                                                     + String.join(" -> ", cycle));
        }
        return new ExecutionPlan(chainName, nodes);
    }

    /** Walks dependencies among the elements left over until one repeats. */
    private static List<String> findCycle(List<ChainElement> leftOver, Map<String, ChainElement> byName) {
        List<String> names = leftOver.stream().map(ChainElement::getEngine).toList();
        List<String> path = new ArrayList<>();
        String current = names.get(0);
        while (!path.contains(current)) {
            path.add(current);
            for (String d : byName.get(current).getDependsOn()) {
                if (names.contains(d)) {
                    current = d;
                    break;
                }
            }
        }
        List<String> cycle = new ArrayList<>(path.subList(path.indexOf(current), path.size()));
        cycle.add(current);
        return cycle;
    }

    public String getChainName() {
        return chainName;
    }

    /** Nodes in topological order; a node's index is its position here. */
    public List<ExecutionNode> getNodes() {
        return nodes;
    }

    public ExecutionNode getNode(int index) {
        return nodes.get(index);
    }

    /** The node of an engine, or null when the plan does not run it. */
    public ExecutionNode getNode(String engine) {
        return byEngine.get(engine);
    }

    public int size() {
        return nodes.size();
    }

    /** Indices of the nodes that depend on nothing. Do not change the array. */
    public int[] getRoots() {
        return roots;
    }

    /** The plan as graph-chain elements, one per node, in node order. */
    public List<String> toElements() {
        return nodes.stream().map(n -> n.getElement().toString()).toList();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ExecutionPlan other && chainName.equals(other.chainName)
               && toElements().equals(other.toElements());
    }

    @Override
    public int hashCode() {
        return chainName.hashCode() * 31 + toElements().hashCode();
    }

    @Override
    public String toString() {
        return "ExecutionPlan[" + chainName + ": " + String.join(" | ", toElements()) + "]";
    }
}
