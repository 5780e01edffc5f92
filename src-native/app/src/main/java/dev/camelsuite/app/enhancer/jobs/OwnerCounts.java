package dev.camelsuite.app.enhancer.jobs;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import javax.sql.DataSource;

import static dev.camelsuite.app.enhancer.jobs.JobStore.SCHEMA;

/**
 * What each user keeps in the jobs' table, counted as it changes: their jobs in every state, those waiting or running
 * and the bytes of their content, the bytes of their answers. Every change of a job that moves a count changes it in
 * the same transaction, so a user's limits are read from one row, however many jobs they keep, rather than counted
 * from their jobs at every submission.
 */
final class OwnerCounts {

    static final String TABLE = SCHEMA + ".enhancement_owner";

    private OwnerCounts() {
    }

    /** Makes the table; a new one is counted from the jobs already there. */
    static void create(Statement s) throws SQLException {
        s.execute("CREATE TABLE IF NOT EXISTS " + TABLE + " (owner VARCHAR(256) PRIMARY KEY, jobs BIGINT NOT NULL,"
                  + " unfinished BIGINT NOT NULL, unfinished_bytes BIGINT NOT NULL, answer_bytes BIGINT NOT NULL)");
        s.execute("INSERT INTO " + TABLE + " SELECT owner, COUNT(*), SUM(CASE WHEN state IN ('queued', 'running')"
                  + " THEN 1 ELSE 0 END), SUM(CASE WHEN state IN ('queued', 'running') THEN content_size ELSE 0 END),"
                  + " COALESCE(SUM(answer_size), 0) FROM " + JobStore.TABLE + " WHERE NOT EXISTS (SELECT 1 FROM "
                  + TABLE + ") GROUP BY owner");
    }

    /**
     * What {@code owner} keeps now; a user without a row yet gets one, so that the transactions that change their
     * jobs only ever update it.
     */
    static JobStore.Kept of(DataSource database, String owner) throws SQLException {
        try (Connection c = database.getConnection()) {
            try (PreparedStatement s = c.prepareStatement("SELECT unfinished, unfinished_bytes, jobs, answer_bytes"
                                                          + " FROM " + TABLE + " WHERE owner = ?")) {
                s.setString(1, owner);
                try (ResultSet rs = s.executeQuery()) {
                    if (rs.next()) {
                        return new JobStore.Kept(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4));
                    }
                }
            }
            try (PreparedStatement s = c.prepareStatement("INSERT INTO " + TABLE + " (owner, jobs, unfinished,"
                                                          + " unfinished_bytes, answer_bytes) VALUES (?, 0, 0, 0, 0)")) {
                s.setString(1, owner);
                s.executeUpdate();
            } catch (SQLException e) {
                // 23…: another submission of theirs made it first
                if (e.getSQLState() == null || !e.getSQLState().startsWith("23")) {
                    throw e;
                }
            }
            return new JobStore.Kept(0, 0, 0, 0);
        }
    }

    /** Moves {@code owner}'s counts by these amounts, within the caller's transaction; their row is there. */
    static void add(Connection c, String owner, long jobs, long unfinished, long unfinishedBytes, long answerBytes)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE " + TABLE + " SET jobs = jobs + ?, unfinished ="
                                                      + " unfinished + ?, unfinished_bytes = unfinished_bytes + ?,"
                                                      + " answer_bytes = answer_bytes + ? WHERE owner = ?")) {
            s.setLong(1, jobs);
            s.setLong(2, unfinished);
            s.setLong(3, unfinishedBytes);
            s.setLong(4, answerBytes);
            s.setString(5, owner);
            if (s.executeUpdate() != 1) {
                throw new SQLException("No counts of the jobs of '" + owner + "'");
            }
        }
    }
}
