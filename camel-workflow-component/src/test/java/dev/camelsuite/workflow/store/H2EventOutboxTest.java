package dev.camelsuite.workflow.store;

import javax.sql.DataSource;

import org.h2.jdbcx.JdbcDataSource;

/** The outbox of step events on an embedded H2 database, the default. */
class H2EventOutboxTest extends EventOutboxTest {

    @Override
    protected DataSource newDatabase() {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:outbox-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        return ds;
    }
}
