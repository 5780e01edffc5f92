package dev.camelsuite.enhancer.chain;

import java.util.Locale;

/** How a chain orders its engines (Apache Stanbol's three chain kinds). */
public enum ChainType {
    /** Strict sequence: each engine waits for the one before it. */
    LIST,
    /** By engine order, higher first; engines of equal order run in parallel. */
    WEIGHTED,
    /** An explicit graph: each engine names what it waits for with {@code dependsOn}. */
    GRAPH;

    /** Reads {@code list}, {@code weighted} or {@code graph}, in any case. */
    public static ChainType of(String chain, String value) {
        if (value != null) {
            for (ChainType t : values()) {
                if (t.name().equalsIgnoreCase(value.trim())) {
                    return t;
                }
            }
        }
        throw new InvalidChainException(chain, null,
                "Chain '" + chain + "' has type '" + value + "'; the type must be one of list, weighted, graph");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
