package dev.camelsuite.enhancer.chain;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToIntFunction;

/**
 * A named enhancement chain: its kind and its elements in Apache Stanbol's line syntax. Everything that can be checked
 * without the engines (syntax, duplicates, dependencies, cycles) is checked when the chain is made; the engines are
 * looked up when a route using the chain starts.
 */
public final class Chain {

    /** The name of the default chain, as in Stanbol. */
    public static final String DEFAULT = "default";

    private final String name;
    private final ChainType type;
    private final List<ChainElement> elements;
    private final ExecutionPlan plan;

    public Chain(String name, ChainType type, List<String> elements) {
        if (name == null || name.isBlank()) {
            throw new InvalidChainException(name, null, "A chain needs a name");
        }
        if (type == null) {
            throw new InvalidChainException(name, null, "Chain '" + name + "' needs a type (list, weighted, graph)");
        }
        if (elements == null || elements.isEmpty()) {
            throw new InvalidChainException(name, null, "Chain '" + name + "' has no engines");
        }
        this.name = name;
        this.type = type;
        List<ChainElement> parsed = new ArrayList<>(elements.size());
        for (String line : elements) {
            ChainElement e = ChainElement.parse(name, line);
            if (type != ChainType.GRAPH && !e.getDependsOn().isEmpty()) {
                throw new InvalidChainException(name, e.getEngine(), "Chain '" + name + "', engine '" + e.getEngine()
                                                                     + "': dependsOn is only allowed in a graph chain, this is a "
                                                                     + type + " chain");
            }
            parsed.add(e);
        }
        this.elements = List.copyOf(parsed);
        // list and graph plans do not depend on the engines, so they are made (and checked) now
        this.plan = switch (type) {
            case LIST -> ExecutionPlan.of(name, sequence(this.elements));
            case GRAPH -> ExecutionPlan.of(name, this.elements);
            case WEIGHTED -> {
                ExecutionPlan.of(name, this.elements); // checks duplicates
                yield null;
            }
        };
    }

    public static Chain list(String name, String... elements) {
        return new Chain(name, ChainType.LIST, List.of(elements));
    }

    public static Chain weighted(String name, String... elements) {
        return new Chain(name, ChainType.WEIGHTED, List.of(elements));
    }

    public static Chain graph(String name, String... elements) {
        return new Chain(name, ChainType.GRAPH, List.of(elements));
    }

    /** A builder for a chain of the given kind: {@code Chain.builder("demo", GRAPH).engine("ner").dependsOn("langid")}. */
    public static ChainBuilder builder(String name, ChainType type) {
        return new ChainBuilder(name, type);
    }

    public String getName() {
        return name;
    }

    public ChainType getType() {
        return type;
    }

    public List<ChainElement> getElements() {
        return elements;
    }

    public boolean isDefault() {
        return DEFAULT.equals(name);
    }

    /**
     * The execution plan of this chain. Weighted chains need each engine's order, which {@code orderOf} gives; the
     * other kinds ignore it.
     */
    public ExecutionPlan createPlan(ToIntFunction<String> orderOf) {
        return plan != null ? plan : ExecutionPlan.of(name, weightedGroups(orderOf));
    }

    private static List<ChainElement> sequence(List<ChainElement> elements) {
        List<ChainElement> result = new ArrayList<>(elements.size());
        String previous = null;
        for (ChainElement e : elements) {
            result.add(previous == null ? e : e.withDependsOn(List.of(previous)));
            previous = e.getEngine();
        }
        return result;
    }

    /** Each engine depends on every engine of the next higher order band. */
    private List<ChainElement> weightedGroups(ToIntFunction<String> orderOf) {
        TreeMap<Integer, List<ChainElement>> bands = new TreeMap<>((a, b) -> Integer.compare(b, a));
        for (ChainElement e : elements) {
            bands.computeIfAbsent(orderOf.applyAsInt(e.getEngine()), k -> new ArrayList<>()).add(e);
        }
        List<ChainElement> result = new ArrayList<>(elements.size());
        List<String> previousBand = List.of();
        for (Map.Entry<Integer, List<ChainElement>> band : bands.entrySet()) {
            List<String> names = new ArrayList<>();
            for (ChainElement e : band.getValue()) {
                result.add(previousBand.isEmpty() ? e : e.withDependsOn(previousBand));
                names.add(e.getEngine());
            }
            previousBand = names;
        }
        return result;
    }

    @Override
    public String toString() {
        return type + " chain '" + name + "' " + elements;
    }
}
