package dev.camelsuite.correlation;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.camel.AsyncCallback;
import org.apache.camel.Exchange;

/**
 * One exchange on its way to a service that answers asynchronously: waiting for a place, in flight, or being sent
 * again. A producer extends it with what its wire protocol needs (the payload, a target). The {@link Correlator}
 * decides who completes it, once.
 *
 * @param <P> the kind of place a request holds while it is in flight (a CAS, or a mere token)
 */
public class CorrelatedRequest<P> {

    private final Exchange exchange;
    private final AsyncCallback callback;
    private final String key;
    private final long timeout;
    private final long acceptedNanos = System.nanoTime();
    private final AtomicBoolean completed = new AtomicBoolean();
    private volatile long sentNanos;
    private volatile int attempts;
    private volatile P place;
    private volatile boolean waited;
    private volatile boolean resendable = true;
    private volatile ScheduledFuture<?> expiry;

    /**
     * @param key     what the reply names to correlate with it: the reference id
     * @param timeout milliseconds to wait for a reply per attempt; 0 or less waits as long as the producer runs
     */
    public CorrelatedRequest(Exchange exchange, AsyncCallback callback, String key, long timeout) {
        this.exchange = exchange;
        this.callback = callback;
        this.key = key;
        this.timeout = timeout;
    }

    public Exchange getExchange() {
        return exchange;
    }

    public String getKey() {
        return key;
    }

    public long getTimeout() {
        return timeout;
    }

    /** How many times it was sent so far. */
    public int getAttempts() {
        return attempts;
    }

    /** When it was last sent ({@link System#nanoTime()}). */
    public long getSentNanos() {
        return sentNanos;
    }

    /** The place it holds while in flight, or null. */
    public P getPlace() {
        return place;
    }

    AsyncCallback callback() {
        return callback;
    }

    long acceptedNanos() {
        return acceptedNanos;
    }

    void sent() {
        attempts++;
        sentNanos = System.nanoTime();
    }

    void place(P place) {
        this.place = place;
    }

    boolean waited() {
        return waited;
    }

    void waited(boolean waited) {
        this.waited = waited;
    }

    boolean resendable() {
        return resendable;
    }

    void resendable(boolean resendable) {
        this.resendable = resendable;
    }

    /** Milliseconds since it was accepted. */
    long waitedMillis() {
        return (System.nanoTime() - acceptedNanos) / 1_000_000;
    }

    ScheduledFuture<?> expiry() {
        return expiry;
    }

    void expiry(ScheduledFuture<?> expiry) {
        this.expiry = expiry;
    }

    /** True the first time only: the one completion of the exchange. */
    boolean markCompleted() {
        return completed.compareAndSet(false, true);
    }
}
