package dev.camelsuite.enhancer.job;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The chain timeouts of the jobs running in a job manager, watched by sweeps on the timer thread rather than by one
 * timer task per job. A task per job cost more than a chain of five engines: scheduling it on an empty timer queue and
 * cancelling it moments later woke the timer thread for every item. Here a job with a deadline joins a set when it
 * starts and leaves it when it ends; a sweep is planned for the earliest deadline known, and only a job whose deadline
 * comes before the planned sweep plans one of its own (under a steady flow with one timeout, one sweep per timeout).
 * A sweep times out the jobs whose deadline has passed and plans the next for the earliest deadline left.
 * <p>
 * Deadlines are {@link System#nanoTime()} values. Sweeps planned and no longer needed run, find nothing and end.
 */
final class ChainDeadlines {

    private static final long NONE = Long.MAX_VALUE;

    private final EnhancementJobManager manager;
    private final Set<Watch> running = ConcurrentHashMap.newKeySet();
    /** The deadline the earliest planned sweep runs at, or {@link #NONE}. */
    private final AtomicLong nextSweep = new AtomicLong(NONE);

    ChainDeadlines(EnhancementJobManager manager) {
        this.manager = manager;
    }

    /** One job watched until its deadline. */
    static final class Watch {
        private final EnhancementJob job;
        private final long deadline;
        // a set member's hash: an identity hash code costs more to make the first time than the draw
        private final int hash = ThreadLocalRandom.current().nextInt();

        private Watch(EnhancementJob job, long deadline) {
            this.job = job;
            this.deadline = deadline;
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object other) {
            return this == other;
        }
    }

    /** Watches a job until {@link #remove}; it is timed out at {@code deadline} when still watched. */
    Watch add(EnhancementJob job, long deadline) {
        Watch watch = new Watch(job, deadline);
        running.add(watch);
        planSweep(deadline);
        return watch;
    }

    void remove(Watch watch) {
        running.remove(watch);
    }

    /** How many jobs are watched (for tests). */
    int size() {
        return running.size();
    }

    private void planSweep(long deadline) {
        long planned = nextSweep.get();
        while (deadline < planned) {
            if (nextSweep.compareAndSet(planned, deadline)) {
                long delayMillis = Math.max(0, (deadline - System.nanoTime() + 999_999) / 1_000_000);
                manager.schedule(this::sweep, delayMillis);
                return;
            }
            planned = nextSweep.get();
        }
    }

    private void sweep() {
        // a job added from now on plans a sweep of its own unless another was planned before it
        nextSweep.set(NONE);
        long now = System.nanoTime();
        long earliest = NONE;
        for (Watch watch : running) {
            long deadline = watch.deadline;
            if (deadline - now <= 0) {
                running.remove(watch);
                watch.job.chainTimedOut();
            } else if (deadline < earliest) {
                earliest = deadline;
            }
        }
        if (earliest != NONE) {
            planSweep(earliest);
        }
    }
}
