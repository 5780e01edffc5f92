package dev.camelsuite.enhancer.content;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Stanbol's enhancement properties of one request: settings its engines read for this item alone, such as
 * {@code enhancer.max-suggestions=3}. A key without a colon is meant for every engine of the chain; a key
 * {@code engine:key} for that engine alone, and wins over the same key for all ({@link #forEngine}). Each key has one
 * or more values, kept as text; an engine reads those it knows and ignores the rest. Bounded: at most
 * {@value #MAX_KEYS} keys of at most {@value #MAX_KEY_LENGTH} characters, {@value #MAX_VALUES} values a key of at most
 * {@value #MAX_VALUE_LENGTH} characters.
 */
public final class EnhancementProperties {

    public static final int MAX_KEYS = 64;
    public static final int MAX_KEY_LENGTH = 200;
    public static final int MAX_VALUES = 32;
    public static final int MAX_VALUE_LENGTH = 4096;

    public static final EnhancementProperties NONE = new EnhancementProperties(Map.of());

    private final Map<String, List<String>> values;
    /** The chain's properties for its engines ({@code engine:key}), under these; null for none. */
    private final EnhancementProperties chainScoped;

    private EnhancementProperties(Map<String, List<String>> values) {
        this(values, null);
    }

    private EnhancementProperties(Map<String, List<String>> values, EnhancementProperties chainScoped) {
        this.values = values;
        this.chainScoped = chainScoped;
    }

    /**
     * These (a request's) properties over a chain's: the chain-scoped properties of its engines ({@code engine:key}
     * keys), which every engine sees under the request's own, as Stanbol ranks them (the request's for the engine, the
     * request's for all, the chain's for the engine). Replaces the chain's properties these had, if any; the request's
     * ({@link #asMap()}) stay as they were.
     */
    public EnhancementProperties withChainScoped(EnhancementProperties chain) {
        EnhancementProperties layer = chain == null || chain.values.isEmpty() ? null : chain;
        if (layer == chainScoped) {
            return this;
        }
        return new EnhancementProperties(values, layer);
    }

    /**
     * Properties from a map whose values are text, collections or arrays of text (or anything, by its text).
     *
     * @throws IllegalArgumentException naming the key, when a key is blank or a limit is passed
     */
    public static EnhancementProperties of(Map<String, ?> properties) {
        if (properties == null || properties.isEmpty()) {
            return NONE;
        }
        if (properties.size() > MAX_KEYS) {
            throw new IllegalArgumentException("At most " + MAX_KEYS + " enhancement properties, not "
                                               + properties.size());
        }
        Map<String, List<String>> values = new LinkedHashMap<>();
        for (Map.Entry<String, ?> e : properties.entrySet()) {
            String key = e.getKey();
            if (key == null || key.isBlank() || key.length() > MAX_KEY_LENGTH) {
                throw new IllegalArgumentException("An enhancement property's name must have 1 to " + MAX_KEY_LENGTH
                                                   + " characters");
            }
            List<String> list = new ArrayList<>();
            Object value = e.getValue();
            if (value instanceof Collection<?> c) {
                c.forEach(v -> list.add(String.valueOf(v)));
            } else if (value instanceof Object[] a) {
                for (Object v : a) {
                    list.add(String.valueOf(v));
                }
            } else if (value != null) {
                list.add(String.valueOf(value));
            }
            if (list.size() > MAX_VALUES || list.stream().anyMatch(v -> v.length() > MAX_VALUE_LENGTH)) {
                throw new IllegalArgumentException("Enhancement property " + key + " may have at most " + MAX_VALUES
                                                   + " values of at most " + MAX_VALUE_LENGTH + " characters");
            }
            values.put(key, List.copyOf(list));
        }
        return new EnhancementProperties(Map.copyOf(values));
    }

    /**
     * The properties an engine sees: those for every engine, and over them those named {@code engine:key} for this
     * one (with the prefix taken off). Keys for other engines are left out.
     */
    public EnhancementProperties forEngine(String engine) {
        if (chainScoped != null) {
            Map<String, List<String>> layered = new LinkedHashMap<>(chainScoped.forEngine(engine).values);
            layered.putAll(new EnhancementProperties(values).forEngine(engine).values);
            return new EnhancementProperties(Map.copyOf(layered));
        }
        if (values.isEmpty()) {
            return this;
        }
        Map<String, List<String>> merged = new LinkedHashMap<>();
        String prefix = engine + ":";
        values.forEach((key, v) -> {
            if (key.indexOf(':') < 0) {
                merged.putIfAbsent(key, v);
            } else if (key.startsWith(prefix)) {
                merged.put(key.substring(prefix.length()), v);
            }
        });
        return new EnhancementProperties(Map.copyOf(merged));
    }

    /** The values of a key, or an empty list. */
    public List<String> values(String key) {
        return values.getOrDefault(key, List.of());
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }

    /** Every key and its values. */
    public Map<String, List<String>> asMap() {
        return values;
    }

    /**
     * The whole number a key holds, or {@code otherwise} when it holds none.
     *
     * @throws IllegalArgumentException naming the key, when its value is no whole number from {@code min} to
     *                                  {@code max}
     */
    public int wholeNumber(String key, int otherwise, int min, int max) {
        List<String> v = values(key);
        if (v.isEmpty()) {
            return otherwise;
        }
        try {
            int n = Integer.parseInt(v.get(0).trim());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("Enhancement property " + key + " must be a whole number from " + min
                                           + " to " + max + ", not '" + v.get(0) + "'");
    }

    /**
     * The number a key holds, or {@code otherwise} when it holds none.
     *
     * @throws IllegalArgumentException naming the key, when its value is no number from {@code min} to {@code max}
     */
    public double number(String key, double otherwise, double min, double max) {
        List<String> v = values(key);
        if (v.isEmpty()) {
            return otherwise;
        }
        try {
            double n = Double.parseDouble(v.get(0).trim());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("Enhancement property " + key + " must be a number from " + min + " to "
                                           + max + ", not '" + v.get(0) + "'");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EnhancementProperties p && p.values.equals(values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
