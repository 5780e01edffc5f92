package dev.camelsuite.workflow.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;

import javax.sql.DataSource;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The store on a real PostgreSQL 16 server that the test starts, with its default durability. */
class PostgresWorkflowStoreTest extends WorkflowStoreTest {

    private static EmbeddedPostgres postgres;

    @BeforeAll
    static void startPostgres() throws Exception {
        postgres = dev.camelsuite.workflow.DurablePostgres.start();
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
        return dev.camelsuite.workflow.DurablePostgres.newDatabase(postgres, "wf");
    }
}
