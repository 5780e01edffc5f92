package dev.camelsuite.workflow.store;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import dev.camelsuite.workflow.model.StepEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends the outbox's events, oldest first, and deletes each batch once sent: at least once (an event sent whose
 * deletion did not happen — the process died, the database went — is sent again, with the same event id), and in
 * order, because one relay at a time sends: the one that holds the outbox's lease. A relay whose lease ran out while a
 * send blocked (a broker down) stops before its next send; what it sent meanwhile a consumer sees at most twice, never
 * out of order by its first arrival. A send that fails stops the batch; it is tried again, after a pause, from the
 * event that failed.
 */
public final class OutboxRelay implements Runnable {

    /** Where events go: throws when the event did not arrive (or may not have). */
    @FunctionalInterface
    public interface Sender {
        void send(StepEvent event) throws Exception;
    }

    private static final Logger LOG = LoggerFactory.getLogger(OutboxRelay.class);
    private static final int BATCH = 500;
    private static final long MAX_PAUSE_MILLIS = 5_000;
    /** The least time between two passes that a nudge starts. */
    static final long GATHER_MILLIS = 20;
    /** How often a pass reads the outbox from its start rather than on from the last event sent. */
    static final long FROM_THE_START_MILLIS = 1_000;

    private final EventOutbox outbox;
    private final Sender sender;
    private final String holder;
    private final String target;
    private final Duration lease;
    private final long pollMillis;
    private final BooleanSupplier ready;
    private final AtomicLong sent = new AtomicLong();
    private final AtomicBoolean nudged = new AtomicBoolean();
    private volatile boolean running;
    private volatile Thread thread;
    private long leaseRenewAt;
    private long leaseEndsAt;
    private long failurePause;
    private long passBegan = System.nanoTime();
    /** The position of the last event sent: the next pass reads on from there. */
    private long after;
    private long fromTheStartAt = System.nanoTime();
    private boolean leaseTaken;
    private String failing;

    /**
     * @param holder     this relay's name in the lease (unique among the relays of one database)
     * @param target     where events go, as logs name it
     * @param lease      how long the lease lasts without renewal: how long the relays wait for a relay that died
     * @param pollMillis how often an idle relay looks for events it was not told of (other JVMs' changes)
     * @param ready      whether the store is ready (its schema up to date): the relay waits for it
     */
    public OutboxRelay(EventOutbox outbox, Sender sender, String holder, String target, Duration lease,
                       long pollMillis, BooleanSupplier ready) {
        this.ready = ready;
        this.outbox = outbox;
        this.sender = sender;
        this.holder = holder;
        this.target = target;
        this.lease = lease;
        this.pollMillis = pollMillis;
    }

    public synchronized void start() {
        running = true;
        thread = new Thread(this, "workflow-event-relay");
        thread.setDaemon(true);
        thread.start();
    }

    /** Stops after the send in progress, waiting for it at most {@code wait}, and gives up the lease. */
    public void stop(Duration wait) throws InterruptedException {
        Thread t;
        synchronized (this) {
            running = false;
            t = thread;
            thread = null;
        }
        if (t == null) {
            return;
        }
        LockSupport.unpark(t);
        t.join(wait.toMillis());
        if (t.isAlive()) {
            t.interrupt();
        }
        try {
            outbox.release(holder);
        } catch (SQLException e) {
            LOG.debug("Could not give up the event relay's lease; it runs out by itself: {}", e.getMessage());
        }
    }

