package dev.camelsuite.app;

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
import java.util.concurrent.TimeUnit;

/**
 * The packaged application (target/quarkus-app) as its own process, started the way the README starts it, in a folder
 * of its own (its H2 file goes there), signed in to as the administrator: for the tests that kill it, start it without
 * its broker or database, and stop it with SIGTERM.
 */
final class PackagedApplication implements AutoCloseable {

    static final String PASSWORD = "packaged-secret-1";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final Path dir;
    private final int port;
    private final Map<String, String> environment;
    private final List<String> properties;
    private Process process;

    /** @param environment what the application's environment adds, e.g. CAMEL_COMPONENT_ENHANCER_BROKER_URL */
    PackagedApplication(Path dir, Map<String, String> environment) throws IOException {
        this(dir, environment, List.of());
    }

    /**
     * @param properties system properties for the JVM ({@code -Dname=value}), for settings whose names an
     *                   environment variable cannot spell (a user of the roles file)
     */
    PackagedApplication(Path dir, Map<String, String> environment, List<String> properties) throws IOException {
        this.dir = dir;
        this.port = freePort();
        this.environment = environment;
        this.properties = properties;
    }

    PackagedApplication start() throws IOException {
        Path jar = Path.of("target", "quarkus-app", "quarkus-run.jar").toAbsolutePath();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-XX:+ExitOnOutOfMemoryError"));
        command.addAll(properties);
        command.addAll(List.of("-jar", jar.toString()));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("app.log").toFile()));
        builder.environment().put("QUARKUS_HTTP_PORT", String.valueOf(port));
        builder.environment().put("CAMELSUITE_ADMIN_PASSWORD", PASSWORD);
        builder.environment().putAll(environment);
        process = builder.start();
        return this;
    }

    /** Waits until the HTTP port answers (whatever the health), at most {@code seconds}. */
    void awaitHttp(int seconds) throws Exception {
        awaitHealth(seconds, false);
    }

    /** Waits until readiness is UP, at most {@code seconds}. */
    void awaitReady(int seconds) throws Exception {
        awaitHealth(seconds, true);
    }

    private void awaitHealth(int seconds, boolean up) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError("the application exited: " + log());
            }
            try {
                int status = get("/q/health/ready").statusCode();
                if (!up || status == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(250);
        }
        throw new AssertionError((up ? "not ready" : "no HTTP port") + " after " + seconds + " s: " + log());
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(request(path).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> delete(String path) throws IOException, InterruptedException {
        return HTTP.send(request(path).DELETE().build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> postJson(String path, String json) throws IOException, InterruptedException {
        return HTTP.send(request(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A POST of {@code body} as {@code contentType}, with more headers as name, value, name, value … */
    HttpResponse<String> post(String path, String contentType, String body, String... headers)
            throws IOException, InterruptedException {
        HttpRequest.Builder post = request(path).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i + 1 < headers.length; i += 2) {
            post.header(headers[i], headers[i + 1]);
        }
        return HTTP.send(post.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).timeout(Duration.ofSeconds(10))
                .header("Authorization", "Basic " + Base64.getEncoder()
                        .encodeToString(("admin:" + PASSWORD).getBytes(StandardCharsets.UTF_8)));
    }

    int port() {
        return port;
    }

    /** The process, for a full collection asked of it ({@code jcmd PID GC.run}). */
    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** SIGKILL: no shutdown hook runs, nothing is closed. */
    void kill() throws InterruptedException {
        process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }

    /** SIGTERM; answers whether the process ended within {@code seconds}. */
    boolean terminate(int seconds) throws InterruptedException {
        process.destroy();
        return process.waitFor(seconds, TimeUnit.SECONDS);
    }

    /** Every line of the application's log so far. */
    List<String> logLines() throws IOException {
        return Files.readAllLines(dir.resolve("app.log"));
    }

    /** Waits until the object's documentWF has its enhance step completed, at most 60 s. */
    void awaitEnhanced(String id) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        String workflow = "";
        while (System.nanoTime() < deadline) {
            workflow = get("/objects/" + id + "/workflows/documentWF").body();
            if (workflow.matches("(?s).*<process [^>]*status=\"completed\" name=\"enhance\".*")) {
                return;
            }
            Thread.sleep(500);
        }
        throw new AssertionError(id + " was not enhanced: " + workflow + "\n" + log());
    }

    /** The last lines of the application's log. */
    String log() {
        try {
            List<String> lines = new ArrayList<>(Files.readAllLines(dir.resolve("app.log")));
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (process != null && process.isAlive()) {
            kill();
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
