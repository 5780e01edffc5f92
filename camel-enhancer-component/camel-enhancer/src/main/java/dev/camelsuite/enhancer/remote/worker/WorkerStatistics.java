package dev.camelsuite.enhancer.remote.worker;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

import dev.camelsuite.enhancer.metadata.EngineExecution;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import dev.camelsuite.enhancer.remote.ControlStatistics;
import org.apache.camel.api.management.ManagedAttribute;
import org.apache.camel.api.management.ManagedResource;

/**
 * What a worker did since it started (UIMA AS's service monitoring): documents processed, errors by kind, analysis
 * time per engine, documents in process and idle time; its control messages are counted as the producer's are
 * ({@link ControlStatistics}). Read through JMX (the worker consumer's attributes) and Micrometer.
 */
@ManagedResource(description = "Enhancer worker statistics")
public final class WorkerStatistics extends ControlStatistics {

    private final LongAdder processed = new LongAdder();
    private final LongAdder processErrors = new LongAdder();
    private final LongAdder rejected = new LongAdder();
    private final LongAdder metadataRequests = new LongAdder();
    private final LongAdder busyNanos = new LongAdder();
    private final AtomicInteger inProcess = new AtomicInteger();
    private final Map<String, LongAdder[]> engines = new ConcurrentHashMap<>();
    private final int instances;
    private final long startNanos = System.nanoTime();

    WorkerStatistics(int instances) {
        this.instances = instances;
    }

    /** A document starts; answers the start time for {@link #documentDone(long, boolean, ExecutionMetadata)}. */
    long documentStarted() {
        inProcess.incrementAndGet();
        return System.nanoTime();
    }

    void documentDone(long started, boolean error, ExecutionMetadata metadata) {
        busyNanos.add(System.nanoTime() - started);
        inProcess.decrementAndGet();
        processed.increment();
        if (error) {
            processErrors.increment();
        }
        if (metadata != null) {
            for (EngineExecution e : metadata.getEngineExecutions()) {
                if (e.getDurationNanos() >= 0) {
                    LongAdder[] t = engines.computeIfAbsent(e.getEngine(), k -> new LongAdder[] { new LongAdder(),
                                                                                                   new LongAdder() });
                    t[0].add(e.getDurationNanos());
                    t[1].increment();
                }
            }
        }
    }

    void rejected() {
        rejected.increment();
    }

    void metadataRequest(boolean error) {
        metadataRequests.increment();
        if (error) {
            countMetadataError();
        }
    }

    void collectionProcessComplete(boolean error) {
        countCollectionProcessComplete(error);
    }

    /** Documents answered (completed, failed or in error). */
    @ManagedAttribute
    public long getProcessed() {
        return processed.sum();
    }

    /** Documents whose chain or route failed. */
    @ManagedAttribute
    public long getProcessErrors() {
        return processErrors.sum();
    }

    /** Messages moved to the dead-letter queue. */
    @ManagedAttribute
    public long getRejected() {
        return rejected.sum();
    }

    @ManagedAttribute
    public long getMetadataRequests() {
        return metadataRequests.sum();
    }

    /** Documents being processed now. */
    @ManagedAttribute
    public int getInProcess() {
        return inProcess.get();
    }

    /** Milliseconds the worker's instances spent without a document since it started. */
    @ManagedAttribute
    public long getIdleMillis() {
        long total = (System.nanoTime() - startNanos) * instances;
        return Math.max(0, (total - busyNanos.sum()) / 1_000_000);
    }

    /** Total analysis time per engine, in milliseconds, by engine name. */
    @ManagedAttribute
    public Map<String, Double> getEngineMillis() {
        Map<String, Double> result = new TreeMap<>();
        engines.forEach((name, t) -> result.put(name, t[0].sum() / 1e6));
        return result;
    }

    /** Runs per engine, by engine name. */
    @ManagedAttribute
    public Map<String, Long> getEngineRuns() {
        Map<String, Long> result = new TreeMap<>();
        engines.forEach((name, t) -> result.put(name, t[1].sum()));
        return result;
    }

    /** Total analysis time of one engine in milliseconds (0 before its first run). */
    double engineMillis(String engine) {
        LongAdder[] t = engines.get(engine);
        return t == null ? 0 : t[0].sum() / 1e6;
    }
}
