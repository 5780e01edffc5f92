package dev.camelsuite.app.enhancer.jobs;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
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
                                          + " answer_status, detail, progress";

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
                      + ", answer_size BIGINT, detail VARCHAR(" + MAX_DETAIL + "), idempotency_key VARCHAR(" + MAX_KEY + "),"
                      + " request_hash VARCHAR(64))");
            // a table made before answers were counted gets their column
            s.execute("ALTER TABLE " + TABLE + " ADD COLUMN IF NOT EXISTS answer_size BIGINT");
            // a job of a batch: the batch's id, the document's id in it and its place
            s.execute("ALTER TABLE " + TABLE + " ADD COLUMN IF NOT EXISTS batch_id VARCHAR(36)");
            s.execute("ALTER TABLE " + TABLE + " ADD COLUMN IF NOT EXISTS batch_item VARCHAR(" + MAX_KEY + ")");
            s.execute("ALTER TABLE " + TABLE + " ADD COLUMN IF NOT EXISTS batch_index INT");
            // the submission's trace context (W3C traceparent), for the run's span
            s.execute("ALTER TABLE " + TABLE + " ADD COLUMN IF NOT EXISTS traceparent VARCHAR(128)");
            // engine by engine, as JSON (JobProgress)
            s.execute("ALTER TABLE " + TABLE + " ADD COLUMN IF NOT EXISTS progress VARCHAR(" + JobProgress.MAX + ")");
            s.execute("CREATE INDEX IF NOT EXISTS " + index + "job_batch ON " + TABLE + " (batch_id, batch_index)");
            OwnerCounts.create(s);
            s.execute("CREATE INDEX IF NOT EXISTS " + index + "job_waiting ON " + TABLE + " (state, submitted)");
            // what a user keeps is counted as it changes (OwnerCounts), not from their jobs
            s.execute("DROP INDEX IF EXISTS " + SCHEMA + ".job_owner");
            s.execute("DROP INDEX IF EXISTS " + SCHEMA + ".job_owner_sizes");
            s.execute("CREATE INDEX IF NOT EXISTS " + index + "job_finished ON " + TABLE + " (finished)");
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
     * Stores a new, queued job, and counts it as its owner's; when this returns, the job is in the database.
     *
     * @param key  the submitter's idempotency key, or null
     * @param hash what identifies the request, for a later submission with the same key
     * @return false when the owner has a job with that key already (nothing stored)
     */
    boolean insert(String id, String owner, EnhanceRequest r, String key, String hash, Instant now,
                   String traceparent) throws SQLException {
        createTables();
        try {
            return Transactions.run(database, c -> {
                try (PreparedStatement s = c.prepareStatement(INSERT)) {
                    bindInsert(s, id, owner, r, now, traceparent);
                    s.setString(12, key);
                    s.setString(13, hash);
                    s.setString(14, null);
                    s.setString(15, null);
                    s.setNull(16, java.sql.Types.INTEGER);
                    s.executeUpdate();
                }
                OwnerCounts.add(c, owner, 1, 1, r.content().length, 0);
                return true;
            });
        } catch (SQLException e) {
            // 23…: an integrity constraint, here the one job per key and owner
            if (key != null && e.getSQLState() != null && e.getSQLState().startsWith("23")) {
                return false;
            }
            throw e;
        }
    }

    /**
     * Stores a job: {@link #bindInsert} binds its first eleven parameters and the last (the trace context), the caller
     * the key, hash and batch.
     */
    static final String INSERT = "INSERT INTO " + TABLE + " (id, owner, chain, query, accept, content_type,"
                                 + " content_language, content, content_size, state, submitted, attempts, answer_status,"
                                 + " idempotency_key, request_hash, batch_id, batch_item, batch_index, traceparent)"
                                 + " VALUES (?,?,?,?,?,?,?,?,?,?,?,0,0,?,?,?,?,?,?)";

    /** Binds a new queued job's id, owner, request, time and trace context to {@link #INSERT}'s parameters. */
    static void bindInsert(PreparedStatement s, String id, String owner, EnhanceRequest r, Instant now,
                           String traceparent) throws SQLException {
        s.setString(17, traceparent);
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

    /** The batch a job is a document of, or null. */
    String batchOf(String id) throws SQLException {
        try (Connection c = database.getConnection(); PreparedStatement s = c.prepareStatement(
                "SELECT batch_id FROM " + TABLE + " WHERE id = ?")) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
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

    /** Cancels a job that waits or runs, letting go of its content; false when it had finished. */
    boolean cancel(String id, String detail, Instant now) throws SQLException {
        return Transactions.run(database, c -> {
            String[] row = locked(c, id, "content_size", JobState.QUEUED, JobState.RUNNING);
            if (row == null) {
                return false;
            }
            try (PreparedStatement s = c.prepareStatement("UPDATE " + TABLE + " SET state = ?, finished = ?,"
                                                          + " detail = ?, content = ?, lease_until = NULL WHERE id = ?")) {
                s.setString(1, JobState.CANCELLED.label());
                s.setLong(2, now.toEpochMilli());
                s.setString(3, detail(detail));
                s.setBytes(4, new byte[0]);
                s.setString(5, id);
                s.executeUpdate();
            }
            OwnerCounts.add(c, row[0], 0, -1, -Long.parseLong(row[1]), 0);
            return true;
        });
    }

    /**
     * The job's owner and the value of {@code column}, the job's row locked to the end of the transaction; null when
     * the job is in none of {@code states}.
     */
    private static String[] locked(Connection c, String id, String column, JobState... states) throws SQLException {
        String in = String.join(", ", java.util.Collections.nCopies(states.length, "?"));
        try (PreparedStatement s = c.prepareStatement("SELECT owner, COALESCE(" + column + ", 0) FROM " + TABLE
                                                      + " WHERE id = ? AND state IN (" + in + ") FOR UPDATE")) {
            s.setString(1, id);
            for (int i = 0; i < states.length; i++) {
                s.setString(i + 2, states[i].label());
            }
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? new String[] { rs.getString(1), String.valueOf(rs.getLong(2)) } : null;
            }
        }
    }

    /** Deletes a finished job and its answer, and counts it no more; false when it has not finished. */
    boolean delete(String id) throws SQLException {
        return Transactions.run(database, c -> {
            String[] row = locked(c, id, "answer_size", JobState.DONE, JobState.FAILED, JobState.CANCELLED);
            if (row == null) {
                return false;
            }
            try (PreparedStatement s = c.prepareStatement("DELETE FROM " + TABLE + " WHERE id = ?")) {
                s.setString(1, id);
                s.executeUpdate();
            }
            OwnerCounts.add(c, row[0], -1, 0, 0, -Long.parseLong(row[1]));
            return true;
        });
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

    /** What one user keeps here. */
    record Kept(long unfinished, long unfinishedBytes, long jobs, long answerBytes) {
    }

    /** What an owner keeps: their jobs that wait or run and the bytes of their content, all their jobs and answers. */
    Kept keptBy(String owner) throws SQLException {
        createTables();
        return OwnerCounts.of(database, owner);
    }

    /** A failure's reason, cut to what its column holds. */
    static String detail(String detail) {
        return detail == null || detail.length() <= MAX_DETAIL ? detail : detail.substring(0, MAX_DETAIL);
    }

    /** Deletes the jobs that finished before {@code before}, a job at a time as a user deletes one; how many. */
    int deleteFinishedBefore(Instant before) throws SQLException {
        int deleted = 0;
        List<String> expired;
        do {
            expired = new ArrayList<>();
            try (Connection c = database.getConnection(); PreparedStatement s = c.prepareStatement(
                    "SELECT id FROM " + TABLE + " WHERE finished < ? FETCH FIRST 500 ROWS ONLY")) {
                s.setLong(1, before.toEpochMilli());
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        expired.add(rs.getString(1));
                    }
                }
            }
            for (String id : expired) {
                if (delete(id)) {
                    deleted++;
                }
            }
        } while (expired.size() == 500);
        return deleted;
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
                instant(rs, 5), instant(rs, 6), instant(rs, 7), rs.getInt(8), rs.getInt(9), rs.getString(10),
                rs.getString(11));
    }

    private static Instant instant(ResultSet rs, int column) throws SQLException {
        long millis = rs.getLong(column);
        return rs.wasNull() ? null : Instant.ofEpochMilli(millis);
    }
}
