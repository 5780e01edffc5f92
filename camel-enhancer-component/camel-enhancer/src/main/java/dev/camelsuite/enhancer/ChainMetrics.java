package dev.camelsuite.enhancer;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.enhancer.metadata.EngineExecution;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.apache.camel.CamelContext;

/**
 * Meters of a chain run in this JVM, when the Camel registry holds a {@link MeterRegistry}: {@code enhancer.engine.time}
 * (a timer per engine, from the execution metadata), {@code enhancer.engine.cpu} (the CPU time of the thread that ran
 * the engine, where the JVM measures it) and {@code enhancer.chain.items} (items by chain status). Local
 * producers and workers record them alike, each for the chains it runs; workers have meters of their own besides
 * ({@code enhancer.worker.*}).
 */
public final class ChainMetrics {

    private final MeterRegistry registry;
    private final String chain;
    private final Map<String, Timer> engineTimers = new ConcurrentHashMap<>();
    private final Map<String, Timer> engineCpuTimers = new ConcurrentHashMap<>();
    private final Map<String, Counter> itemCounters = new ConcurrentHashMap<>();

    private ChainMetrics(MeterRegistry registry, String chain) {
        this.registry = registry;
        this.chain = chain;
    }

    /** The chain's meters, or null when the application has no meter registry. */
    public static ChainMetrics of(CamelContext context, String chain) {
        var registries = context.getRegistry().findByType(MeterRegistry.class);
        return registries.isEmpty() ? null : new ChainMetrics(registries.iterator().next(), chain);
    }

    /** One item the chain enhanced, with the time of each engine from its metadata. */
    public void record(ExecutionMetadata metadata, boolean failed) {
        itemCounters.computeIfAbsent(failed ? "failed" : "completed", status -> Counter.builder("enhancer.chain.items")
                .tags("chain", chain, "status", status).description("items enhanced in this JVM, by chain status")
                .register(registry)).increment();
        for (EngineExecution e : metadata.getEngineExecutions()) {
            // in nanoseconds where the engine ran here: most engines take less than a millisecond on a short text
            long nanos = e.getDurationNanos() >= 0 ? e.getDurationNanos()
                    : e.getDurationMillis() >= 0 ? TimeUnit.MILLISECONDS.toNanos(e.getDurationMillis()) : -1;
            if (nanos >= 0) {
                engineTimers.computeIfAbsent(e.getEngine(), engine -> Timer.builder("enhancer.engine.time")
                        .tags("chain", chain, "engine", engine).description("time an engine took over one item")
                        .register(registry)).record(nanos, TimeUnit.NANOSECONDS);
            }
            if (e.getCpuNanos() >= 0) {
                engineCpuTimers.computeIfAbsent(e.getEngine(), engine -> Timer.builder("enhancer.engine.cpu")
                        .tags("chain", chain, "engine", engine)
                        .description("CPU time of the thread that ran an engine over one item, while it ran")
                        .register(registry)).record(e.getCpuNanos(), TimeUnit.NANOSECONDS);
            }
        }
    }
}
