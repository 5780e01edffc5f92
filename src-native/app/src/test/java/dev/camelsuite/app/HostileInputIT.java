package dev.camelsuite.app;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static dev.camelsuite.app.HostileRequests.READER;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The second probe's cases ({@link HostileRequests}) against the packaged application at its documented settings
 * ({@code -Xmx512m}, exit on {@code OutOfMemoryError}), each as the lowest role that reaches its surface, alone and six
 * at once while a bystander makes ordinary requests: every case answered as it must be within its deadline and a
 * second, every bystander answered, no {@code OutOfMemoryError} and no thread dead in the log, the robots still ending
 * steps afterwards, and the heap after a full collection back to its level after each case had been sent once alone
 * (what the application loads once, models and bounded caches, is not what six at once leave behind).
 */
class HostileInputIT {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
            .version(HttpClient.Version.HTTP_1_1).build();
    private static final int AT_ONCE = 6;
    private static final java.util.regex.Pattern JOBS = java.util.regex.Pattern.compile(
            "(?m)^enhancer_jobs\\{state=\"(\\w+)\"} (\\S+)$");

    @TempDir
    Path dir;

    @Test
    void everyCaseIsAnsweredInTimeAndTheApplicationStaysWhole() throws Exception {
        try (PackagedApplication app = new PackagedApplication(dir, Map.of(), List.of(
                "-Dquarkus.security.users.embedded.users.reader=" + HostileRequests.READER_PASSWORD,
                "-Dquarkus.security.users.embedded.roles.reader=reader",
                "-Dquarkus.security.users.embedded.users.writer=" + HostileRequests.WRITER_PASSWORD,
                "-Dquarkus.security.users.embedded.roles.writer=writer")).start()) {
            app.awaitReady(120);
            // each case alone first: what the application loads once (models, caches of their own bounds) is loaded
            // before the heap is measured, and what six at once leave behind is what the measure sees
            List<HostileRequests.Case> cases = HostileRequests.all(app.port());
            for (HostileRequests.Case hostile : cases) {
                check(hostile, send(hostile));
            }
            awaitJobsFinished(app, 2);
            long heapBefore = heapAfterFullCollection(app);
            ExecutorService threads = Executors.newFixedThreadPool(AT_ONCE + 1);
            try {
                for (HostileRequests.Case hostile : cases) {
                    aloneWithABystander(app, hostile, threads);
                }
            } finally {
                threads.shutdownNow();
            }
            assertThat(app.isAlive()).as("the application runs").isTrue();
            // the jobs the cases left: each of the fourteen finished (half of them failed: answers too long to keep)
            awaitJobsFinished(app, 14);
            app.postJson("/objects/doc:after-hostile/workflows/documentWF?version=1",
                    "{\"context\": {\"text\": \"Angela Merkel travelled from Berlin to Paris.\"}}");
            app.awaitEnhanced("doc:after-hostile");
            assertThat(app.logLines()).as("the log").noneMatch(line -> line.contains("OutOfMemoryError")
                    || line.contains("StackOverflowError") || line.startsWith("Exception in thread"));
            // a refused request is the caller's mistake: no error and no stack trace in the operator's log
            assertThat(app.logLines()).as("the log").noneMatch(line -> line.contains(" ERROR ")
                    || line.startsWith("\tat "));
            long heapAfter = heapAfterFullCollection(app);
            System.out.printf("hostile cases: heap after a full collection %d MB before, %d MB after%n",
                    heapBefore >> 20, heapAfter >> 20);
            assertThat(heapAfter).as("heap after a full collection, before: " + heapBefore)
                    .isLessThan(heapBefore + 64L * 1024 * 1024);
        }
    }

