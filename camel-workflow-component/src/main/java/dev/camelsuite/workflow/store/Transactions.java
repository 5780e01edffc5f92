package dev.camelsuite.workflow.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import javax.sql.DataSource;

import dev.camelsuite.workflow.WorkflowConflictException;
import dev.camelsuite.workflow.WorkflowNotFoundException;

/**
 * How the store's parts reach the database: a write runs in one transaction that commits when the work returns and
 * rolls back when it throws, whatever it throws; a read runs on a connection of its own. The one place that opens,
 * commits and rolls back.
 */
final class Transactions {

    /** Work in a transaction that may refuse a step update. */
    @FunctionalInterface
    interface Work<T> {
        T run(Connection c) throws SQLException, WorkflowNotFoundException, WorkflowConflictException;
    }

    /** Work that only the database can fail. */
    @FunctionalInterface
    interface SqlWork<T> {
        T run(Connection c) throws SQLException;
    }

    private final DataSource dataSource;
    private volatile Boolean postgres;

    Transactions(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    DataSource dataSource() {
        return dataSource;
    }

    /**
     * Runs {@code work} in a transaction: committed when it returns, rolled back when it throws. A rollback that fails
     * too (the connection is gone) is added to the first failure, never hides it.
     */
    <T> T write(Work<T> work) throws SQLException, WorkflowNotFoundException, WorkflowConflictException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                T result = work.run(c);
                c.commit();
                return result;
            } catch (SQLException | RuntimeException | WorkflowNotFoundException | WorkflowConflictException e) {
                rollback(c, e);
                throw e;
            } catch (AssertionError e) {
                // PostgreSQL's driver asserts when its connection dies inside a batch: a database failure like any
                // other, which the caller retries, not an Error that would end the robot's poll as fatal
                SQLException failure = new SQLException("The database connection failed: " + e.getMessage(), "08006",
                        e);
                rollback(c, failure);
                throw failure;
            }
        }
    }

    private static void rollback(Connection c, Exception cause) {
        try {
            c.rollback();
        } catch (SQLException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    /** {@link #write(Work)} for work that refuses no update. */
    <T> T writeSql(SqlWork<T> work) throws SQLException {
        try {
            return write(work::run);
        } catch (WorkflowNotFoundException | WorkflowConflictException e) {
            throw new IllegalStateException("Work that refuses no update refused one", e);
        }
    }

    /** Runs {@code work} on a connection of its own that commits each statement (reads, single-statement updates). */
    <T> T read(SqlWork<T> work) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            return work.run(c);
        } catch (AssertionError e) {
            throw new SQLException("The database connection failed: " + e.getMessage(), "08006", e);
        }
    }

    /** Whether the database is PostgreSQL; asked once. */
    boolean isPostgres() throws SQLException {
        Boolean p = postgres;
        if (p == null) {
            p = read(c -> "PostgreSQL".equals(c.getMetaData().getDatabaseProductName()));
            postgres = p;
        }
        return p;
    }

    /** Whether the database is H2. */
    boolean isH2() throws SQLException {
        return read(c -> "H2".equals(c.getMetaData().getDatabaseProductName()));
    }

    /** Runs one statement with {@code args} bound in order; answers the rows it changed. */
    static int execute(Connection c, String sql, Object... args) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                s.setObject(i + 1, args[i]);
            }
            return s.executeUpdate();
        }
    }

    /** Writes a row of {@code workflow_history}: the step went from {@code oldStatus} to {@code newStatus}. */
    static void history(Connection c, String objectId, String workflow, String process, int version, String oldStatus,
                        String newStatus, OffsetDateTime at)
            throws SQLException {
        execute(c, "INSERT INTO workflow_history (object_id, workflow, process, version, old_status, new_status,"
                   + " changed_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                objectId, workflow, process, version, oldStatus, newStatus, at);
    }

    static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
