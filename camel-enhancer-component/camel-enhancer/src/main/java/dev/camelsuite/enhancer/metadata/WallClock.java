package dev.camelsuite.enhancer.metadata;

import java.time.Instant;

/**
 * Instants for execution metadata from readings of the monotonic clock. A job reads {@link System#nanoTime()} at each
 * transition (it reads it anyway to time its engines) and the instant is worked out only when somebody asks for it:
 * reading the wall clock is a call into the JVM that cost more than a trivial engine, twelve times per item of a chain
 * of five. The readings are anchored to the wall clock once a second, so an instant is the wall-clock time to within
 * what the system clock was adjusted by in that second (milliseconds at most; Stanbol's metadata keeps milliseconds).
 */
public final class WallClock {

    private static final long RE_ANCHOR_NANOS = 1_000_000_000L;
    private static volatile WallClock current = new WallClock(Instant.now(), System.nanoTime());

    private final Instant anchor;
    private final long anchorNanos;

    private WallClock(Instant anchor, long anchorNanos) {
        this.anchor = anchor;
        this.anchorNanos = anchorNanos;
    }

    /**
     * The clock to turn a reading of {@link System#nanoTime()} taken now into an instant (anchored within the last
     * second).
     */
    public static WallClock at(long nanoTime) {
        WallClock clock = current;
        // an anchor taken after the reading serves as well: the offset is then negative
        if (nanoTime - clock.anchorNanos >= RE_ANCHOR_NANOS) {
            clock = new WallClock(Instant.now(), System.nanoTime());
            current = clock;
        }
        return clock;
    }

    /** The wall-clock instant of a reading of {@link System#nanoTime()}. */
    public Instant instant(long nanoTime) {
        return anchor.plusNanos(nanoTime - anchorNanos);
    }
}
