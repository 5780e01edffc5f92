package dev.camelsuite.enhancer.remote.producer;

import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.camelsuite.enhancer.remote.wire.WireProtocol;
import dev.camelsuite.enhancer.remote.wire.WorkerMetadata;
import jakarta.jms.JMSException;
import jakarta.jms.TextMessage;

/**
 * The worker instances a producer knows: what each answered to a metadata request (UIMA AS's GetMeta) and when it last
 * answered one.
 */
final class WorkerDirectory {

    /** How long after the first metadata answer the producer still expects answers of other instances. */
    private static final long METADATA_SETTLE_MILLIS = 250;

    private final Map<String, WorkerMetadata> workers = new ConcurrentHashMap<>();
    /** When each instance last answered a metadata request ({@link System#nanoTime()}). */
    private final Map<String, Long> lastSeen = new ConcurrentHashMap<>();
    private volatile CompletableFuture<WorkerMetadata> firstAnswer;
    /** When recount last asked, and the ask before ({@link System#nanoTime()}; 0: none). */
    private long lastRecount;
    private long recountBefore;

    /**
     * Asks every worker instance for its metadata and waits for the first answer, then a moment for the others (they
     * answer the same broadcast a moment later, and a collection process complete sent right after the start should
     * wait for all of them).
     *
     * @return false when nobody answered within {@code timeoutMillis}
     */
    boolean ask(ProducerLink link, long timeoutMillis) throws JMSException, InterruptedException {
        CompletableFuture<WorkerMetadata> first = new CompletableFuture<>();
        firstAnswer = first;
        try {
            link.sendControl(WireProtocol.METADATA);
            first.get(timeoutMillis, TimeUnit.MILLISECONDS);
            Thread.sleep(Math.min(METADATA_SETTLE_MILLIS, timeoutMillis));
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            firstAnswer = null;
        }
    }

    /** An instance answered a metadata request. */
    void answered(TextMessage message) throws JMSException, IOException {
        WorkerMetadata metadata = WorkerMetadata.fromJson(message.getText());
        workers.put(metadata.instanceId(), metadata);
        lastSeen.put(metadata.instanceId(), System.nanoTime());
        CompletableFuture<WorkerMetadata> first = firstAnswer;
        if (first != null) {
            first.complete(metadata);
        }
    }

    /**
     * The instances that answered since {@code asked} ({@link System#nanoTime()}); the others are forgotten, so that a
     * dead worker is not waited for again.
     */
    Set<String> liveSince(long asked) {
        Set<String> live = new TreeSet<>();
        lastSeen.forEach((instance, seen) -> {
            if (seen - asked >= 0) {
                live.add(instance);
            }
        });
        workers.keySet().retainAll(live);
        lastSeen.keySet().retainAll(live);
        return live;
    }

    /**
     * The instances answering metadata requests now, for a broker that announces no consumers: asks again, without
     * waiting, when the last ask is {@code intervalNanos} old, and counts the instances that answered the ask before
     * the last one or later. An instance that stopped drops out at the second ask after it stopped; until the first,
     * the count is that of the instances that answered so far.
     */
    synchronized int recount(ProducerLink link, long intervalNanos) {
        long now = System.nanoTime();
        if (lastRecount == 0 || now - lastRecount >= intervalNanos) {
            try {
                link.sendControl(WireProtocol.METADATA);
                recountBefore = lastRecount;
                lastRecount = now;
            } catch (JMSException e) {
                // the connection is going: the count stays as it was, and the health check says what is wrong
            }
        }
        if (recountBefore == 0) {
            return workers.size();
        }
        long since = recountBefore;
        return (int) lastSeen.values().stream().filter(seen -> seen - since >= 0).count();
    }

    /** The instances that answered a metadata request, by instance id. */
    Map<String, WorkerMetadata> workers() {
        return Map.copyOf(workers);
    }

    int size() {
        return workers.size();
    }
}
