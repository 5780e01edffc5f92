package dev.camelsuite.workflow;

import javax.sql.DataSource;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The robots on a real PostgreSQL 16 server with its default durability. */
class PostgresWorkflowRobotTest extends WorkflowRobotTest {

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
        return DurablePostgres.newDatabase(postgres, "robots");
    }
}
