package dev.camelsuite.enhancer.remote;

import java.util.concurrent.atomic.LongAdder;

import org.apache.camel.api.management.ManagedAttribute;

/**
 * What both ends of a worker queue count of its control messages
 * ({@link dev.camelsuite.enhancer.remote.wire.Controls}): metadata requests that failed, and collection process
 * completes with those that failed. Read through JMX, as attributes of the producer's and of the worker's statistics,
 * and Micrometer.
 */
public abstract class ControlStatistics {

    private final LongAdder metadataErrors = new LongAdder();
    private final LongAdder collectionProcessCompletes = new LongAdder();
    private final LongAdder collectionProcessCompleteErrors = new LongAdder();

    protected final void countMetadataError() {
        metadataErrors.increment();
    }

    protected final void countCollectionProcessComplete(boolean error) {
        collectionProcessCompletes.increment();
        if (error) {
            collectionProcessCompleteErrors.increment();
        }
    }

    /** Metadata requests that failed: nobody answered in time (producer), or answering failed (worker). */
    @ManagedAttribute
    public long getMetadataErrors() {
        return metadataErrors.sum();
    }

    @ManagedAttribute
    public long getCollectionProcessCompletes() {
        return collectionProcessCompletes.sum();
    }

    /** Collection process completes that failed or timed out (producer), or that an engine failed (worker). */
    @ManagedAttribute
    public long getCollectionProcessCompleteErrors() {
        return collectionProcessCompleteErrors.sum();
    }
}
