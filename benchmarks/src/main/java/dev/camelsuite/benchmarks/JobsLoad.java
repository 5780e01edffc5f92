package dev.camelsuite.benchmarks;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Enhancement jobs against synchronous requests, in one run of the packaged application with its default options:
 * 1,000 documents of 1 KB sent by 16 callers as synchronous {@code POST /enhancer} requests (the caller holds its
 * request until the answer), and the same 1,000 submitted by 16 callers with {@code Prefer: respond-async} and
 * awaited until every job is done. Throughput of each (documents a second, from the first request to the last answer,
 * or to the last job done), and for the jobs the time from submission to done at p50 and p99 (the job's own
 * timestamps); and the same 1,000 as one batch ({@code POST /enhancer/batches}, NDJSON), awaited until it has finished.
 * Rounds alternate, after a warm-up of each.
 * <p>
 * {@code java -cp benchmarks/target/benchmarks.jar dev.camelsuite.benchmarks.JobsLoad} ({@code -Dclients},
 * {@code -Ddocuments}, {@code -Drounds}).
 */
public final class JobsLoad {

    private static final Pattern STATE = Pattern.compile("\"state\":\"(\\w+)\"");
    private static final Pattern SUBMITTED = Pattern.compile("\"submitted\":\"([^\"]+)\"");
    private static final Pattern FINISHED = Pattern.compile("\"finished\":\"([^\"]+)\"");

    private JobsLoad() {
    }

