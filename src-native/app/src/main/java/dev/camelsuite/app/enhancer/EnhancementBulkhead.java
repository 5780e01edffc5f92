package dev.camelsuite.app.enhancer;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * How many enhancements the HTTP API runs at once ({@code camelsuite.enhancer.max-concurrent}, by default one per
 * processor) and how many may wait for a turn ({@code camelsuite.enhancer.max-waiting}, for at most
 * {@code camelsuite.enhancer.max-wait}). A request beyond that is refused at once with {@link Full}, answered 503 with
 * {@code Retry-After}: the JVM also runs the workflow store and the robots, and an enhancement holds its text, its
 * annotations and its answer in memory.
 */
@ApplicationScoped
public class EnhancementBulkhead {

    @ConfigProperty(name = "camelsuite.enhancer.max-concurrent", defaultValue = "0")
    int maxConcurrent;

    @ConfigProperty(name = "camelsuite.enhancer.max-waiting", defaultValue = "16")
    int maxWaiting;

    @ConfigProperty(name = "camelsuite.enhancer.max-wait", defaultValue = "10s")
    Duration maxWait;

    @Inject
    MeterRegistry meters;

    private Semaphore running;
    private final AtomicInteger waiting = new AtomicInteger();
    private Counter refused;

    @PostConstruct
    void start() {
        if (maxConcurrent < 0 || maxWaiting < 0) {
            throw new IllegalArgumentException("camelsuite.enhancer.max-concurrent and max-waiting must be >= 0");
        }
        int permits = maxConcurrent == 0 ? Runtime.getRuntime().availableProcessors() : maxConcurrent;
        running = new Semaphore(permits, true);
        refused = Counter.builder("enhancer.http.refused").description("Enhance requests refused: all turns taken")
                .register(meters);
    }

    /** Runs {@code enhancement} in a turn; throws {@link Full} when none is free in time. */
    public <T> T run(Supplier<T> enhancement) {
        if (!running.tryAcquire()) {
            waitForTurn();
        }
        try {
            return enhancement.get();
        } finally {
            running.release();
        }
    }

    /** Seconds a refused client should wait before asking again. */
    public long retryAfterSeconds() {
        return Math.max(1, maxWait.toSeconds());
    }

    private void waitForTurn() {
        if (waiting.incrementAndGet() > maxWaiting) {
            waiting.decrementAndGet();
            throw full();
        }
        try {
            if (!running.tryAcquire(maxWait.toMillis(), TimeUnit.MILLISECONDS)) {
                throw full();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw full();
        } finally {
            waiting.decrementAndGet();
        }
    }

    private Full full() {
        refused.increment();
        return new Full();
    }

    /** Every turn is taken and the waiting line is full. */
    public static final class Full extends RuntimeException {

        private static final long serialVersionUID = 1L;

        Full() {
            super("Every enhancement turn is taken", null, false, false);
        }
    }
}
