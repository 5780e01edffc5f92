package dev.camelsuite.workflow;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * One PostgreSQL server for the test classes that only need a fresh database each (their tests are about the store,
 * not the server's life): started by the first that asks, stopped when the test JVM ends.
 */
public final class SharedPostgres {

    private static EmbeddedPostgres server;

    private SharedPostgres() {
    }

    public static synchronized EmbeddedPostgres server() throws Exception {
        if (server == null) {
            EmbeddedPostgres started = DurablePostgres.start();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    started.close();
                } catch (java.io.IOException e) {
                    // the JVM ends: the server's process goes with it
                }
            }));
            server = started;
        }
        return server;
    }
}
