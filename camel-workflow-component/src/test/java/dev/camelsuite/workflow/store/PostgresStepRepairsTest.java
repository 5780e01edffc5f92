package dev.camelsuite.workflow.store;

import javax.sql.DataSource;

import dev.camelsuite.workflow.DurablePostgres;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Bulk repairs on a real PostgreSQL 16 server. */
class PostgresStepRepairsTest extends StepRepairsTest {

    private static EmbeddedPostgres postgres;

    @BeforeAll
    static void startPostgres() throws Exception {
        postgres = DurablePostgres.start();
    }

    @AfterAll
    static void stopPostgres() throws Exception {
        if (postgres != null) {
            postgres.close();
        }
    }

    @Override
    protected DataSource newDatabase() throws Exception {
        return DurablePostgres.newDatabase(postgres, "repairs");
    }
}
