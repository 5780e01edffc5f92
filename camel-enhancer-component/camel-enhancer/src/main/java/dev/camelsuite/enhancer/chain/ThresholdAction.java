package dev.camelsuite.enhancer.chain;

import java.util.Locale;

/**
 * What a worker does when an engine's errors reach its threshold (UIMA AS's {@code thresholdAction}).
 */
public enum ThresholdAction {
    /** The engine leaves the chain's flow on this worker; an engine the chain cannot run without terminates instead. */
    DISABLE,
    /** The worker detaches from its queue, finishes what it holds, releases its resources and shuts down. */
    TERMINATE;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The action of a label ({@code disable}, {@code terminate}), or null when it is none of them. */
    public static ThresholdAction of(String label) {
        for (ThresholdAction a : values()) {
            if (a.label().equalsIgnoreCase(label)) {
                return a;
            }
        }
        return null;
    }
}
