package dev.camelsuite.workflow.store;

import javax.sql.DataSource;

import dev.camelsuite.workflow.DurablePostgres;
import dev.camelsuite.workflow.SharedPostgres;

/** The outbox of step events on a real PostgreSQL 16 server. */
class PostgresEventOutboxTest extends EventOutboxTest {

    @Override
    protected DataSource newDatabase() throws Exception {
        return DurablePostgres.newDatabase(SharedPostgres.server(), "outbox");
    }
}
