package dev.camelsuite.enhancer.metadata;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * Milliseconds per engine, in plan order, read-only: the {@code CamelEnhancerEngineTimings} header of every enhanced
 * item, so two arrays rather than a hash map built for a handful of engines that is mostly read once, if at all.
 */
final class EngineTimings extends AbstractMap<String, Long> {

    private final String[] engines;
    private final long[] millis;
    private final int size;

    EngineTimings(String[] engines, long[] millis, int size) {
        this.engines = engines;
        this.millis = millis;
        this.size = size;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Long get(Object engine) {
        for (int i = 0; i < size; i++) {
            if (engines[i].equals(engine)) {
                return millis[i];
            }
        }
        return null;
    }

    @Override
    public boolean containsKey(Object engine) {
        return get(engine) != null;
    }

    @Override
    public Set<Map.Entry<String, Long>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return size;
            }

            @Override
            public Iterator<Map.Entry<String, Long>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < size;
                    }

                    @Override
                    public Map.Entry<String, Long> next() {
                        if (next >= size) {
                            throw new NoSuchElementException();
                        }
                        int i = next++;
                        return new SimpleImmutableEntry<>(engines[i], millis[i]);
                    }
                };
            }
        };
    }
}
