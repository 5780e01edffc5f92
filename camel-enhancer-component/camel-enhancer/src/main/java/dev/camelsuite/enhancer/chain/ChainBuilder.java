package dev.camelsuite.enhancer.chain;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds a chain from Java. Each {@code engine(name)} starts an element; the calls after it ({@link #optional()},
 * {@link #dependsOn(String...)}, {@link #timeout(long)}, {@link #maxRetries(int)}) describe that element.
 */
public final class ChainBuilder {

    private final String name;
    private final ChainType type;
    private final List<StringBuilder> elements = new ArrayList<>();

    ChainBuilder(String name, ChainType type) {
        this.name = name;
        this.type = type;
    }

    /** Adds an engine (or an element in line syntax, e.g. {@code "ner;optional"}). */
    public ChainBuilder engine(String element) {
        elements.add(new StringBuilder(element));
        return this;
    }

    public ChainBuilder optional() {
        return param("optional");
    }

    public ChainBuilder dependsOn(String... engines) {
        return param("dependsOn=" + String.join(",", engines));
    }

    public ChainBuilder timeout(long millis) {
        return param("timeout=" + millis);
    }

    public ChainBuilder maxRetries(int retries) {
        return param("maxRetries=" + retries);
    }

    /** The chain goes on when this engine still fails after its retries. */
    public ChainBuilder continueOnRetryFailure() {
        return param("continueOnRetryFailure");
    }

    /**
     * The engine's error threshold on a worker: {@code count} errors within the last {@code window} documents (0: since
     * the start) call for {@code action}.
     */
    public ChainBuilder threshold(int count, int window, ThresholdAction action) {
        return param("thresholdCount=" + count).param("thresholdWindow=" + window)
                .param("thresholdAction=" + action.label());
    }

    private ChainBuilder param(String param) {
        if (elements.isEmpty()) {
            throw new IllegalStateException("Call engine(name) before describing it with " + param);
        }
        elements.get(elements.size() - 1).append(';').append(param);
        return this;
    }

    public Chain build() {
        return new Chain(name, type, elements.stream().map(StringBuilder::toString).toList());
    }
}
