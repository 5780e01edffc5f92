package dev.camelsuite.workflow.store;

import javax.sql.DataSource;

import org.h2.jdbcx.JdbcDataSource;

/** Version-aware robots on an embedded H2 database, the default. */
class H2VersionAwareRobotsTest extends VersionAwareRobotsTest {

    @Override
    protected DataSource newDatabase() {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:versions-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        return ds;
    }
}
