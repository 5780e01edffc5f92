package dev.camelsuite.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/** A real PostgreSQL 16 server for the application under test, given to it as configuration alone. */
public class EmbeddedPostgresResource implements QuarkusTestResourceLifecycleManager {

    static volatile EmbeddedPostgres server;

    @Override
    public Map<String, String> start() {
        try {
            server = EmbeddedPostgres.builder().start();
        } catch (IOException e) {
            throw new UncheckedIOException("PostgreSQL did not start", e);
        }
        // what an operator sets (as CAMELSUITE_POSTGRESQL_URL and so on): docs/quarkus-app.adoc
        return Map.of("camelsuite.postgresql.url", server.getJdbcUrl("postgres", "postgres"),
                "camelsuite.postgresql.user", "postgres",
                "camelsuite.postgresql.password", "postgres");
    }

    @Override
    public void stop() {
        try {
            if (server != null) {
                server.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
