package dev.camelsuite.workflow.store;

import javax.sql.DataSource;

import dev.camelsuite.workflow.DurablePostgres;
import dev.camelsuite.workflow.SharedPostgres;

/** Idempotent creates on a real PostgreSQL 16 server. */
class PostgresIdempotentCreatesTest extends IdempotentCreatesTest {

    @Override
    protected DataSource newDatabase() throws Exception {
        return DurablePostgres.newDatabase(SharedPostgres.server(), "keys");
    }
}
