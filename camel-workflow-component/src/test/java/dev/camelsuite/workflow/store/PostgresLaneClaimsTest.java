package dev.camelsuite.workflow.store;

import javax.sql.DataSource;

import dev.camelsuite.workflow.DurablePostgres;
import dev.camelsuite.workflow.SharedPostgres;

/** Lane claims on a real PostgreSQL 16 server. */
class PostgresLaneClaimsTest extends LaneClaimsTest {

    @Override
    protected DataSource newDatabase() throws Exception {
        return DurablePostgres.newDatabase(SharedPostgres.server(), "lanes");
    }
}
