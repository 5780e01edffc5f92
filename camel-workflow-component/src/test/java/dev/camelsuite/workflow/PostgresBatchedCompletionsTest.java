package dev.camelsuite.workflow;

import javax.sql.DataSource;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Batched step ends on a real PostgreSQL server, where a batch's ends to done are one call of the server. */
class PostgresBatchedCompletionsTest extends BatchedCompletionsTest {

    private static EmbeddedPostgres postgres;

    @BeforeAll
    static void startPostgres() throws Exception {
        postgres = DurablePostgres.start();
    }

    @AfterAll
    static void stopPostgres() throws Exception {
        postgres.close();
    }

    @Override
    protected DataSource newDatabase() throws Exception {
        return DurablePostgres.newDatabase(postgres, "batched");
    }
}
