package dev.camelsuite.app;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two packaged applications on one PostgreSQL share one backlog of 1,000 enhancement jobs, half submitted to each:
 * both run jobs, each job is run once; then one of them is killed (SIGKILL) while 500 more jobs wait and run, and
 * the other finishes every job that was answered 202, those the dead one held included, once their leases run out.
 */
class EnhancementJobsPostgresqlIT {

    @TempDir
    Path dir;

    @Test
    void twoApplicationsShareOneBacklogAndOneFinishesWhatTheOtherLeft() throws Exception {
        int port = PackagedApplication.freePort();
        Files.createDirectories(dir.resolve("first"));
        Files.createDirectories(dir.resolve("second"));
        try (EmbeddedPostgres database = EmbeddedPostgres.builder().setPort(port).start();
             PackagedApplication first = new PackagedApplication(dir.resolve("first"), on(port)).start();
             PackagedApplication second = new PackagedApplication(dir.resolve("second"), on(port)).start()) {
            first.awaitReady(120);
            second.awaitReady(120);
            List<String> shared = submit(List.of(first, second), 1000, "shared", 200);
            awaitDone(second, shared, 240);
            Map<String, Integer> byRunner = runs(database);
            assertThat(byRunner).as("jobs run by each application's runners").hasSizeGreaterThanOrEqualTo(2);
            assertThat(byRunner.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(1000);

            // 500 texts of 9 KB: jobs still wait and run when the first application dies
            List<String> left = submit(List.of(first, second), 500, "left", 200);
            assertThat(unfinished(database)).as("jobs waiting or running when the first application is killed")
                    .isGreaterThan(0);
            first.kill();
            awaitDone(second, left, 240);
            aBatchOnPostgresql(second);
            assertThat(counted(database)).as("each user's counts, kept as jobs change, against their jobs")
                    .isEqualTo(recounted(database));
            assertThat(second.terminate(60)).as("stopped by SIGTERM").isTrue();
        }
    }

    private static Map<String, String> on(int port) {
        return Map.of("QUARKUS_PROFILE", "prod,postgresql",
                "CAMELSUITE_POSTGRESQL_URL", "jdbc:postgresql://127.0.0.1:" + port + "/postgres",
                "CAMELSUITE_POSTGRESQL_USER", "postgres",
                // short, so that the jobs the killed application held are claimed again within seconds
                "CAMELSUITE_ENHANCER_TIMEOUT", "5s", "CAMELSUITE_ENHANCER_JOBS_LEASE", "10s");
    }

    /** {@code count} jobs of a sentence repeated, from eight clients, to the applications in turn: the accepted. */
    private static List<String> submit(List<PackagedApplication> apps, int count, String tag, int sentences)
            throws Exception {
        List<String> accepted = Collections.synchronizedList(new ArrayList<>());
        String text = "Angela Merkel travelled from Berlin to Paris. ".repeat(sentences);
        ExecutorService clients = Executors.newFixedThreadPool(8);
        for (int i = 0; i < count; i++) {
            PackagedApplication app = apps.get(i % apps.size());
            String body = tag + " " + i + ". " + text;
            clients.submit(() -> {
                try {
                    HttpResponse<String> r = app.post("/enhancer", "text/plain", body, "Prefer", "respond-async");
                    assertThat(r.statusCode()).as(r.body()).isEqualTo(202);
                    String location = r.headers().firstValue("Location").orElseThrow();
                    accepted.add(location.substring(location.indexOf("/enhancer/jobs/")));
                } catch (IOException | InterruptedException e) {
                    throw new AssertionError(e);
                }
            });
        }
        clients.shutdown();
        assertThat(clients.awaitTermination(180, TimeUnit.SECONDS)).isTrue();
        assertThat(accepted).hasSize(count);
        return accepted;
    }

    private static void awaitDone(PackagedApplication app, List<String> jobs, int seconds) throws Exception {
        List<String> open = new ArrayList<>(jobs);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!open.isEmpty() && System.nanoTime() < deadline) {
            for (String job : List.copyOf(open)) {
                String state = app.get(job).body();
                if (state.contains("\"state\":\"done\"")) {
                    assertThat(state).as(job).contains("\"resultStatus\":200").containsPattern("\"attempts\":[12],");
                    open.remove(job);
                }
            }
            Thread.sleep(500);
        }
        List<String> states = new ArrayList<>();
        for (String job : open.subList(0, Math.min(3, open.size()))) {
            states.add(app.get(job).body());
        }
        assertThat(open).as("jobs answered 202 that never finished, the first of them: " + states).isEmpty();
    }

