package dev.camelsuite.app;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * PostgreSQL restarts under the packaged application (its own connection pool, Agroal, and its robots): what an
 * operator reads in its log is what docs/operations.adoc says ("Logs during a fault"): per robot one WARN line when it
 * cannot claim and one INFO line when it claims again, no stack trace, no ERROR; and the robots work again afterwards.
 */
class DatabaseRestartIT {

    /** A line of a stack trace, or the start of one. */
    private static final Pattern TRACE = Pattern.compile("^\\s+at \\S+\\(.*\\)$|^Caused by: |^\\S+(Exception|Error): ");

    @TempDir
    Path dir;

    @Test
    void aDatabaseRestartIsOneLinePerRobotAndNoStackTrace() throws Exception {
        int port = PackagedApplication.freePort();
        Path data = dir.resolve("postgresql");
        EmbeddedPostgres database = start(port, data);
        try (PackagedApplication app = new PackagedApplication(dir, Map.of("QUARKUS_PROFILE", "prod,postgresql",
                "CAMELSUITE_POSTGRESQL_URL", "jdbc:postgresql://127.0.0.1:" + port + "/postgres",
                "CAMELSUITE_POSTGRESQL_USER", "postgres")).start()) {
            app.awaitReady(90);
            app.postJson("/objects/doc:before-restart/workflows/documentWF?version=1",
                    "{\"context\": {\"text\": \"Angela Merkel travelled from Berlin to Paris.\"}}");
            app.awaitEnhanced("doc:before-restart");
            int before = app.logLines().size();

            database.close();
            // the robots poll every second or so: several polls meet the database away
            Thread.sleep(6_000);
            database = start(port, data);

            app.awaitReady(90);
            long deadline = System.nanoTime() + 60_000_000_000L;
            int status = 0;
            while (status != 201 && System.nanoTime() < deadline) {
                status = app.postJson("/objects/doc:after-restart/workflows/documentWF?version=1",
                        "{\"context\": {\"text\": \"Marie Curie went from Warsaw to Paris.\"}}").statusCode();
                Thread.sleep(500);
            }
            assertThat(status).as(app.log()).isEqualTo(201);
            app.awaitEnhanced("doc:after-restart");

            List<String> lines = app.logLines();
            List<String> during = lines.subList(before, lines.size());
            String log = String.join("\n", during);
            assertThat(during).as("no stack trace while the database restarted:\n%s", log)
                    .noneMatch(line -> TRACE.matcher(line).find());
            assertThat(during).as("no ERROR while the database restarted:\n%s", log)
                    .noneMatch(line -> line.contains(" ERROR "));
            List<String> cannotClaim = during.stream().filter(line -> line.contains(" WARN ")
                    && line.contains("cannot claim steps of")).toList();
            assertThat(cannotClaim).as(log).isNotEmpty();
            // one per robot route and outage, never one per poll
            assertThat(cannotClaim.size()).as(log).isLessThanOrEqualTo(robotRoutes(lines));
            assertThat(during).as(log).anyMatch(line -> line.contains(" INFO ") && line.contains("claims steps of")
                    && line.contains("again, after"));
            assertThat(app.terminate(30)).as("stopped by SIGTERM: " + app.log()).isTrue();
        } finally {
            database.close();
        }
    }

    /** The robot routes the application started (the workflow: routes in its startup summary). */
    private static int robotRoutes(List<String> lines) {
        return (int) lines.stream().filter(line -> line.contains("Started ") && line.contains("(workflow://")).count();
    }

    /** PostgreSQL on that port and data directory, made the first time and kept between starts. */
    private static EmbeddedPostgres start(int port, Path data) throws Exception {
        return EmbeddedPostgres.builder().setPort(port).setDataDirectory(data).setCleanDataDirectory(false).start();
    }
}