    /**
     * Says that events were just written: the relay looks at once instead of at its next poll. Called after every
     * commit: only the first call since the relay's last look wakes it.
     */
    public void nudge() {
        if (!nudged.getAndSet(true)) {
            Thread t = thread;
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    /** Events this relay sent (and deleted or tried to delete). */
    public long sent() {
        return sent.get();
    }

    @Override
    public void run() {
        while (running) {
            long pause;
            try {
                pause = relay();
            } catch (SQLException e) {
                pause = failed("the database did not answer: " + e.getMessage());
            }
            if (pause > 0 && !await(pause)) {
                return;
            }
        }
    }

    /**
     * Sends one batch when this relay holds the lease, and deletes what it sent; answers how long to wait before the
     * next (0: there may be more at once).
     */
    private long relay() throws SQLException {
        if (!ready.getAsBoolean() || !holding()) {
            return pollMillis;
        }
        // on from the last event sent; from the start once a second, for the events of transactions that took
        // their position before it and committed after (their changes touched none of what came after them)
        long now = System.nanoTime();
        if (now - fromTheStartAt >= 0 || leaseTaken) {
            after = 0;
            fromTheStartAt = now + TimeUnit.MILLISECONDS.toNanos(FROM_THE_START_MILLIS);
            leaseTaken = false;
        }
        List<StepEvent> events = outbox.oldest(BATCH, after);
        List<StepEvent> done = new ArrayList<>(events.size());
        Exception failure = null;
        for (StepEvent event : events) {
            if (!running || !holding()) {
                break;
            }
            try {
                sender.send(event);
            } catch (Exception e) {
                failure = e;
                break;
            }
            done.add(event);
        }
        outbox.delete(done);
        sent.addAndGet(done.size());
        if (!done.isEmpty()) {
            after = done.get(done.size() - 1).position();
        }
        if (failure != null) {
            return failed("sending failed: " + rootMessage(failure));
        }
        recovered();
        return done.size() == BATCH ? 0 : pollMillis;
    }

    /** What went wrong at the bottom: Camel's exception around a failed exchange names only the exchange. */
    private static String rootMessage(Throwable failure) {
        String message = failure.getMessage();
        for (Throwable t = failure.getCause(); t != null && t != t.getCause(); t = t.getCause()) {
            if (t.getMessage() != null) {
                message = t.getMessage();
            }
        }
        return message;
    }

    /** Whether this relay holds the lease, renewed once half of it has gone. */
    private boolean holding() throws SQLException {
        long now = System.nanoTime();
        if (leaseEndsAt != 0 && now - leaseRenewAt < 0) {
            return true;
        }
        if (outbox.lease(holder, lease)) {
            leaseTaken |= leaseEndsAt == 0;
            leaseRenewAt = now + lease.toNanos() / 2;
            leaseEndsAt = now + lease.toNanos();
            return true;
        }
        leaseEndsAt = 0;
        return false;
    }

    /** Says once per outage why events wait, and how long until the next try. */
    private long failed(String why) {
        if (failing == null) {
            LOG.warn("Step events cannot be sent to {} ({}); they wait in the outbox and go out in order when it"
                     + " answers", target, why);
        }
        failing = why;
        failurePause = Math.min(Math.max(250, failurePause * 2), MAX_PAUSE_MILLIS);
        return failurePause;
    }

    private void recovered() {
        if (failing != null) {
            LOG.info("Step events are sent to {} again", target);
            failing = null;
        }
        failurePause = 0;
    }

    /**
     * Waits {@code millis}, or until nudged but not sooner than {@link #GATHER_MILLIS} after the last pass began: under
     * a stream of changes each pass takes what came meanwhile, so the outbox is not read and written (a commit, synced
     * on a durable database) once per change. Answers whether to go on.
     */
    private boolean await(long millis) {
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        long earliest = passBegan + TimeUnit.MILLISECONDS.toNanos(GATHER_MILLIS);
        while (running) {
            long now = System.nanoTime();
            boolean wanted = nudged.get();
            if (now - until >= 0 || wanted && now - earliest >= 0) {
                break;
            }
            LockSupport.parkNanos(this, (wanted && earliest - until < 0 ? earliest : until) - now);
            if (Thread.currentThread().isInterrupted()) {
                return false;
            }
        }
        nudged.set(false);
        passBegan = System.nanoTime();
        return running;
    }
}
