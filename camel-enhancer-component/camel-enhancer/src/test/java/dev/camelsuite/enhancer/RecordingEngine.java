package dev.camelsuite.enhancer;

import java.util.concurrent.atomic.AtomicInteger;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.CanEnhance;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EnhancementEngine;

/** A test engine that records how often, when and on which thread it ran, and does what the test tells it. */
class RecordingEngine implements EnhancementEngine {

    @FunctionalInterface
    interface Work {
        void run(ContentItem item) throws Exception;
    }

    final String name;
    final int order;
    final AtomicInteger calls = new AtomicInteger();
    volatile CanEnhance canEnhance = CanEnhance.SYNCHRONOUS;
    volatile Work work = item -> {
    };
    volatile String thread;
    volatile long startedNanos;
    volatile long endedNanos;

    RecordingEngine(String name) {
        this(name, 0);
    }

    RecordingEngine(String name, int order) {
        this.name = name;
        this.order = order;
    }

    RecordingEngine doing(Work work) {
        this.work = work;
        return this;
    }

    RecordingEngine answering(CanEnhance canEnhance) {
        this.canEnhance = canEnhance;
        return this;
    }

    RecordingEngine failing(String message) {
        return doing(item -> {
            throw new EngineException(message);
        });
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public int getOrder() {
        return order;
    }

    @Override
    public CanEnhance canEnhance(ContentItem item) {
        return canEnhance;
    }

    @Override
    public void computeEnhancements(ContentItem item) throws EngineException {
        calls.incrementAndGet();
        thread = Thread.currentThread().getName();
        startedNanos = System.nanoTime();
        try {
            work.run(item);
        } catch (EngineException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new EngineException(e.getMessage(), e);
        } finally {
            endedNanos = System.nanoTime();
        }
        item.addAnnotation("ran", 1.0, name, null);
    }
}
