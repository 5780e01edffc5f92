package dev.camelsuite.app.enhancer.jobs;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import javax.sql.DataSource;

import dev.camelsuite.app.enhancer.EnhanceRequest;

import static dev.camelsuite.app.enhancer.jobs.JobStore.TABLE;

/**
 * What the runners do to jobs in the database: claim one with a lease, end it with its answer, give it back. A job is
 * claimed by one runner at a time: a claim is a conditional update, and so is every change a runner makes afterwards,
 * which only holds while the job is still the runner's.
 */
class JobClaims {

    private final DataSource database;
    private final JobStore tables;

    JobClaims(DataSource database, JobStore tables) {
        this.database = database;
        this.tables = tables;
    }

    /** A job claimed by a runner: its id, how often it was started (this time included), and its request. */
    record Claimed(String id, String owner, int attempts, EnhanceRequest request, String traceparent) {
    }

    /**
     * Claims the oldest job that waits, or whose runner's lease ran out, for {@code runner} until
     * {@code leaseUntil}; null when there is none. Two runners never claim one job: the claim is a conditional update.
     */
    Claimed claim(String runner, Instant now, Instant leaseUntil) throws SQLException {
        tables.createTables();
        try (Connection c = database.getConnection()) {
            // the waiting ones first, then those whose runner's lease ran out: each a query its index answers alone
            for (String id : candidates(c, "state = ? ORDER BY submitted", JobState.QUEUED, null)) {
                if (take(c, id, runner, now, leaseUntil)) {
                    return claimed(c, id);
                }
            }
            for (String id : candidates(c, "state = ? AND lease_until < ?", JobState.RUNNING, now)) {
                if (take(c, id, runner, now, leaseUntil)) {
                    return claimed(c, id);
                }
            }
            return null;
        }
    }

    private static List<String> candidates(Connection c, String where, JobState state, Instant leaseRanOut)
            throws SQLException {
        List<String> ids = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT id FROM " + TABLE + " WHERE " + where
                                                      + " FETCH FIRST 8 ROWS ONLY")) {
            s.setString(1, state.label());
            if (leaseRanOut != null) {
                s.setLong(2, leaseRanOut.toEpochMilli());
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
        }
        return ids;
    }

    private static boolean take(Connection c, String id, String runner, Instant now, Instant leaseUntil)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE " + TABLE + " SET state = ?, runner = ?, lease_until = ?,"
                                                      + " started = ?, attempts = attempts + 1 WHERE id = ? AND (state = ?"
                                                      + " OR (state = ? AND lease_until < ?))")) {
            s.setString(1, JobState.RUNNING.label());
            s.setString(2, runner);
            s.setLong(3, leaseUntil.toEpochMilli());
            s.setLong(4, now.toEpochMilli());
            s.setString(5, id);
            s.setString(6, JobState.QUEUED.label());
            s.setString(7, JobState.RUNNING.label());
            s.setLong(8, now.toEpochMilli());
            return s.executeUpdate() == 1;
        }
    }

    private static Claimed claimed(Connection c, String id) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT chain, query, accept, content_type, content_language,"
                                                      + " content, attempts, owner, traceparent FROM " + TABLE + " WHERE id = ?")) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                String accept = rs.getString(3);
                EnhanceRequest request = new EnhanceRequest(rs.getString(1), rs.getBytes(6), QueryText.read(rs.getString(2)),
                        accept.isEmpty() ? List.of() : List.of(accept.split("\n")), rs.getString(4), rs.getString(5));
                return new Claimed(id, rs.getString(8), rs.getInt(7), request, rs.getString(9));
            }
        }
    }

    /**
     * Ends a job its runner still holds with its answer, lets go of its content, and moves its owner's counts; false
     * when the job is no longer the runner's (cancelled meanwhile, or its lease ran out and another runner took it).
     */
    boolean finish(Claimed job, String runner, JobState state, StoredAnswer answer, String detail, String progress,
                   Instant now) throws SQLException {
        return Transactions.run(database, c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "UPDATE " + TABLE + " SET state = ?, finished = ?, answer_status = ?, answer_type = ?, answer = ?,"
                    + " answer_size = ?, detail = ?, content = ?, lease_until = NULL, progress = COALESCE(?, progress)"
                    + " WHERE id = ? AND state = ? AND runner = ?")) {
                s.setString(1, state.label());
                s.setLong(2, now.toEpochMilli());
                s.setInt(3, answer.status());
                s.setString(4, answer.type());
                s.setBytes(5, answer.body());
                s.setLong(6, answer.body().length);
                s.setString(7, JobStore.detail(detail));
                s.setBytes(8, new byte[0]);
                s.setString(9, progress);
                s.setString(10, job.id());
                s.setString(11, JobState.RUNNING.label());
                s.setString(12, runner);
                if (s.executeUpdate() != 1) {
                    return false;
                }
            }
            OwnerCounts.add(c, job.owner(), 0, -1, -job.request().content().length, answer.body().length);
            return true;
        });
    }

    /** Keeps the progress of a job its runner still holds. */
    void progress(String id, String runner, String progress) throws SQLException {
        try (Connection c = database.getConnection(); PreparedStatement s = c.prepareStatement(
                "UPDATE " + TABLE + " SET progress = ? WHERE id = ? AND state = ? AND runner = ?")) {
            s.setString(1, progress);
            s.setString(2, id);
            s.setString(3, JobState.RUNNING.label());
            s.setString(4, runner);
            s.executeUpdate();
        }
    }

    /** Gives a job its runner holds back to the queue, as if it had not been started (the application stops). */
    void release(String id, String runner) throws SQLException {
        try (Connection c = database.getConnection(); PreparedStatement s = c.prepareStatement(
                "UPDATE " + TABLE + " SET state = ?, runner = NULL, lease_until = NULL, attempts = attempts - 1"
                + " WHERE id = ? AND state = ? AND runner = ?")) {
            s.setString(1, JobState.QUEUED.label());
            s.setString(2, id);
            s.setString(3, JobState.RUNNING.label());
            s.setString(4, runner);
            s.executeUpdate();
        }
    }

    /** Of these jobs, those cancelled. */
    List<String> cancelledAmong(Collection<String> ids) throws SQLException {
        List<String> cancelled = new ArrayList<>();
        try (Connection c = database.getConnection(); PreparedStatement s = c.prepareStatement(
                "SELECT state FROM " + TABLE + " WHERE id = ?")) {
            for (String id : ids) {
                s.setString(1, id);
                try (ResultSet rs = s.executeQuery()) {
                    if (!rs.next() || JobState.CANCELLED.label().equals(rs.getString(1))) {
                        cancelled.add(id);
                    }
                }
            }
        }
        return cancelled;
    }
}
