package dev.camelsuite.enhancer.chain;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One element of a chain in Apache Stanbol's line syntax: {@code engine;param=value;flag}, a bare flag meaning true.
 * Parameters: {@code optional}, {@code dependsOn=a,b} (graph chains), {@code timeout=<ms>} and
 * {@code maxRetries=<n>}, and UIMA AS's error handling: {@code continueOnRetryFailure} (the chain goes on when the
 * engine still fails after its retries), {@code thresholdCount=<n>}, {@code thresholdWindow=<documents>} and
 * {@code thresholdAction=disable|terminate} (what a worker does when the engine failed n times within the last
 * window documents; unset ones fall back to the worker's options). A parameter that starts with {@code enhancer.} is
 * one of Stanbol's chain-scoped enhancement properties for the engine ({@link #getProperties()}). Any other unknown or
 * repeated parameter is an error, so a typo never silently changes a chain.
 */
public final class ChainElement {

    /** Where the parameters that are Stanbol's enhancement properties start (STANBOL-488). */
    public static final String PROPERTY_PREFIX = "enhancer.";

    private final String engine;
    private final boolean optional;
    private final List<String> dependsOn;
    private final long timeout;
    private final int maxRetries;
    private final boolean continueOnRetryFailure;
    /** Null where the element leaves them to the worker. */
    private final Integer thresholdCount;
    private final Integer thresholdWindow;
    private final ThresholdAction thresholdAction;
    /** Stanbol's chain-scoped enhancement properties of this engine: {@code enhancer.…} parameters of the line. */
    private final Map<String, List<String>> properties;

    public ChainElement(String engine, boolean optional, List<String> dependsOn, long timeout, int maxRetries) {
        this(engine, optional, dependsOn, timeout, maxRetries, false, null, null, null);
    }

    public ChainElement(String engine, boolean optional, List<String> dependsOn, long timeout, int maxRetries,
                        boolean continueOnRetryFailure, Integer thresholdCount, Integer thresholdWindow,
                        ThresholdAction thresholdAction) {
        this(engine, optional, dependsOn, timeout, maxRetries, continueOnRetryFailure, thresholdCount, thresholdWindow,
                thresholdAction, Map.of());
    }

    public ChainElement(String engine, boolean optional, List<String> dependsOn, long timeout, int maxRetries,
                        boolean continueOnRetryFailure, Integer thresholdCount, Integer thresholdWindow,
                        ThresholdAction thresholdAction, Map<String, List<String>> properties) {
        this.engine = engine;
        this.optional = optional;
        this.dependsOn = List.copyOf(dependsOn);
        this.timeout = timeout;
        this.maxRetries = maxRetries;
        this.continueOnRetryFailure = continueOnRetryFailure;
        this.thresholdCount = thresholdCount;
        this.thresholdWindow = thresholdWindow;
        this.thresholdAction = thresholdAction;
        this.properties = Map.copyOf(properties);
    }

    /** Parses one element of the chain named {@code chain} (named in errors). */
    public static ChainElement parse(String chain, String line) {
        if (line == null || line.isBlank()) {
            throw new InvalidChainException(chain, null, "Chain '" + chain + "' has an empty element");
        }
        String[] fields = line.split(";");
        String engine = fields[0].trim();
        if (engine.isEmpty()) {
            throw new InvalidChainException(chain, null,
                    "Chain '" + chain + "' has an element without an engine name: '" + line + "'");
        }
        boolean optional = false;
        List<String> dependsOn = List.of();
        long timeout = 0;
        int maxRetries = 0;
        boolean continueOnRetryFailure = false;
        Integer thresholdCount = null;
        Integer thresholdWindow = null;
        ThresholdAction thresholdAction = null;
        Map<String, List<String>> properties = new TreeMap<>();
        Set<String> seen = new HashSet<>();
        for (int i = 1; i < fields.length; i++) {
            String field = fields[i].trim();
            if (field.isEmpty()) {
                continue;
            }
            int eq = field.indexOf('=');
            String key = (eq < 0 ? field : field.substring(0, eq)).trim();
            String value = eq < 0 ? "true" : field.substring(eq + 1).trim();
            if (!seen.add(key)) {
                throw invalid(chain, engine, "parameter '" + key + "' appears twice");
            }
            switch (key) {
                case "optional" -> optional = parseBoolean(chain, engine, key, value);
                case "dependsOn" -> dependsOn = parseNames(chain, engine, value);
                case "timeout" -> timeout = parseLong(chain, engine, key, value);
                case "maxRetries" -> maxRetries = (int) Math.min(Integer.MAX_VALUE, parseLong(chain, engine, key, value));
                case "continueOnRetryFailure" -> continueOnRetryFailure = parseBoolean(chain, engine, key, value);
                case "thresholdCount" -> thresholdCount = (int) Math.min(Integer.MAX_VALUE,
                        parseLong(chain, engine, key, value));
                case "thresholdWindow" -> thresholdWindow = (int) Math.min(Integer.MAX_VALUE,
                        parseLong(chain, engine, key, value));
                case "thresholdAction" -> {
                    thresholdAction = ThresholdAction.of(value);
                    if (thresholdAction == null) {
                        throw invalid(chain, engine, "parameter 'thresholdAction' must be disable or terminate but was '"
                                                     + value + "'");
                    }
                }
                default -> properties.put(key, propertyValues(chain, engine, key, value));
            }
        }
        return new ChainElement(engine, optional, dependsOn, timeout, maxRetries, continueOnRetryFailure,
                thresholdCount, thresholdWindow, thresholdAction, properties);
    }

    /** The values of an enhancement property of the line; any other parameter is unknown. */
    private static List<String> propertyValues(String chain, String engine, String key, String value) {
        if (!key.startsWith(PROPERTY_PREFIX) || key.length() == PROPERTY_PREFIX.length()) {
            throw invalid(chain, engine, "unknown parameter '" + key + "' (known: optional, dependsOn, timeout,"
                                         + " maxRetries, continueOnRetryFailure, thresholdCount, thresholdWindow,"
                                         + " thresholdAction, and enhancement properties enhancer.…)");
        }
        return List.of(value.split(",", -1));
    }

    private static boolean parseBoolean(String chain, String engine, String key, String value) {
        if ("true".equalsIgnoreCase(value)) {
            return true;
        }
        if ("false".equalsIgnoreCase(value)) {
            return false;
        }
        throw invalid(chain, engine, "parameter '" + key + "' must be true or false but was '" + value + "'");
    }

    private static long parseLong(String chain, String engine, String key, String value) {
        try {
            long v = Long.parseLong(value);
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw invalid(chain, engine, "parameter '" + key + "' must be a whole number >= 0 but was '" + value + "'");
    }

    private static List<String> parseNames(String chain, String engine, String value) {
        List<String> names = new ArrayList<>();
        for (String n : value.split(",")) {
            String name = n.trim();
            if (name.isEmpty()) {
                throw invalid(chain, engine, "dependsOn has an empty engine name: '" + value + "'");
            }
            names.add(name);
        }
        return names;
    }

    private static InvalidChainException invalid(String chain, String engine, String what) {
        return new InvalidChainException(chain, engine, "Chain '" + chain + "', engine '" + engine + "': " + what);
    }

    public String getEngine() {
        return engine;
    }

    public boolean isOptional() {
        return optional;
    }

    public List<String> getDependsOn() {
        return dependsOn;
    }

    /** Engine timeout in milliseconds, 0 for none. */
    public long getTimeout() {
        return timeout;
    }

    /** How often the engine is run again after it failed. */
    public int getMaxRetries() {
        return maxRetries;
    }

    /** Whether the chain goes on when this engine still fails after its retries (the failure is recorded). */
    public boolean isContinueOnRetryFailure() {
        return continueOnRetryFailure;
    }

    /** Errors within the window that trigger the threshold action; null when the worker's option applies. */
    public Integer getThresholdCount() {
        return thresholdCount;
    }

    /** The window, in documents, the threshold counts errors in; null when the worker's option applies. */
    public Integer getThresholdWindow() {
        return thresholdWindow;
    }

    /** What the worker does at the threshold; null when the worker's option applies. */
    public ThresholdAction getThresholdAction() {
        return thresholdAction;
    }

    /**
     * Stanbol's chain-scoped enhancement properties for this engine: the line's parameters that start with
     * {@code enhancer.} ({@code dereference;enhancer.engines.dereference.languages=de,fr}), each with its values (the
     * value split at commas). A request's own properties win over them.
     */
    public Map<String, List<String>> getProperties() {
        return properties;
    }

    ChainElement withDependsOn(List<String> names) {
        return new ChainElement(engine, optional, names, timeout, maxRetries, continueOnRetryFailure, thresholdCount,
                thresholdWindow, thresholdAction, properties);
    }

    /** The element in line syntax; {@link #parse(String, String)} reads it back. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(engine);
        if (optional) {
            sb.append(";optional");
        }
        if (!dependsOn.isEmpty()) {
            sb.append(";dependsOn=").append(String.join(",", dependsOn));
        }
        if (timeout > 0) {
            sb.append(";timeout=").append(timeout);
        }
        if (maxRetries > 0) {
            sb.append(";maxRetries=").append(maxRetries);
        }
        if (continueOnRetryFailure) {
            sb.append(";continueOnRetryFailure");
        }
        if (thresholdCount != null) {
            sb.append(";thresholdCount=").append(thresholdCount);
        }
        if (thresholdWindow != null) {
            sb.append(";thresholdWindow=").append(thresholdWindow);
        }
        if (thresholdAction != null) {
            sb.append(";thresholdAction=").append(thresholdAction.label());
        }
        properties.forEach((key, values) -> sb.append(';').append(key).append('=').append(String.join(",", values)));
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ChainElement other && toString().equals(other.toString());
    }

    @Override
    public int hashCode() {
        return toString().hashCode();
    }
}
