package dev.camelsuite.enhancer.content;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReadWriteLock;

/**
 * What an item's enhancements say of the entities they link to: each entity's own statements (Stanbol's dereferenced
 * entities), kept together by entity in the order they were added, each statement once. Written with the
 * enhancements in the item's RDF. Past {@value #MAX_STATEMENTS} statements on one item, further ones are left out.
 * Safe to use from several engines at once: it takes the item's lock.
 */
public final class EntityDescriptions {

    /** The most statements one item holds about its entities. */
    public static final int MAX_STATEMENTS = 100_000;

    private final ReadWriteLock lock;
    private final Map<String, Set<EntityStatement>> byEntity = new LinkedHashMap<>();
    private int size;

    EntityDescriptions(ReadWriteLock lock) {
        this.lock = lock;
    }

    /** Adds statements; one already there is not added twice. */
    public void add(Collection<EntityStatement> statements) {
        lock.writeLock().lock();
        try {
            for (EntityStatement s : statements) {
                if (size >= MAX_STATEMENTS) {
                    return;
                }
                if (byEntity.computeIfAbsent(s.entity(), e -> new LinkedHashSet<>()).add(s)) {
                    size++;
                }
            }
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** Whether some statement about this entity is here already. */
    public boolean describes(String entity) {
        lock.readLock().lock();
        try {
            return byEntity.containsKey(entity);
        } finally {
            lock.readLock().unlock();
        }
    }

    /** A snapshot of the statements, those of one entity together, in the order the entities were first described. */
    public List<EntityStatement> statements() {
        lock.readLock().lock();
        try {
            List<EntityStatement> all = new ArrayList<>(size);
            byEntity.values().forEach(all::addAll);
            return all;
        } finally {
            lock.readLock().unlock();
        }
    }

    /** A snapshot of the statements about one entity. */
    public List<EntityStatement> of(String entity) {
        lock.readLock().lock();
        try {
            Set<EntityStatement> s = byEntity.get(entity);
            return s == null ? List.of() : List.copyOf(s);
        } finally {
            lock.readLock().unlock();
        }
    }

    public int size() {
        lock.readLock().lock();
        try {
            return size;
        } finally {
            lock.readLock().unlock();
        }
    }

    public boolean isEmpty() {
        return size() == 0;
    }
}