    public static void main(String[] args) throws Exception {
        Path jar = Path.of(System.getProperty("app", "src-native/app/target/quarkus-app/quarkus-run.jar"));
        if (!Files.exists(jar)) {
            throw new IllegalStateException(jar.toAbsolutePath() + " is missing: build the application first");
        }
        int clients = Integer.getInteger("clients", 16);
        int count = Integer.getInteger("documents", 1000);
        int rounds = Integer.getInteger("rounds", 3);
        List<String> documents = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            documents.add(ApplicationLoad.Prose.document(1000, i));
        }
        try (PackagedApplication app = PackagedApplication.start(jar)) {
            synchronous(app, documents.subList(0, 200), clients);
            jobs(app, documents.subList(0, 200), clients);
            batch(app, documents.subList(0, 200));
            System.out.printf("%d documents of 1 KB, %d callers, %d rounds%n", count, clients, rounds);
            for (int round = 1; round <= rounds; round++) {
                double sync = synchronous(app, documents, clients);
                double[] async = jobs(app, documents, clients);
                double batch = batch(app, documents);
                System.out.printf("round %d: synchronous %.0f docs/s; jobs %.0f docs/s (%.2fx; all submitted in %.0f ms),"
                                  + " submission to done p50 %.0f ms, p99 %.0f ms; one batch %.0f docs/s (%.2fx)%n", round,
                        sync, async[0], async[0] / sync, async[3], async[1], async[2], batch, batch / sync);
            }
        }
    }

    /** Documents a second, the callers each taking the next document until none is left. */
    private static double synchronous(PackagedApplication app, List<String> documents, int clients) throws Exception {
        AtomicInteger next = new AtomicInteger();
        long start = System.nanoTime();
        inParallel(clients, () -> {
            for (int i = next.getAndIncrement(); i < documents.size(); i = next.getAndIncrement()) {
                HttpResponse<byte[]> r = app.enhance(documents.get(i), "application/ld+json");
                if (r.statusCode() != 200) {
                    throw new IllegalStateException("answered " + r.statusCode());
                }
            }
            return null;
        });
        return documents.size() / ((System.nanoTime() - start) / 1e9);
    }

    /** Documents a second from the first submission to the last job done; p50 and p99 of submission to done, ms. */
    private static double[] jobs(PackagedApplication app, List<String> documents, int clients) throws Exception {
        AtomicInteger next = new AtomicInteger();
        ConcurrentLinkedQueue<String> locations = new ConcurrentLinkedQueue<>();
        long startedAt = System.currentTimeMillis();
        long start = System.nanoTime();
        inParallel(clients, () -> {
            for (int i = next.getAndIncrement(); i < documents.size(); i = next.getAndIncrement()) {
                HttpResponse<String> r = app.submit(documents.get(i), "application/ld+json");
                if (r.statusCode() != 202) {
                    throw new IllegalStateException("answered " + r.statusCode() + ": " + r.body());
                }
                locations.add(r.headers().firstValue("Location").orElseThrow());
            }
            return null;
        });
        double submitted = (System.nanoTime() - start) / 1e6;
        List<String> all = new ArrayList<>(locations);
        // a client that waits for all of them asks after the last one submitted (jobs run oldest first), not after
        // every one in turn: 1,000 requests of polling would take the cores the runners work on
        awaitDone(app, all.get(all.size() - 1));
        long[] times = new long[all.size()];
        long lastFinished = 0;
        for (int i = 0; i < all.size(); i++) {
            String job = app.get(all.get(i)).body();
            if (!job.contains("\"state\":\"done\"")) {
                throw new IllegalStateException("a job not done after the last one: " + job);
            }
            times[i] = millisBetween(job);
            lastFinished = Math.max(lastFinished, finishedAt(job));
        }
        // from the first submission to the last job done, by the jobs' own times (the application's clock is this one)
        double rate = documents.size() / ((lastFinished - startedAt) / 1e3);
        Arrays.sort(times);
        for (String job : locations) {
            app.delete(job);
        }
        return new double[] { rate, times[times.length / 2], times[(int) Math.ceil(times.length * 0.99) - 1],
                              submitted };
    }

    private static void awaitDone(PackagedApplication app, String job) throws Exception {
        while (true) {
            String answer = app.get(job).body();
            Matcher state = STATE.matcher(answer);
            if (!state.find()) {
                throw new IllegalStateException("a job without its state: " + answer);
            }
            switch (state.group(1)) {
                case "done" -> {
                    return;
                }
                case "failed", "cancelled" -> throw new IllegalStateException("a job " + state.group(1) + ": " + answer);
                default -> Thread.sleep(20);
            }
        }
    }

    private static long finishedAt(String job) {
        Matcher finished = FINISHED.matcher(job);
        if (!finished.find()) {
            throw new IllegalStateException("a job without its end: " + job);
        }
        return Instant.parse(finished.group(1)).toEpochMilli();
    }

    /** Documents a second from the batch's submission until all its documents are done. */
    private static double batch(PackagedApplication app, List<String> documents) throws Exception {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < documents.size(); i++) {
            lines.append("{\"id\": \"").append(i).append("\", \"text\": \"")
                    .append(documents.get(i).replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n"))
                    .append("\"}\n");
        }
        long start = System.nanoTime();
        HttpResponse<String> r = app.submitBatch(lines.toString(), "application/ld+json");
        if (r.statusCode() != 202) {
            throw new IllegalStateException("answered " + r.statusCode() + ": " + r.body());
        }
        String batch = r.headers().firstValue("Location").orElseThrow();
        while (true) {
            String progress = app.get(batch).body();
            if (progress.contains("\"state\":\"finished\"")) {
                if (!progress.contains("\"done\":" + documents.size())) {
                    throw new IllegalStateException("a batch not all done: " + progress);
                }
                break;
            }
            Thread.sleep(20);
        }
        double rate = documents.size() / ((System.nanoTime() - start) / 1e9);
        app.delete(batch);
        return rate;
    }

    private static long millisBetween(String job) {
        Matcher submitted = SUBMITTED.matcher(job);
        Matcher finished = FINISHED.matcher(job);
        if (!submitted.find() || !finished.find()) {
            throw new IllegalStateException("a job without its times: " + job);
        }
        return Instant.parse(finished.group(1)).toEpochMilli() - Instant.parse(submitted.group(1)).toEpochMilli();
    }

    private interface Caller {
        Void call() throws Exception;
    }

    private static void inParallel(int clients, Caller caller) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(clients);
        try {
            List<Future<Void>> all = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                all.add(threads.submit(caller::call));
            }
            for (Future<Void> f : all) {
                f.get();
            }
        } finally {
            threads.shutdownNow();
        }
    }
}
