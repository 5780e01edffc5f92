package dev.camelsuite.enhancer.remote.producer;

import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

import dev.camelsuite.enhancer.remote.ControlStatistics;
import org.apache.camel.api.management.ManagedAttribute;
import org.apache.camel.api.management.ManagedResource;

/**
 * What a remote producer did since it started (UIMA AS's client-side monitoring): requests sent, replies, errors by
 * kind, time exchanges waited for a place in the pool, and reply latency; its control messages are counted as the
 * worker's are ({@link ControlStatistics}). Read through JMX (the producer's attributes) and Micrometer.
 */
@ManagedResource(description = "Enhancer producer statistics")
public final class ProducerStatistics extends ControlStatistics {

    private final LongAdder sent = new LongAdder();
    private final LongAdder replies = new LongAdder();
    private final LongAdder processErrors = new LongAdder();
    private final LongAdder timeouts = new LongAdder();
    private final LongAdder waitNanos = new LongAdder();
    private final LongAdder waited = new LongAdder();
    private final LongAdder latencyNanos = new LongAdder();
    private final LongAccumulator maxLatencyNanos = new LongAccumulator(Math::max, 0);

    void sent() {
        sent.increment();
    }

    void waitedForPlace(long nanos) {
        waitNanos.add(nanos);
        waited.increment();
    }

    void reply(long latencyNanos, boolean error) {
        replies.increment();
        this.latencyNanos.add(latencyNanos);
        maxLatencyNanos.accumulate(latencyNanos);
        if (error) {
            processErrors.increment();
        }
    }

    void timedOut() {
        timeouts.increment();
    }

    void metadataError() {
        countMetadataError();
    }

    void collectionProcessComplete(boolean error) {
        countCollectionProcessComplete(error);
    }

    /** Requests sent, retries included. */
    @ManagedAttribute
    public long getSent() {
        return sent.sum();
    }

    /** Replies received for requests still waiting for one. */
    @ManagedAttribute
    public long getReplies() {
        return replies.sum();
    }

    /** Replies that carried a failed chain or an error. */
    @ManagedAttribute
    public long getProcessErrors() {
        return processErrors.sum();
    }

    /** Requests that got no reply in time (each attempt). */
    @ManagedAttribute
    public long getTimeouts() {
        return timeouts.sum();
    }

    /** Total milliseconds exchanges waited for a place in the pool (casPoolSize). */
    @ManagedAttribute
    public double getWaitMillis() {
        return waitNanos.sum() / 1e6;
    }

    /** Exchanges that had to wait for a place. */
    @ManagedAttribute
    public long getWaited() {
        return waited.sum();
    }

    /** Mean milliseconds from sending a request to its reply. */
    @ManagedAttribute
    public double getMeanReplyLatencyMillis() {
        long n = replies.sum();
        return n == 0 ? 0 : latencyNanos.sum() / 1e6 / n;
    }

    /** Longest milliseconds from sending a request to its reply. */
    @ManagedAttribute
    public double getMaxReplyLatencyMillis() {
        return maxLatencyNanos.get() / 1e6;
    }

    /** Total milliseconds from sending requests to their replies. */
    @ManagedAttribute
    public double getReplyLatencyMillis() {
        return latencyNanos.sum() / 1e6;
    }
}
