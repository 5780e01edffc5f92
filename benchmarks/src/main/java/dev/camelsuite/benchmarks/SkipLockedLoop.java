package dev.camelsuite.benchmarks;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

/**
 * {@link RobotBenchmark}'s contender written by hand: 4 threads, each on a connection of its own, claiming 10 queued
 * steps with {@code FOR UPDATE SKIP LOCKED} in a transaction, then completing each with an auto-committed
 * {@code UPDATE}.
 */
final class SkipLockedLoop {

    private SkipLockedLoop() {
    }

    /** The alternative a user would write by hand: claim 10 with SKIP LOCKED, then complete each. */
    static double run(DataSource ds) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        AtomicInteger completed = new AtomicInteger();
        long t0 = System.nanoTime();
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            futures.add(pool.submit(() -> claimAndCompleteUntilNoneQueued(ds, completed)));
        }
        for (Future<?> f : futures) {
            f.get();
        }
        pool.shutdown();
        pool.awaitTermination(10, TimeUnit.SECONDS);
        return completed.get() / ((System.nanoTime() - t0) / 1e9);
    }

    /** One thread of the hand-written loop, on a connection of its own. */
    private static Void claimAndCompleteUntilNoneQueued(DataSource ds, AtomicInteger completed) throws Exception {
        try (Connection c = ds.getConnection()) {
            while (true) {
                List<Long> ids = claimTen(c);
                if (ids.isEmpty()) {
                    return null;
                }
                for (Long id : ids) {
                    try (PreparedStatement u = c.prepareStatement(
                            "UPDATE workflow_step SET status = 'completed', status_at = ? WHERE id = ?")) {
                        u.setObject(1, OffsetDateTime.now(ZoneOffset.UTC));
                        u.setLong(2, id);
                        u.executeUpdate();
                    }
                    completed.incrementAndGet();
                }
            }
        }
    }

    /**
     * Up to 10 queued steps, oldest first, claimed and marked started in one transaction; afterwards the connection
     * commits each statement. None queued: the empty transaction committed, nothing claimed.
     */
    private static List<Long> claimTen(Connection c) throws Exception {
        List<Long> ids = new ArrayList<>();
        c.setAutoCommit(false);
        try (PreparedStatement s = c.prepareStatement(
                "SELECT id FROM workflow_step WHERE workflow = 'robotWF' AND process = 'work'"
                + " AND status = 'queued' AND active = TRUE ORDER BY status_at, id"
                + " FETCH FIRST 10 ROWS ONLY FOR UPDATE SKIP LOCKED");
             ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                ids.add(rs.getLong(1));
            }
        }
        if (ids.isEmpty()) {
            c.commit();
            return ids;
        }
        try (PreparedStatement u = c.prepareStatement(
                "UPDATE workflow_step SET status = 'started', attempts = attempts + 1, status_at = ?"
                + " WHERE id = ?")) {
            for (Long id : ids) {
                u.setObject(1, OffsetDateTime.now(ZoneOffset.UTC));
                u.setLong(2, id);
                u.addBatch();
            }
            u.executeBatch();
        }
        c.commit();
        c.setAutoCommit(true);
        return ids;
    }
}
