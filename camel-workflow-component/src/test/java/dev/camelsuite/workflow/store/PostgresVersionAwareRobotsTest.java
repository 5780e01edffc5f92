package dev.camelsuite.workflow.store;

import javax.sql.DataSource;

import dev.camelsuite.workflow.DurablePostgres;
import dev.camelsuite.workflow.SharedPostgres;

/** Version-aware robots on a real PostgreSQL 16 server. */
class PostgresVersionAwareRobotsTest extends VersionAwareRobotsTest {

    @Override
    protected DataSource newDatabase() throws Exception {
        return DurablePostgres.newDatabase(SharedPostgres.server(), "versions");
    }
}
