package dev.camelsuite.uima;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A real UIMA AS 2.10.3 service (module {@code uima-as-test-service}) in its own JVM: uimaj 2 and 3 cannot share a
 * class loader. It prints protocol lines on stdout ({@code BROKER READY url}, {@code SERVICE READY queue}) and stops
 * when its stdin closes, so a test JVM that dies takes it along.
 */
final class UimaAsServiceProcess implements AutoCloseable {

    /** What UIMA AS 2.x needs opened on Java 17. */
    static final List<String> ADD_OPENS = List.of("java.base/java.util", "java.base/java.lang",
            "java.base/java.lang.reflect", "java.base/java.text", "java.base/java.io", "java.base/java.util.concurrent",
            "java.base/java.net", "java.base/javax.security.auth", "java.desktop/java.awt.font");

    private final Process process;
    private final String brokerUrl;

    private UimaAsServiceProcess(Process process, String brokerUrl) {
        this.process = process;
        this.brokerUrl = brokerUrl;
    }

    /**
     * Starts services (room-number, segmenter, classifier, failing; {@code name=queue} picks the queue).
     *
     * @param broker null to start an embedded ActiveMQ 5.15 broker in the service JVM, else the broker to use
     */
    static UimaAsServiceProcess start(String broker, String... services) throws Exception {
        return startAt(broker, "tcp://localhost:0", services);
    }

    /**
     * Starts services with an embedded broker listening on {@code brokerBind} (when {@code broker} is null), so that a
     * test can restart it at the same address.
     */
    static UimaAsServiceProcess startAt(String broker, String brokerBind, String... services) throws Exception {
        Path classpathFile = Path.of("../../uima-as-test-service/target/service-classpath.txt").toAbsolutePath()
                .normalize();
        if (!Files.exists(classpathFile)) {
            throw new IllegalStateException(classpathFile + " is missing: build the uima-as-test-service module first");
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx256m");
        command.add("-XX:TieredStopAtLevel=1");
        for (String open : ADD_OPENS) {
            command.add("--add-opens=" + open + "=ALL-UNNAMED");
        }
        if (broker != null) {
            command.add("-DdefaultBrokerURL=" + broker);
        }
        command.add("-cp");
        command.add(Files.readString(classpathFile).trim());
        command.add("dev.camelsuite.uima.testservice.ServiceMain");
        if (broker == null) {
            command.add("--broker");
            command.add(brokerBind);
        }
        command.addAll(List.of(services));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    lines.add(line);
                }
            } catch (IOException e) {
                // the process ended
            }
        }, "uima-as-service-stdout");
        reader.setDaemon(true);
        reader.start();
        String url = broker;
        int ready = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (ready < services.length) {
            String line = lines.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null) {
                process.destroyForcibly();
                throw new IllegalStateException("The UIMA AS service did not get ready within 90 s");
            }
            if (line.startsWith("BROKER READY ")) {
                url = line.substring("BROKER READY ".length()).trim();
            } else if (line.startsWith("SERVICE READY ")) {
                ready++;
            } else if (line.contains("FAILED")) {
                process.destroyForcibly();
                throw new IllegalStateException("The UIMA AS service could not start: " + line);
            }
        }
        return new UimaAsServiceProcess(process, url);
    }

    /** The broker the service listens on. */
    String brokerUrl() {
        return brokerUrl;
    }

    /** Kills the JVM at once, as a crash would. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws Exception {
        if (process.isAlive()) {
            process.getOutputStream().close(); // the service stops when its stdin closes
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                kill();
            }
        }
    }
}
