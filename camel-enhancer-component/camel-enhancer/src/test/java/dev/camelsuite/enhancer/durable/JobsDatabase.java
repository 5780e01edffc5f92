package dev.camelsuite.enhancer.durable;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.remote.wire.WireFormat;
import org.h2.jdbcx.JdbcDataSource;

/** The tests' look into the jobs' table, and a fresh H2 database for each test class. */
final class JobsDatabase {

    private static final AtomicInteger DATABASES = new AtomicInteger();

    private JobsDatabase() {
    }

    static DataSource newH2() {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:enhancer-jobs-" + DATABASES.incrementAndGet() + ";DB_CLOSE_DELAY=-1");
        return h2;
    }

    static long count(DataSource database) throws SQLException {
        try (Connection c = database.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM " + JobTable.TABLE);
             ResultSet rs = s.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** A job as a runner that died left it: running, started {@code attempts} times, its lease over. */
    static void leftRunning(DataSource database, String id, String endpoint, String text, int attempts)
            throws SQLException {
        new JobTable(database).create();
        try (Connection c = database.getConnection();
             PreparedStatement s = c.prepareStatement("INSERT INTO " + JobTable.TABLE + " (id, chain, endpoint, state,"
                                                      + " content, submitted, started, attempts, runner, lease_until,"
                                                      + " timeout_ms) VALUES (?, 'default', ?, 'running', ?, 1, 1, ?,"
                                                      + " 'a-runner-that-died', 2, 1000)")) {
            s.setString(1, id);
            s.setString(2, endpoint);
            s.setBytes(3, WireFormat.BINARY.write(ContentItem.ofText(text)));
            s.setInt(4, attempts);
            s.executeUpdate();
        }
    }
}
