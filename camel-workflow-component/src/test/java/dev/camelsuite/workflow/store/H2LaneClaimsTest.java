package dev.camelsuite.workflow.store;

import javax.sql.DataSource;

import org.h2.jdbcx.JdbcDataSource;

/** Lane claims on an embedded H2 database, the default. */
class H2LaneClaimsTest extends LaneClaimsTest {

    @Override
    protected DataSource newDatabase() {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:lanes-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        return ds;
    }
}
