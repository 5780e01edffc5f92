package dev.camelsuite.app;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.apache.activemq.broker.BrokerService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged application started before its broker or its database, as a container platform may start them: it
 * opens its HTTP port anyway, its readiness is DOWN naming what is missing, a request that needs the missing part fails
 * at once with the reason, it works once the part comes, and SIGTERM stops it in every state.
 */
class LateDependenciesIT {

    @TempDir
    Path dir;

    @Test
    void theBrokerComesAfterTheApplication() throws Exception {
        int brokerPort = PackagedApplication.freePort();
        // a failover URL without options: its JMS calls wait for a broker for as long as there is none
        String url = "failover:(tcp://127.0.0.1:" + brokerPort + ")";
        try (PackagedApplication app = new PackagedApplication(dir, Map.of("CAMEL_COMPONENT_ENHANCER_BROKER_URL", url))
                .start()) {
            app.awaitHttp(60);
            var health = app.get("/q/health/ready");
            assertThat(health.statusCode()).isEqualTo(503);
            assertThat(health.body()).contains("\"broker\"").contains("No connection to the broker");

            BrokerService broker = broker(brokerPort);
            try {
                // the failover transport tries again at growing intervals, at most 30 s apart
                app.awaitReady(90);
                assertThat(app.postJson("/objects/doc:late-broker/workflows/documentWF?version=1",
                        "{\"context\": {\"text\": \"Angela Merkel travelled from Berlin to Paris.\"}}").statusCode())
                        .isEqualTo(201);
                app.awaitEnhanced("doc:late-broker");
                assertThat(app.terminate(30)).as("stopped by SIGTERM: " + app.log()).isTrue();
            } finally {
                broker.stop();
            }
        }
    }

    @Test
    void theApplicationStopsWhileItsBrokerIsStillAway() throws Exception {
        String url = "failover:(tcp://127.0.0.1:" + PackagedApplication.freePort() + ")";
        try (PackagedApplication app = new PackagedApplication(dir, Map.of("CAMEL_COMPONENT_ENHANCER_BROKER_URL", url))
                .start()) {
            app.awaitHttp(60);
            assertThat(app.terminate(30)).as("stopped by SIGTERM: " + app.log()).isTrue();
        }
    }

    @Test
    void theDatabaseComesAfterTheApplication() throws Exception {
        int databasePort = PackagedApplication.freePort();
        try (PackagedApplication app = new PackagedApplication(dir, Map.of("QUARKUS_PROFILE", "prod,postgresql",
                "CAMELSUITE_POSTGRESQL_URL", "jdbc:postgresql://127.0.0.1:" + databasePort + "/postgres",
                "CAMELSUITE_POSTGRESQL_USER", "postgres")).start()) {
            app.awaitHttp(60);
            var health = app.get("/q/health/ready");
            assertThat(health.statusCode()).isEqualTo(503);
            assertThat(health.body()).contains("Database connections health check");
            var refused = app.postJson("/objects/druid:late1/workflows/accessionWF?version=1", "{}");
            assertThat(refused.statusCode()).isEqualTo(503);
            assertThat(refused.headers().firstValue("Retry-After")).isPresent();
            assertThat(refused.body()).contains("cannot be reached");

            try (EmbeddedPostgres database = EmbeddedPostgres.builder().setPort(databasePort).start()) {
                app.awaitReady(90);
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                int status = 0;
                while (status != 201 && System.nanoTime() < deadline) {
                    status = app.postJson("/objects/druid:late1/workflows/accessionWF?version=1", "{}").statusCode();
                    Thread.sleep(500);
                }
                assertThat(status).as(app.log()).isEqualTo(201);
                assertThat(app.terminate(30)).as("stopped by SIGTERM: " + app.log()).isTrue();
            }
        }
    }

    private static BrokerService broker(int port) throws Exception {
        BrokerService broker = new BrokerService();
        broker.setBrokerName("late-" + port);
        broker.setPersistent(false);
        broker.setUseJmx(false);
        broker.addConnector("tcp://127.0.0.1:" + port);
        broker.start();
        broker.waitUntilStarted();
        return broker;
    }
}
