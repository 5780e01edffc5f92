package dev.camelsuite.app.enhancer.jobs;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import dev.camelsuite.app.enhancer.EnhanceRequest;

/**
 * The enhancement jobs in the application's database (the workflow store's: H2 by default, PostgreSQL by
 * configuration), so that a job outlives the request that made it, a restart and a crash, and every application that
 * shares the database takes jobs from one backlog. A job is claimed by one runner at a time, with a lease: a runner
 * that dies gives its jobs back when their leases run out. Every change is one statement, committed at once.
 */
class JobStore {

    /**
     * A schema of the jobs' own: the workflow store's migrations refuse a schema that holds tables they did not make,
     * and the application may make its jobs' table first.
     */
    static final String SCHEMA = "camelsuite_jobs";
    static final String TABLE = SCHEMA + ".enhancement_job";
    private static final String COLUMNS = "id, owner, chain, state, submitted, started, finished, attempts,"
                                          + " answer_status, detail";

    /** The longest text of each column a request fills, checked before a job is stored ({@link #fits}). */
    static final int MAX_QUERY = 100_000;
    static final int MAX_ACCEPT = 8192;
    static final int MAX_CONTENT_TYPE = 1024;
    static final int MAX_CONTENT_LANGUAGE = 256;
    static final int MAX_KEY = 256;
    private static final int MAX_DETAIL = 2000;

    private final DataSource database;
    private volatile boolean tablesMade;

    JobStore(DataSource database) {
        this.database = database;
    }

    /**
     * Makes the table and its indexes where they are not yet, once: the application may start before its database
     * (PostgreSQL started later), so every use of the store asks for them until they are made.
     */
    void createTables() throws SQLException {
        if (tablesMade) {
            return;
        }
        try (Connection c = database.getConnection(); Statement s = c.createStatement()) {
            boolean postgresql = c.getMetaData().getDatabaseProductName().toLowerCase().contains("postgres");
            // H2's VARBINARY rather than its BLOB: kept in the row, not in H2's separate store of large objects, which
            // took jobs twice the time (JobsLoad); content and answers are read and written whole either way
            String bytes = postgresql ? "BYTEA" : "VARBINARY";
            // PostgreSQL puts an index in its table's schema by itself, and refuses a schema in the index's name
            String index = postgresql ? "" : SCHEMA + ".";
            s.execute("CREATE SCHEMA IF NOT EXISTS " + SCHEMA);
            s.execute("CREATE TABLE IF NOT EXISTS " + TABLE + " (id VARCHAR(36) PRIMARY KEY, owner VARCHAR(256) NOT NULL,"
                      + " chain VARCHAR(512) NOT NULL, query VARCHAR(" + MAX_QUERY + ") NOT NULL, accept VARCHAR("
                      + MAX_ACCEPT + ") NOT NULL, content_type VARCHAR(" + MAX_CONTENT_TYPE + "), content_language"
                      + " VARCHAR(" + MAX_CONTENT_LANGUAGE + "), content " + bytes + " NOT NULL,"
                      + " content_size BIGINT NOT NULL, state VARCHAR(16) NOT NULL, submitted BIGINT NOT NULL,"
                      + " started BIGINT, finished BIGINT, attempts INT NOT NULL, runner VARCHAR(128),"
                      + " lease_until BIGINT, answer_status INT NOT NULL, answer_type VARCHAR(256), answer " + bytes
                      + ", detail VARCHAR(" + MAX_DETAIL + "), idempotency_key VARCHAR(" + MAX_KEY + "),"
                      + " request_hash VARCHAR(64))");
            s.execute("CREATE INDEX IF NOT EXISTS " + index + "job_waiting ON " + TABLE + " (state, submitted)");
            // with the content's size: a user's unfinished jobs are counted, at every submission, from the index alone
            s.execute("CREATE INDEX IF NOT EXISTS " + index + "job_owner ON " + TABLE + " (owner, state, content_size)");
            s.execute("CREATE INDEX IF NOT EXISTS " + index + "job_leases ON " + TABLE + " (state, lease_until)");
            // one job per key and owner: two submissions with one key race for it, one of them wins
            s.execute("CREATE UNIQUE INDEX IF NOT EXISTS " + index + "job_key ON " + TABLE + " (owner, idempotency_key)");
        }
        tablesMade = true;
    }

