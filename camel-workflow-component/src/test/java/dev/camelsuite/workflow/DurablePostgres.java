package dev.camelsuite.workflow;

import java.sql.Connection;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * A real PostgreSQL 16 server for the tests, with the durability production runs: the embedded server turns fsync,
 * synchronous commit and full page writes off unless told, and a store is only tested with what production runs.
 */
public final class DurablePostgres {

    private static final AtomicInteger DATABASES = new AtomicInteger();

    private DurablePostgres() {
    }

    /** A builder with production durability, for tests that also set a port or a data directory. */
    public static EmbeddedPostgres.Builder builder() {
        return EmbeddedPostgres.builder().setServerConfig("fsync", "on").setServerConfig("synchronous_commit", "on")
                .setServerConfig("full_page_writes", "on");
    }

    public static EmbeddedPostgres start() throws Exception {
        return builder().start();
    }

    /** A new, empty database on the server, named after {@code prefix}. */
    public static DataSource newDatabase(EmbeddedPostgres postgres, String prefix) throws Exception {
        String name = prefix + "_" + DATABASES.incrementAndGet();
        try (Connection c = postgres.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
        return postgres.getDatabase("postgres", name);
    }
}
