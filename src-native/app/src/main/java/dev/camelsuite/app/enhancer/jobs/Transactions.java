package dev.camelsuite.app.enhancer.jobs;

import java.sql.Connection;
import java.sql.SQLException;

import javax.sql.DataSource;

/** Work on the jobs' tables done in one transaction: committed whole, or rolled back whole. */
final class Transactions {

    /** The work: what it answers. */
    interface Work<T> {
        T in(Connection c) throws SQLException;
    }

    private Transactions() {
    }

    static <T> T run(DataSource database, Work<T> work) throws SQLException {
        try (Connection c = database.getConnection()) {
            c.setAutoCommit(false);
            try {
                T done = work.in(c);
                c.commit();
                return done;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                c.setAutoCommit(true);
            }
        }
    }
}
