package dev.camelsuite.enhancer.remote.worker;

import java.util.concurrent.TimeUnit;

/**
 * How many requests a worker instance lets the broker send ahead of its acknowledgements, judged by its own documents.
 * <p>
 * A window of one keeps a slow document from holding fast ones behind it in the instance's buffer, but costs a broker
 * round trip per document: the instance sits idle between acknowledging one request and receiving the next. A wide
 * window hides that round trip, and is only unfair when documents vary. So the window holds about
 * {@value #BUDGET_MILLIS} ms of work judged by the slowest recent document: short, even documents get a wide window (up
 * to {@code ceiling}); once a slow one is seen the window drops to {@code floor} at once, and widens again only after
 * that document has been forgotten (its time decays by 1/32 with each document after it, about a hundred documents).
 * Changes of less than half either way are let be, so ordinary variation does not keep the broker busy.
 * <p>
 * Not thread-safe: each instance keeps its own, on its session's thread.
 */
final class PrefetchWindow {

    /** The work, in milliseconds of the slowest recent document, a window may hold. */
    static final long BUDGET_MILLIS = 5;
    private static final long BUDGET_NANOS = TimeUnit.MILLISECONDS.toNanos(BUDGET_MILLIS);
    /** After this many documents the window is told to the broker again, changed or not (a reconnected broker forgot it). */
    static final int REFRESH_DOCUMENTS = 1000;

    private final int floor;
    private final int ceiling;
    private int window;
    private long slowestNanos;
    private int sinceTold;

    /**
     * @param floor   the window while documents vary (the {@code prefetch} option)
     * @param ceiling the widest window (the {@code maxPrefetch} option); at or below {@code floor} the window stays put
     */
    PrefetchWindow(int floor, int ceiling) {
        this.floor = floor;
        this.ceiling = Math.max(floor, ceiling);
        this.window = floor;
    }

    /** Whether the window moves at all: a pull consumer (0) or a ceiling at the floor keeps it where it is. */
    boolean isAdaptive() {
        return floor > 0 && ceiling > floor;
    }

    int get() {
        return window;
    }

    /**
     * Takes the time of a finished document.
     *
     * @return the new window to tell the broker, or -1 when it stays
     */
    int documentDone(long nanos) {
        if (!isAdaptive()) {
            return -1;
        }
        slowestNanos = Math.max(nanos, slowestNanos - (slowestNanos >> 5));
        long fits = BUDGET_NANOS / Math.max(1, slowestNanos);
        int wanted = (int) Math.max(floor, Math.min(ceiling, fits));
        sinceTold++;
        // narrow at once to half or less, widen by half or more (or to the ceiling): a slow document moves the window
        // at once, the wobble of ordinary documents does not, and the broker is told only of real changes
        boolean change = wanted <= window / 2 || wanted >= window + Math.max(1, window / 2)
                         || (wanted == ceiling && window != ceiling);
        if (change || sinceTold >= REFRESH_DOCUMENTS) {
            window = wanted;
            sinceTold = 0;
            return window;
        }
        return -1;
    }
}
