package dev.camelsuite.enhancer.durable;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

/**
 * The jobs of enhancer routes in the database ({@code camel_enhancer.job}): every change a runner or a consumer makes
 * is one conditional update, so a job is run by one runner at a time and given to one route at a time, whichever
 * Camel contexts share the database.
 */
final class JobTable {

    static final String SCHEMA = "camel_enhancer";
    static final String TABLE = SCHEMA + ".job";
    /** The longest reason of a failure kept; longer ones are cut. */
    static final int MAX_ERROR = 2000;
    static final int MAX_ENDPOINT = 4000;

    /** One maker of the table at a time in this JVM, whichever component asks. */
    private static final Object MAKING = new Object();
    private static final int MAKE_ATTEMPTS = 5;

    private final DataSource database;
    private volatile boolean made;

    JobTable(DataSource database) {
        this.database = database;
    }

    /**
     * Makes the schema, table and indexes where they are not yet (the database may start after the route). Runners,
     * consumers and producers ask at once when a context starts, and neither H2 nor PostgreSQL take two
     * {@code CREATE … IF NOT EXISTS} of one name at once: one at a time in this JVM, and tried again a few times
     * while another JVM makes them.
     */
    void create() throws SQLException {
        if (made) {
            return;
        }
        synchronized (MAKING) {
            if (made) {
                return;
            }
            for (int attempt = 1;; attempt++) {
                try {
                    make();
                    break;
                } catch (SQLException raced) {
                    if (attempt == MAKE_ATTEMPTS) {
                        throw raced;
                    }
                    pause(attempt);
                }
            }
            made = true;
        }
    }

    private static void pause(int attempt) throws SQLException {
        try {
            Thread.sleep(50L * attempt);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("Interrupted while the jobs' table was made", e);
        }
    }

    private void make() throws SQLException {
        try (Connection c = database.getConnection(); Statement s = c.createStatement()) {
            boolean postgresql = c.getMetaData().getDatabaseProductName().toLowerCase().contains("postgres");
            String bytes = postgresql ? "BYTEA" : "VARBINARY";
            // PostgreSQL puts an index in its table's schema and refuses a schema in the index's name
            String index = postgresql ? "" : SCHEMA + ".";
            s.execute("CREATE SCHEMA IF NOT EXISTS " + SCHEMA);
            s.execute("CREATE TABLE IF NOT EXISTS " + TABLE + " (id VARCHAR(36) PRIMARY KEY, chain VARCHAR(512) NOT NULL,"
                      + " endpoint VARCHAR(" + MAX_ENDPOINT + ") NOT NULL, state VARCHAR(16) NOT NULL, content " + bytes
                      + " NOT NULL, result " + bytes + ", error VARCHAR(" + MAX_ERROR + "), submitted BIGINT NOT NULL,"
                      + " started BIGINT, finished BIGINT, attempts INT NOT NULL, runner VARCHAR(64), lease_until BIGINT,"
                      + " timeout_ms BIGINT NOT NULL, delivery_until BIGINT)");
            s.execute("CREATE INDEX IF NOT EXISTS " + index + "job_waiting ON " + TABLE + " (state, submitted)");
            s.execute("CREATE INDEX IF NOT EXISTS " + index + "job_leases ON " + TABLE + " (state, lease_until)");
            s.execute("CREATE INDEX IF NOT EXISTS " + index + "job_finished ON " + TABLE + " (state, finished)");
        }
    }

    void insert(String id, String chain, String endpoint, byte[] content, long timeout, long now) throws SQLException {
        create();
        try (Connection c = database.getConnection();
             PreparedStatement s = c.prepareStatement("INSERT INTO " + TABLE + " (id, chain, endpoint, state, content,"
                                                      + " submitted, attempts, timeout_ms) VALUES (?, ?, ?, ?, ?, ?, 0, ?)")) {
            s.setString(1, id);
            s.setString(2, chain);
            s.setString(3, endpoint);
            s.setString(4, JobState.QUEUED.label());
            s.setBytes(5, content);
            s.setLong(6, now);
            s.setLong(7, timeout);
            s.executeUpdate();
        }
    }

