package dev.camelsuite.app;

import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.Cancellation;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

/**
 * The tests' engine that works until its run is cancelled, as a long engine does: it looks at its
 * {@link Cancellation} as it goes and ignores interrupts. It notes when it stopped and why.
 */
@Singleton
@Named(PatientEngine.NAME)
public class PatientEngine implements EnhancementEngine {

    static final String NAME = "patient";

    volatile long enteredNanos;
    volatile long stoppedNanos;
    volatile String stoppedBecause;

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public void computeEnhancements(ContentItem item) {
        Cancellation cancellation = Cancellation.current();
        stoppedNanos = 0;
        stoppedBecause = null;
        enteredNanos = System.nanoTime();
        long giveUp = enteredNanos + TimeUnit.SECONDS.toNanos(120);
        try {
            while (System.nanoTime() < giveUp) {
                cancellation.check();
                // a millisecond of work; parking ignores the interrupt the job manager also sends
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
            }
        } catch (CancellationException e) {
            stoppedBecause = e.getMessage();
            throw e;
        } finally {
            stoppedNanos = System.nanoTime();
        }
    }

    void reset() {
        enteredNanos = 0;
        stoppedNanos = 0;
        stoppedBecause = null;
    }
}
