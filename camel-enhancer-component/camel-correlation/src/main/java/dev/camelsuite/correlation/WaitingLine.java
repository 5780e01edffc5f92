package dev.camelsuite.correlation;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The requests that wait for a place, in the order they came, at most {@code max} of them; lock-free, holding no
 * thread. Counted apart, because the queue's own size() walks the whole line.
 */
final class WaitingLine<R> {

    private final Queue<R> line = new ConcurrentLinkedQueue<>();
    private final AtomicInteger count = new AtomicInteger();
    private final int max;

    WaitingLine(int max) {
        if (max < 0) {
            throw new IllegalArgumentException("maxWaiting must be >= 0, was " + max);
        }
        this.max = max;
    }

    /** Reserves room for one more; false when {@code max} wait already. */
    boolean reserve() {
        if (count.incrementAndGet() > max) {
            count.decrementAndGet();
            return false;
        }
        return true;
    }

    /** Gives back room reserved for a request that did not join the line after all. */
    void unreserve() {
        count.decrementAndGet();
    }

    /** Puts a request whose room was reserved at the end of the line. */
    void add(R request) {
        line.add(request);
    }

    /** Takes a request out of the line (its wait ran out); false when it was not in it any more. */
    boolean remove(R request) {
        if (line.remove(request)) {
            count.decrementAndGet();
            return true;
        }
        return false;
    }

    /** The first request of the line, or null. */
    R poll() {
        R r = line.poll();
        if (r != null) {
            count.decrementAndGet();
        }
        return r;
    }

    boolean isEmpty() {
        return line.isEmpty();
    }

    int size() {
        return count.get();
    }

    int max() {
        return max;
    }
}
