package dev.camelsuite.workflow.store;

import javax.sql.DataSource;

import dev.camelsuite.workflow.DurablePostgres;
import dev.camelsuite.workflow.SharedPostgres;

/** Bulk repairs on a real PostgreSQL 16 server. */
class PostgresStepRepairsTest extends StepRepairsTest {

    @Override
    protected DataSource newDatabase() throws Exception {
        return DurablePostgres.newDatabase(SharedPostgres.server(), "repairs");
    }
}
