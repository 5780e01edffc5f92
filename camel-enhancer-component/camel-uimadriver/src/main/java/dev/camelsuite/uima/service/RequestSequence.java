package dev.camelsuite.uima.service;

import java.util.NavigableSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The order in which a service took its requests, for Collection Process Complete: the client's last word on what it
 * sent is answered once every Process request taken before it is answered (other instances may still be at work).
 */
final class RequestSequence {

    private final AtomicLong sequence = new AtomicLong();
    /** The sequence numbers of the Process requests in progress. */
    private final NavigableSet<Long> inProgress = new ConcurrentSkipListSet<>();

    /** A request was taken: its sequence number. */
    long taken() {
        long n = sequence.incrementAndGet();
        inProgress.add(n);
        return n;
    }

    void finished(long n) {
        inProgress.remove(n);
        synchronized (inProgress) {
            inProgress.notifyAll();
        }
    }

    /**
     * Waits until every request taken before now is answered, at most {@code timeoutMillis} (0: no limit).
     *
     * @return whether they all were
     */
    boolean awaitRequestsTaken(long timeoutMillis) throws InterruptedException {
        long n = taken();
        finished(n); // its own place in the sequence
        long deadline = timeoutMillis == 0 ? Long.MAX_VALUE
                : System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        synchronized (inProgress) {
            while (!inProgress.isEmpty() && inProgress.first() < n) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                inProgress.wait(Math.max(1, Math.min(TimeUnit.NANOSECONDS.toMillis(left), 60_000)));
            }
        }
        return true;
    }
}
