package dev.camelsuite.app.enhancer;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.quarkus.runtime.configuration.MemorySize;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * What a query of {@code /enhancer/sparql} may take ({@code camelsuite.enhancer.sparql.*}): its length and nesting
 * as written, its time from its arrival to its answer's last byte, the rows and characters it goes through
 * ({@link SparqlBudget}), its answer's size, and one of the turns queries share (as many as processors): a query
 * that finds no turn before its deadline is answered 503. With the defaults, the queries running at once hold at
 * most a few tens of megabytes whatever they ask.
 */
@ApplicationScoped
public class SparqlSettings {

    @ConfigProperty(name = "camelsuite.enhancer.sparql.max-length", defaultValue = "10000")
    int maxLength;

    @ConfigProperty(name = "camelsuite.enhancer.sparql.max-nesting", defaultValue = "64")
    int maxNesting;

    @ConfigProperty(name = "camelsuite.enhancer.sparql.timeout", defaultValue = "5s")
    Duration timeout;

    @ConfigProperty(name = "camelsuite.enhancer.sparql.max-rows", defaultValue = "100000")
    long maxRows;

    @ConfigProperty(name = "camelsuite.enhancer.sparql.max-characters", defaultValue = "4000000")
    long maxCharacters;

    @ConfigProperty(name = "camelsuite.enhancer.sparql.max-answer-size", defaultValue = "8M")
    MemorySize maxAnswerSize;

    private Semaphore turns;

    @PostConstruct
    void check() {
        positive("max-length", maxLength);
        positive("max-nesting", maxNesting);
        positive("timeout", timeout.toMillis());
        positive("max-rows", maxRows);
        positive("max-characters", maxCharacters);
        positive("max-answer-size", maxAnswerSize.asLongValue());
        turns = new Semaphore(Runtime.getRuntime().availableProcessors(), true);
    }

    private static void positive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException("camelsuite.enhancer.sparql." + name + " must be more than 0, not "
                                               + value);
        }
    }

    /** Runs a query in a turn, waiting for one until its deadline; else {@link SparqlBudget.Exceeded} (503). */
    <T> T inTurn(long deadlineNanos, Supplier<T> query) {
        try {
            if (!turns.tryAcquire(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                throw SparqlBudget.outOfTime(this);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw SparqlBudget.outOfTime(this);
        }
        try {
            return query.get();
        } finally {
            turns.release();
        }
    }

    int maxLength() {
        return maxLength;
    }

    int maxNesting() {
        return maxNesting;
    }

    Duration timeout() {
        return timeout;
    }

    long maxRows() {
        return maxRows;
    }

    long maxCharacters() {
        return maxCharacters;
    }

    long maxAnswerSize() {
        return maxAnswerSize.asLongValue();
    }
}