    /** Why a request does not fit a job's columns, or null when it fits. */
    static String fits(EnhanceRequest r) {
        if (QueryText.write(r.query()).length() > MAX_QUERY) {
            return "its query parameters take more than " + MAX_QUERY + " characters";
        }
        if (String.join("\n", r.accept()).length() > MAX_ACCEPT) {
            return "its Accept headers take more than " + MAX_ACCEPT + " characters";
        }
        if (r.contentType() != null && r.contentType().length() > MAX_CONTENT_TYPE) {
            return "its Content-Type takes more than " + MAX_CONTENT_TYPE + " characters";
        }
        if (r.contentLanguage() != null && r.contentLanguage().length() > MAX_CONTENT_LANGUAGE) {
            return "its Content-Language takes more than " + MAX_CONTENT_LANGUAGE + " characters";
        }
        return null;
    }

    /**
     * Stores a new, queued job; when this returns, the job is in the database.
     *
     * @param key  the submitter's idempotency key, or null
     * @param hash what identifies the request, for a later submission with the same key
     * @return false when the owner has a job with that key already (nothing stored)
     */
    boolean insert(String id, String owner, EnhanceRequest r, String key, String hash, Instant now)
            throws SQLException {
        createTables();
        try (Connection c = database.getConnection(); PreparedStatement s = c.prepareStatement(
                "INSERT INTO " + TABLE + " (id, owner, chain, query, accept, content_type, content_language, content,"
                + " content_size, state, submitted, attempts, answer_status, idempotency_key, request_hash)"
                + " VALUES (?,?,?,?,?,?,?,?,?,?,?,0,0,?,?)")) {
            s.setString(1, id);
            s.setString(2, owner);
            s.setString(3, r.chain());
            s.setString(4, QueryText.write(r.query()));
            s.setString(5, String.join("\n", r.accept()));
            s.setString(6, r.contentType());
            s.setString(7, r.contentLanguage());
            s.setBytes(8, r.content());
            s.setLong(9, r.content().length);
            s.setString(10, JobState.QUEUED.label());
            s.setLong(11, now.toEpochMilli());
            s.setString(12, key);
            s.setString(13, hash);
            s.executeUpdate();
            return true;
        } catch (SQLException e) {
            // 23…: an integrity constraint, here the one job per key and owner
            if (key != null && e.getSQLState() != null && e.getSQLState().startsWith("23")) {
                return false;
            }
            throw e;
        }
    }

