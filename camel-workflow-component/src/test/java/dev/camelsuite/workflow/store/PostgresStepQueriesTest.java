package dev.camelsuite.workflow.store;

import javax.sql.DataSource;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The reads on a real PostgreSQL 16 server that the test starts. */
class PostgresStepQueriesTest extends StepQueriesTest {

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

    @Override
    protected DataSource newDatabase() throws Exception {
        return dev.camelsuite.workflow.DurablePostgres.newDatabase(postgres, "queries");
    }
}
