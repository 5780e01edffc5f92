package dev.camelsuite.workflow.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

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

    /**
     * The server-side update function on its own: the store calls it only for what its statements leave (a done step
     * ended again, an update that did not apply), but it handles every update and keeps the counts as they do.
     */
    @Test
    void theUpdateFunctionHandlesEveryUpdateAndKeepsTheCounts() throws Exception {
        store.create("druid:fn1", accession, 1, "default", null);
        assertThat(call("druid:fn1", "descriptive-metadata", "completed", null)).isEmpty();
        assertThat(call("druid:fn1", "rights-metadata", "completed", null)).containsExactly("publish");
        // done to done, then reopened: publish stays queued, but now has an open prerequisite
        assertThat(call("druid:fn1", "rights-metadata", "skipped", null)).isEmpty();
        assertThat(call("druid:fn1", "rights-metadata", "started", null)).isEmpty();
        ReadinessInvariants.assertKept(database);
        assertThat(statusOf(store.get("druid:fn1", "accessionWF"), "publish")).isEqualTo("queued");
        assertThat(call("druid:fn1", "publish", "waiting", null)).isEmpty();
        assertThat(statusOf(store.get("druid:fn1", "accessionWF"), "publish")).isEqualTo("waiting");
        // an expectation that does not hold changes nothing
        assertThat(call("druid:fn1", "rights-metadata", "completed", "queued")).isEmpty();
        ReadinessInvariants.assertKept(database);
        assertThat(call("druid:fn1", "rights-metadata", "completed", "started")).containsExactly("publish");
        // a reset with every prerequisite done is ready at once
        assertThat(call("druid:fn1", "descriptive-metadata", "waiting", null)).containsExactly("descriptive-metadata");
        assertThat(store.history("druid:fn1", "accessionWF")).filteredOn(h -> h[0].equals("rights-metadata"))
                .extracting(h -> h[1] + " -> " + h[2]).containsExactly("null -> waiting", "waiting -> queued",
                        "queued -> completed", "completed -> skipped", "skipped -> started", "started -> completed");
    }

    /** One call of workflow_update_step; answers the processes it made ready. */
    private List<String> call(String objectId, String process, String status, String expected) throws Exception {
        try (Connection c = database.getConnection(); PreparedStatement s = c.prepareStatement(
                "SELECT s_process FROM workflow_update_step(?, 'accessionWF', ?, ?, ?, NULL, NULL, NULL, NULL, NULL,"
                + " NULL, now(), FALSE)")) {
            s.setString(1, objectId);
            s.setString(2, process);
            s.setString(3, status);
            s.setString(4, expected);
            List<String> ready = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    if (rs.getString(1) != null) {
                        ready.add(rs.getString(1));
                    }
                }
            }
            return ready;
        }
    }

    @Override
    protected DataSource newDatabase() throws Exception {
        return dev.camelsuite.workflow.DurablePostgres.newDatabase(postgres, "wf");
    }
}
