package dev.camelsuite.workflow.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The store on a real PostgreSQL 16 server that the test starts, with its default durability. */
class PostgresWorkflowStoreTest extends WorkflowStoreTest {

    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static EmbeddedPostgres postgres;

    @BeforeAll
    static void startPostgres() throws Exception {
        // the embedded server turns durability off by default; a store is only tested with what production runs
        postgres = EmbeddedPostgres.builder().setServerConfig("fsync", "on").setServerConfig("synchronous_commit", "on")
                .setServerConfig("full_page_writes", "on").start();
    }

    @AfterAll
    static void stopPostgres() throws Exception {
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void theServerRunsWithItsDefaultDurability() throws Exception {
        try (Connection c = postgres.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            for (String setting : new String[] { "fsync", "synchronous_commit", "full_page_writes" }) {
                try (ResultSet rs = s.executeQuery("SHOW " + setting)) {
                    rs.next();
                    assertThat(rs.getString(1)).as(setting).isEqualTo("on");
                }
            }
        }
    }

    @Override
    protected DataSource newDatabase() throws Exception {
        String name = "wf_" + DATABASES.incrementAndGet();
        try (Connection c = postgres.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
        return postgres.getDatabase("postgres", name);
    }
}