    /** The owner's job made with that idempotency key: its id and request hash, or null. */
    String[] keyed(String owner, String key) throws SQLException {
        createTables();
        try (Connection c = database.getConnection(); PreparedStatement s = c.prepareStatement(
                "SELECT id, request_hash FROM " + TABLE + " WHERE owner = ? AND idempotency_key = ?")) {
            s.setString(1, owner);
            s.setString(2, key);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? new String[] { rs.getString(1), rs.getString(2) } : null;
            }
        }
    }

    /** The job, or null when there is none of that id. */
    Job find(String id) throws SQLException {
        createTables();
        try (Connection c = database.getConnection(); PreparedStatement s = c.prepareStatement(
                "SELECT " + COLUMNS + " FROM " + TABLE + " WHERE id = ?")) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? job(rs) : null;
            }
        }
    }

    /** A job claimed by a runner: its id, how often it was started (this time included), and its request. */
    record Claimed(String id, int attempts, EnhanceRequest request) {
    }

    /**
     * Claims the oldest job that waits, or whose runner's lease ran out, for {@code runner} until
     * {@code leaseUntil}; null when there is none. Two runners never claim one job: the claim is a conditional update.
     */
    Claimed claim(String runner, Instant now, Instant leaseUntil) throws SQLException {
        createTables();
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
                                                      + " content, attempts FROM " + TABLE + " WHERE id = ?")) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                String accept = rs.getString(3);
                EnhanceRequest request = new EnhanceRequest(rs.getString(1), rs.getBytes(6), QueryText.read(rs.getString(2)),
                        accept.isEmpty() ? List.of() : List.of(accept.split("\n")), rs.getString(4), rs.getString(5));
                return new Claimed(id, rs.getInt(7), request);
            }
        }
    }

    /**
     * Ends a job its runner still holds with its answer, and lets go of its content; false when the job is no longer
     * the runner's (cancelled meanwhile, or its lease ran out and another runner took it).
     */
    boolean finish(String id, String runner, JobState state, StoredAnswer answer, String detail, Instant now)
            throws SQLException {
        try (Connection c = database.getConnection(); PreparedStatement s = c.prepareStatement(
                "UPDATE " + TABLE + " SET state = ?, finished = ?, answer_status = ?, answer_type = ?, answer = ?,"
                + " detail = ?, content = ?, lease_until = NULL WHERE id = ? AND state = ? AND runner = ?")) {
            s.setString(1, state.label());
            s.setLong(2, now.toEpochMilli());
            s.setInt(3, answer.status());
            s.setString(4, answer.type());
            s.setBytes(5, answer.body());
            s.setString(6, detail == null || detail.length() <= MAX_DETAIL ? detail : detail.substring(0, MAX_DETAIL));
            s.setBytes(7, new byte[0]);
            s.setString(8, id);
            s.setString(9, JobState.RUNNING.label());
            s.setString(10, runner);
            return s.executeUpdate() == 1;
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

    /** Cancels a job that waits or runs, letting go of its content; false when it had finished. */
    boolean cancel(String id, String detail, Instant now) throws SQLException {
        try (Connection c = database.getConnection(); PreparedStatement s = c.prepareStatement(
                "UPDATE " + TABLE + " SET state = ?, finished = ?, detail = ?, content = ?, lease_until = NULL"
                + " WHERE id = ? AND state IN (?, ?)")) {
            s.setString(1, JobState.CANCELLED.label());
            s.setLong(2, now.toEpochMilli());
            s.setString(3, detail);
            s.setBytes(4, new byte[0]);
            s.setString(5, id);
            s.setString(6, JobState.QUEUED.label());
            s.setString(7, JobState.RUNNING.label());
            return s.executeUpdate() == 1;
        }
    }

    /** Deletes a finished job and its answer; false when it has not finished. */
    boolean delete(String id) throws SQLException {
        try (Connection c = database.getConnection(); PreparedStatement s = c.prepareStatement(
                "DELETE FROM " + TABLE + " WHERE id = ? AND state IN (?, ?, ?)")) {
            s.setString(1, id);
            s.setString(2, JobState.DONE.label());
            s.setString(3, JobState.FAILED.label());
            s.setString(4, JobState.CANCELLED.label());
            return s.executeUpdate() == 1;
        }
    }

    /** The answer of a finished job, or null. */
    StoredAnswer answer(String id) throws SQLException {
        try (Connection c = database.getConnection(); PreparedStatement s = c.prepareStatement(
                "SELECT answer_status, answer_type, answer FROM " + TABLE + " WHERE id = ? AND answer IS NOT NULL")) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? new StoredAnswer(rs.getInt(1), rs.getString(2), rs.getBytes(3)) : null;
            }
        }
    }

    /** How many jobs of an owner wait or run, and the bytes of their content: {count, bytes}. */
    long[] unfinishedOf(String owner) throws SQLException {
        try (Connection c = database.getConnection(); PreparedStatement s = c.prepareStatement(
                "SELECT COUNT(*), COALESCE(SUM(content_size), 0) FROM " + TABLE + " WHERE owner = ? AND state IN (?, ?)")) {
            s.setString(1, owner);
            s.setString(2, JobState.QUEUED.label());
            s.setString(3, JobState.RUNNING.label());
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return new long[] { rs.getLong(1), rs.getLong(2) };
            }
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

    /** Deletes the jobs that finished before {@code before}; how many. */
    int deleteFinishedBefore(Instant before) throws SQLException {
        try (Connection c = database.getConnection(); PreparedStatement s = c.prepareStatement(
                "DELETE FROM " + TABLE + " WHERE finished < ? AND state IN (?, ?, ?)")) {
            s.setLong(1, before.toEpochMilli());
            s.setString(2, JobState.DONE.label());
            s.setString(3, JobState.FAILED.label());
            s.setString(4, JobState.CANCELLED.label());
            return s.executeUpdate();
        }
    }

    /** When the oldest queued job was submitted, or null when none waits. */
    Instant oldestQueued() throws SQLException {
        try (Connection c = database.getConnection(); PreparedStatement s = c.prepareStatement(
                "SELECT MIN(submitted) FROM " + TABLE + " WHERE state = ?")) {
            s.setString(1, JobState.QUEUED.label());
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return instant(rs, 1);
            }
        }
    }

    /** How many jobs are in each state. */
    Map<JobState, Long> countByState() throws SQLException {
        createTables();
        Map<JobState, Long> counts = new EnumMap<>(JobState.class);
        for (JobState state : JobState.values()) {
            counts.put(state, 0L);
        }
        try (Connection c = database.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT state, COUNT(*) FROM " + TABLE + " GROUP BY state")) {
            while (rs.next()) {
                counts.put(JobState.of(rs.getString(1)), rs.getLong(2));
            }
        }
        return counts;
    }

    private static Job job(ResultSet rs) throws SQLException {
        return new Job(rs.getString(1), rs.getString(2), rs.getString(3), JobState.of(rs.getString(4)),
                instant(rs, 5), instant(rs, 6), instant(rs, 7), rs.getInt(8), rs.getInt(9), rs.getString(10));
    }

    private static Instant instant(ResultSet rs, int column) throws SQLException {
        long millis = rs.getLong(column);
        return rs.wasNull() ? null : Instant.ofEpochMilli(millis);
    }
}