    /** A batch of 100 documents: stored, run, its results read, deleted. */
    private static void aBatchOnPostgresql(PackagedApplication app) throws Exception {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            lines.append("{\"id\": \"d").append(i).append("\", \"text\": \"Angela Merkel travelled from Berlin to")
                    .append(" Paris, number ").append(i).append(".\"}\n");
        }
        HttpResponse<String> accepted = app.post("/enhancer/batches", "application/x-ndjson", lines.toString(),
                "Idempotency-Key", "pg-batch");
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(202);
        String batch = accepted.headers().firstValue("Location").orElseThrow();
        batch = batch.substring(batch.indexOf("/enhancer/batches/"));
        assertThat(app.post("/enhancer/batches", "application/x-ndjson", lines.toString(), "Idempotency-Key",
                "pg-batch").statusCode()).isEqualTo(200);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!app.get(batch).body().contains("\"state\":\"finished\"")) {
            assertThat(System.nanoTime()).as(app.get(batch).body()).isLessThan(deadline);
            Thread.sleep(200);
        }
        assertThat(app.get(batch).body()).contains("\"done\":100");
        List<String> results = app.get(batch + "/results").body().lines().toList();
        assertThat(results).hasSize(100).allMatch(line -> line.contains("\"status\":200"));
        assertThat(app.delete(batch).statusCode()).isEqualTo(204);
    }

    /** Each user's counts as the application kept them. */
    private static List<String> counted(EmbeddedPostgres database) throws Exception {
        return rows(database, "SELECT owner, jobs, unfinished, unfinished_bytes, answer_bytes"
                              + " FROM camelsuite_jobs.enhancement_owner ORDER BY owner");
    }

    /** Each user's counts from their jobs. */
    private static List<String> recounted(EmbeddedPostgres database) throws Exception {
        return rows(database, "SELECT owner, COUNT(*), SUM(CASE WHEN state IN ('queued', 'running') THEN 1 ELSE 0 END),"
                              + " SUM(CASE WHEN state IN ('queued', 'running') THEN content_size ELSE 0 END),"
                              + " COALESCE(SUM(answer_size), 0) FROM camelsuite_jobs.enhancement_job GROUP BY owner"
                              + " ORDER BY owner");
    }

    private static List<String> rows(EmbeddedPostgres database, String query) throws Exception {
        List<String> rows = new ArrayList<>();
        try (Connection c = database.getPostgresDatabase().getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(query)) {
            while (rs.next()) {
                rows.add(rs.getString(1) + " " + rs.getLong(2) + " " + rs.getLong(3) + " " + rs.getLong(4) + " "
                         + rs.getLong(5));
            }
        }
        return rows;
    }

    private static int unfinished(EmbeddedPostgres database) throws Exception {
        try (Connection c = database.getPostgresDatabase().getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM camelsuite_jobs.enhancement_job"
                                           + " WHERE state IN ('queued', 'running')")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /** How many jobs each runner ran once, from the database itself. */
    private static Map<String, Integer> runs(EmbeddedPostgres database) throws Exception {
        Map<String, Integer> byRunner = new HashMap<>();
        try (Connection c = database.getPostgresDatabase().getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT runner, COUNT(*) FROM camelsuite_jobs.enhancement_job"
                                           + " WHERE state = 'done' AND attempts = 1 GROUP BY runner")) {
            while (rs.next()) {
                byRunner.put(rs.getString(1), rs.getInt(2));
            }
        }
        return byRunner;
    }
}
