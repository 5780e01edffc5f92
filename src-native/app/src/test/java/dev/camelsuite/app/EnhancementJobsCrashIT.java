package dev.camelsuite.app;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged application killed (SIGKILL) while 500 enhancement jobs wait or run, then started again on the same
 * embedded H2 file: every job that was answered 202 finishes, once (one answer, at most one run cut short), none lost.
 */
class EnhancementJobsCrashIT {

    private static final Pattern ATTEMPTS = Pattern.compile("\"attempts\":(\\d+)");
    /** Short, so that the jobs the killed application held are claimed again within seconds. */
    private static final Map<String, String> SHORT_LEASES = Map.of("CAMELSUITE_ENHANCER_TIMEOUT", "5s",
            "CAMELSUITE_ENHANCER_JOBS_LEASE", "10s");

    @TempDir
    Path dir;

    @Test
    void everyJobAnswered202FinishesAfterAKill() throws Exception {
        List<String> accepted = Collections.synchronizedList(new ArrayList<>());
        // 500 texts of 9 KB from eight clients: submitted faster than two runners enhance them
        String text = "Angela Merkel travelled from Berlin to Paris. ".repeat(200);
        try (PackagedApplication first = new PackagedApplication(dir, SHORT_LEASES).start()) {
            first.awaitReady(90);
            ExecutorService clients = Executors.newFixedThreadPool(8);
            for (int i = 0; i < 500; i++) {
                int n = i;
                clients.submit(() -> submit(first, "Document " + n + ". " + text, accepted));
            }
            clients.shutdown();
            assertThat(clients.awaitTermination(120, TimeUnit.SECONDS)).isTrue();
            assertThat(first.get(accepted.get(accepted.size() - 1)).body())
                    .containsPattern("\"state\":\"(queued|running)\"");
            first.kill();
        }
        assertThat(accepted).hasSize(500);

        try (PackagedApplication second = new PackagedApplication(dir, SHORT_LEASES).start()) {
            second.awaitReady(90);
            List<String> open = new ArrayList<>(accepted);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
            while (!open.isEmpty() && System.nanoTime() < deadline) {
                for (String job : List.copyOf(open)) {
                    String state = second.get(job).body();
                    if (state.contains("\"state\":\"done\"")) {
                        assertThat(state).as(job).contains("\"resultStatus\":200");
                        assertThat(attempts(state)).as("the runs of " + job).isBetween(1, 2);
                        open.remove(job);
                    } else {
                        assertThat(state).as(job).containsPattern("\"state\":\"(queued|running)\"");
                    }
                }
                Thread.sleep(500);
            }
            assertThat(open).as("jobs answered 202 that never finished").isEmpty();
            assertThat(second.get(accepted.get(0) + "/result").body()).contains("http://fise.iks-project.eu/ontology/");
            assertThat(second.terminate(60)).as("stopped by SIGTERM").isTrue();
        }
    }

    private static void submit(PackagedApplication app, String text, List<String> accepted) {
        try {
            HttpResponse<String> r = app.post("/enhancer", "text/plain", text, "Prefer", "respond-async");
            if (r.statusCode() == 202) {
                String location = r.headers().firstValue("Location").orElseThrow();
                accepted.add(location.substring(location.indexOf("/enhancer/jobs/")));
            }
        } catch (IOException e) {
            // not answered: not counted
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int attempts(String job) {
        Matcher m = ATTEMPTS.matcher(job);
        assertThat(m.find()).as(job).isTrue();
        return Integer.parseInt(m.group(1));
    }
}
