package dev.camelsuite.benchmarks;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/** The packaged application in a process of its own, signed in as its administrator. */
final class PackagedApplication implements AutoCloseable {

    private static final String PASSWORD = "load-" + Long.toHexString(new Random().nextLong());

    private final Process process;
    private final Path dir;
    private final URI base;
    private final String authorization;
    /**
     * The JDK's client: by default HTTP/2 (one connection for every caller, upgraded from HTTP/1.1);
     * {@code -DhttpVersion=1.1} gives each caller a connection of its own, as curl and most HTTP libraries do.
     */
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
            .version("1.1".equals(System.getProperty("httpVersion")) ? HttpClient.Version.HTTP_1_1
                    : HttpClient.Version.HTTP_2)
            .build();

    private PackagedApplication(Process process, Path dir, URI base) {
        this.process = process;
        this.dir = dir;
        this.base = base;
        this.authorization = "Basic " + Base64.getEncoder().encodeToString(("admin:" + PASSWORD)
                .getBytes(StandardCharsets.UTF_8));
    }

    static PackagedApplication start(Path jar) throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Path dir = Files.createTempDirectory("camelsuite-load");
        List<String> command = new ArrayList<>();
        // -DappCpus=0 keeps the application on those cores (taskset), the benchmark's JVM started on the others,
        // so that the HTTP client does not share a core with the application
        String cpus = System.getProperty("appCpus", "").trim();
        if (!cpus.isEmpty()) {
            command.addAll(List.of("taskset", "-c", cpus));
        }
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // none by default: the application as a user starts it
        String options = System.getProperty("appJvmOptions", "").trim();
        if (!options.isEmpty()) {
            command.addAll(List.of(options.split("\\s+")));
        }
        command.addAll(List.of("-jar", jar.toAbsolutePath().toString()));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(dir.resolve("app.log").toFile()).redirectErrorStream(true);
        builder.environment().put("CAMELSUITE_ADMIN_PASSWORD", PASSWORD);
        builder.environment().put("QUARKUS_HTTP_PORT", Integer.toString(port));
        PackagedApplication app = new PackagedApplication(builder.start(), dir, URI.create("http://localhost:" + port));
        app.awaitHealthy();
        return app;
    }

    long pid() {
        return process.pid();
    }

    /** The application's process, for the CPU time it used. */
    ProcessHandle handle() {
        return process.toHandle();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    HttpResponse<byte[]> enhance(String text) throws IOException, InterruptedException {
        return enhance(text, "text/turtle");
    }

    /** Submits the text as an enhancement job ({@code Prefer: respond-async}): the 202 with its Location. */
    HttpResponse<String> submit(String text, String accept) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(base.resolve("/enhancer")).header("Authorization", authorization)
                .header("Content-Type", "text/plain; charset=UTF-8").header("Accept", accept)
                .header("Prefer", "respond-async").timeout(Duration.ofSeconds(120))
                .POST(HttpRequest.BodyPublishers.ofString(text)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Submits the texts as one batch of enhancement jobs (NDJSON, a document a line): the 202 with its Location. */
    HttpResponse<String> submitBatch(String ndjson, String accept) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(base.resolve("/enhancer/batches")).header("Authorization", authorization)
                .header("Content-Type", "application/x-ndjson").header("Accept", accept)
                .timeout(Duration.ofSeconds(120)).POST(HttpRequest.BodyPublishers.ofString(ndjson)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** A DELETE of a URL of the application (a finished job). */
    void delete(String url) throws IOException, InterruptedException {
        http.send(HttpRequest.newBuilder(base.resolve(URI.create(url).getPath()))
                .header("Authorization", authorization).timeout(Duration.ofSeconds(60)).DELETE().build(),
                HttpResponse.BodyHandlers.discarding());
    }

    /** A GET of a URL of the application (a job's Location). */
    HttpResponse<String> get(String url) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(base.resolve(URI.create(url).getPath()))
                .header("Authorization", authorization).timeout(Duration.ofSeconds(60)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<byte[]> enhance(String text, String accept) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(base.resolve("/enhancer")).header("Authorization", authorization)
                .header("Content-Type", "text/plain; charset=UTF-8").header("Accept", accept)
                .timeout(Duration.ofSeconds(120)).POST(HttpRequest.BodyPublishers.ofString(text)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    long heapUsed() throws IOException, InterruptedException {
        return (long) metricSum("jvm_memory_used_bytes{area=\"heap\"", false);
    }

    long heapMax() throws IOException, InterruptedException {
        return (long) metricSum("jvm_memory_max_bytes{area=\"heap\"", true);
    }

    /** Bytes the application allocated so far (counted at each collection). */
    double allocated() throws IOException, InterruptedException {
        return metricSum("jvm_gc_memory_allocated_bytes_total", false);
    }

    /** The application's collection pauses so far: how many, and seconds in them. */
    double[] gcPauses() throws IOException, InterruptedException {
        return new double[] { metricSum("jvm_gc_pause_seconds_count", false),
                              metricSum("jvm_gc_pause_seconds_sum", false) };
    }

    /** Seconds and count of each engine's {@code enhancer_engine_<kind>_seconds} timer, by engine. */
    Map<String, double[]> engineTimes(String kind) throws IOException, InterruptedException {
        String metrics = http.send(HttpRequest.newBuilder(base.resolve("/q/metrics"))
                .header("Authorization", authorization).build(), HttpResponse.BodyHandlers.ofString()).body();
        Map<String, double[]> times = new TreeMap<>();
        java.util.regex.Pattern engine = java.util.regex.Pattern.compile("engine=\"([^\"]+)\"");
        for (String line : metrics.split("\n")) {
            boolean sum = line.startsWith("enhancer_engine_" + kind + "_seconds_sum{");
            if (sum || line.startsWith("enhancer_engine_" + kind + "_seconds_count{")) {
                java.util.regex.Matcher m = engine.matcher(line);
                if (m.find()) {
                    times.computeIfAbsent(m.group(1), e -> new double[2])[sum ? 0 : 1] +=
                            Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
                }
            }
        }
        return times;
    }

    /** The sum (or the largest value) of the lines of {@code /q/metrics} that start so (a meter over its tags). */
    private double metricSum(String meter, boolean largest) throws IOException, InterruptedException {
        String metrics = http.send(HttpRequest.newBuilder(base.resolve("/q/metrics"))
                .header("Authorization", authorization).build(), HttpResponse.BodyHandlers.ofString()).body();
        double result = 0;
        for (String line : metrics.split("\n")) {
            if (line.startsWith(meter)) {
                double value = Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
                result = largest ? Math.max(result, value) : result + Math.max(0, value);
            }
        }
        return result;
    }

    private void awaitHealthy() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("The application exited: see " + dir.resolve("app.log"));
            }
            try {
                if (http.send(HttpRequest.newBuilder(base.resolve("/q/health/ready")).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("The application did not get ready in 120 s: see " + dir.resolve("app.log"));
    }

    @Override
    public void close() throws Exception {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