    /** Six of the case at once, a bystander reading the workflow templates all the while. */
    private static void aloneWithABystander(PackagedApplication app, HostileRequests.Case hostile,
                                            ExecutorService threads) throws Exception {
        AtomicBoolean done = new AtomicBoolean();
        Future<List<Integer>> bystander = threads.submit(() -> {
            List<Integer> answers = new ArrayList<>();
            HttpRequest templates = HostileRequests.as(READER, "http://localhost:" + app.port() + "/workflow_templates")
                    .timeout(Duration.ofSeconds(10)).GET().build();
            do {
                answers.add(HTTP.send(templates, HttpResponse.BodyHandlers.discarding()).statusCode());
                Thread.sleep(100);
            } while (!done.get());
            return answers;
        });
        List<Future<Answer>> answers = new ArrayList<>();
        for (int i = 0; i < AT_ONCE; i++) {
            answers.add(threads.submit(() -> send(hostile)));
        }
        for (Future<Answer> answer : answers) {
            check(hostile, answer.get(hostile.deadline().toSeconds() + 30, TimeUnit.SECONDS));
        }
        done.set(true);
        assertThat(bystander.get(30, TimeUnit.SECONDS)).as("the bystander's answers beside: " + hostile.name())
                .isNotEmpty().containsOnly(200);
    }

    private record Answer(int status, String body, long millis) {
    }

    private static Answer send(HostileRequests.Case hostile) throws Exception {
        long start = System.nanoTime();
        HttpResponse<String> response = HTTP.send(hostile.request().copy().build(),
                HttpResponse.BodyHandlers.ofString());
        return new Answer(response.statusCode(), response.body(),
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
    }

    private static void check(HostileRequests.Case hostile, Answer answer) {
        String what = hostile.name() + ": " + answer.status() + " after " + answer.millis() + " ms, "
                      + answer.body().substring(0, Math.min(400, answer.body().length()));
        System.out.println("hostile case " + what.substring(0, what.indexOf(" ms, ") + 3));
        assertThat(hostile.status().test(answer.status())).as(what).isTrue();
        assertThat(hostile.body().test(answer.body())).as(what).isTrue();
        assertThat(answer.millis()).as(what).isLessThanOrEqualTo(hostile.deadline().toMillis() + 1000);
    }

    /** Until the application's jobs all have finished, {@code finished} of them at least; counted every 5 s. */
    private static void awaitJobsFinished(PackagedApplication app, int finished) throws Exception {
        long giveUp = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (true) {
            Map<String, Long> jobs = new java.util.HashMap<>();
            java.util.regex.Matcher counted = JOBS.matcher(app.get("/q/metrics").body());
            while (counted.find()) {
                jobs.put(counted.group(1), (long) Double.parseDouble(counted.group(2)));
            }
            long done = jobs.getOrDefault("done", 0L) + jobs.getOrDefault("failed", 0L);
            if (jobs.getOrDefault("queued", 0L) == 0 && jobs.getOrDefault("running", 0L) == 0 && done >= finished) {
                assertThat(jobs.getOrDefault("failed", 0L)).as("jobs whose answers were too long: " + jobs)
                        .isGreaterThanOrEqualTo(finished / 2);
                return;
            }
            assertThat(System.nanoTime()).as("jobs still to finish: " + jobs).isLessThan(giveUp);
            Thread.sleep(1000);
        }
    }

    /** The heap in use after a full collection the test asks of the application ({@code jcmd PID GC.run}). */
    private static long heapAfterFullCollection(PackagedApplication app) throws Exception {
        Process gc = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                String.valueOf(app.pid()), "GC.run").redirectErrorStream(true).start();
        gc.getInputStream().readAllBytes();
        assertThat(gc.waitFor(60, TimeUnit.SECONDS)).isTrue();
        long used = 0;
        for (String line : app.get("/q/metrics").body().split("\n")) {
            if (line.startsWith("jvm_memory_used_bytes{") && line.contains("area=\"heap\"")) {
                used += (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        assertThat(used).as("heap in the metrics").isPositive();
        return used;
    }
}