    /** Jobs waiting or running: what the bound on submissions counts. */
    long unfinished() throws SQLException {
        create();
        try (Connection c = database.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM " + TABLE + " WHERE state IN (?, ?)")) {
            s.setString(1, JobState.QUEUED.label());
            s.setString(2, JobState.RUNNING.label());
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /**
     * Claims the oldest waiting job, or one whose runner's lease ran out, for {@code runner}: its lease lasts the job's
     * timeout and {@code grace} more. Null when there is none.
     */
    StoredJob claim(String runner, long now, long grace) throws SQLException {
        create();
        try (Connection c = database.getConnection()) {
            for (String id : ids(c, "state = ? ORDER BY submitted", JobState.QUEUED, null, 8)) {
                if (take(c, id, runner, now, grace)) {
                    return read(c, id);
                }
            }
            for (String id : ids(c, "state = ? AND lease_until < ?", JobState.RUNNING, now, 8)) {
                if (take(c, id, runner, now, grace)) {
                    return read(c, id);
                }
            }
            return null;
        }
    }

    private static boolean take(Connection c, String id, String runner, long now, long grace) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE " + TABLE + " SET state = ?, runner = ?, started = ?,"
                                                      + " lease_until = ? + timeout_ms, attempts = attempts + 1"
                                                      + " WHERE id = ? AND (state = ? OR (state = ? AND lease_until < ?))")) {
            s.setString(1, JobState.RUNNING.label());
            s.setString(2, runner);
            s.setLong(3, now);
            s.setLong(4, now + grace);
            s.setString(5, id);
            s.setString(6, JobState.QUEUED.label());
            s.setString(7, JobState.RUNNING.label());
            s.setLong(8, now);
            return s.executeUpdate() == 1;
        }
    }

    /**
     * Ends a job its runner still holds; false when it is no longer the runner's (its lease ran out and another took
     * it, or its runner's context gave it back). The content stays: a job that failed without a result gives its
     * route the item it was submitted with.
     */
    boolean finish(String id, String runner, JobState state, byte[] result, String error, long now)
            throws SQLException {
        try (Connection c = database.getConnection();
             PreparedStatement s = c.prepareStatement("UPDATE " + TABLE + " SET state = ?, result = ?, error = ?,"
                                                      + " finished = ?, lease_until = NULL"
                                                      + " WHERE id = ? AND state = ? AND runner = ?")) {
            s.setString(1, state.label());
            s.setBytes(2, result);
            s.setString(3, error == null ? null : cut(error));
            s.setLong(4, now);
            s.setString(5, id);
            s.setString(6, JobState.RUNNING.label());
            s.setString(7, runner);
            return s.executeUpdate() == 1;
        }
    }

    /** Puts the jobs a runner still holds back in the queue, as if never started: its context is stopping. */
    int giveBack(String runner) throws SQLException {
        try (Connection c = database.getConnection();
             PreparedStatement s = c.prepareStatement("UPDATE " + TABLE + " SET state = ?, runner = NULL,"
                                                      + " lease_until = NULL, attempts = attempts - 1"
                                                      + " WHERE state = ? AND runner = ?")) {
            s.setString(1, JobState.QUEUED.label());
            s.setString(2, JobState.RUNNING.label());
            s.setString(3, runner);
            return s.executeUpdate();
        }
    }

    /**
     * Up to {@code max} finished jobs in one of {@code states}, oldest first, that no route holds, each now held until
     * {@code heldUntil}: given to a route, then deleted when it took them ({@link #delete}), else given again once
     * that time has passed.
     */
    List<StoredJob> deliver(List<JobState> states, long now, long heldUntil, int max) throws SQLException {
        create();
        List<StoredJob> jobs = new ArrayList<>();
        try (Connection c = database.getConnection()) {
            for (JobState state : states) {
                for (String id : ids(c, "state = ? AND (delivery_until IS NULL OR delivery_until < ?) ORDER BY finished",
                        state, now, max - jobs.size())) {
                    if (hold(c, id, now, heldUntil)) {
                        jobs.add(read(c, id));
                    }
                }
            }
        }
        return jobs;
    }

    private static boolean hold(Connection c, String id, long now, long heldUntil) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE " + TABLE + " SET delivery_until = ? WHERE id = ?"
                                                      + " AND (delivery_until IS NULL OR delivery_until < ?)")) {
            s.setLong(1, heldUntil);
            s.setString(2, id);
            s.setLong(3, now);
            return s.executeUpdate() == 1;
        }
    }

    boolean delete(String id) throws SQLException {
        try (Connection c = database.getConnection();
             PreparedStatement s = c.prepareStatement("DELETE FROM " + TABLE + " WHERE id = ?")) {
            s.setString(1, id);
            return s.executeUpdate() == 1;
        }
    }

    /** Deletes the jobs that finished before {@code cutoff} and that no route took: kept no longer than retention. */
    int deleteFinishedBefore(long cutoff) throws SQLException {
        create();
        try (Connection c = database.getConnection();
             PreparedStatement s = c.prepareStatement("DELETE FROM " + TABLE + " WHERE state IN (?, ?) AND finished < ?")) {
            s.setString(1, JobState.DONE.label());
            s.setString(2, JobState.FAILED.label());
            s.setLong(3, cutoff);
            return s.executeUpdate();
        }
    }

    /** The job, or null when it is gone. */
    StoredJob find(String id) throws SQLException {
        create();
        try (Connection c = database.getConnection()) {
            return read(c, id);
        }
    }

    private static List<String> ids(Connection c, String where, JobState state, Long time, int max)
            throws SQLException {
        List<String> ids = new ArrayList<>();
        if (max <= 0) {
            return ids;
        }
        try (PreparedStatement s = c.prepareStatement("SELECT id FROM " + TABLE + " WHERE " + where
                                                      + " FETCH FIRST " + max + " ROWS ONLY")) {
            s.setString(1, state.label());
            if (time != null) {
                s.setLong(2, time);
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
        }
        return ids;
    }

    private static StoredJob read(Connection c, String id) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT chain, endpoint, state, attempts, content, result, error"
                                                      + " FROM " + TABLE + " WHERE id = ?")) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                return new StoredJob(id, rs.getString(1), rs.getString(2), state(rs.getString(3)), rs.getInt(4),
                        rs.getBytes(5), rs.getBytes(6), rs.getString(7));
            }
        }
    }

    private static JobState state(String label) {
        for (JobState s : JobState.values()) {
            if (s.label().equals(label)) {
                return s;
            }
        }
        throw new IllegalStateException("Unknown job state in " + TABLE + ": " + label);
    }

    static String cut(String text) {
        return text.length() <= MAX_ERROR ? text : text.substring(0, MAX_ERROR - 1) + "…";
    }
}
