package dev.camelsuite.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A JVM the benchmark starts and reads protocol lines from (its stdout); its stderr goes to ours, line by line. Every one gets the
 * same heap and the same JIT, so that contenders in JVMs of their own compare fairly.
 */
final class ChildJvm implements AutoCloseable {

    /** What UIMA AS 2.x needs opened on Java 17 (as the driver's tests launch it). */
    private static final List<String> UIMA_AS_ADD_OPENS = List.of("java.base/java.util", "java.base/java.lang",
            "java.base/java.lang.reflect", "java.base/java.text", "java.base/java.io", "java.base/java.util.concurrent",
            "java.base/java.net", "java.base/javax.security.auth", "java.desktop/java.awt.font");

    private final Process process;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    private ChildJvm(Process process) {
        this.process = process;
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
        }, "child-jvm-stdout");
        reader.setDaemon(true);
        reader.start();
        // through this JVM's System.err (not inherited at the file descriptor), so that a run can read every JVM's log
        Thread log = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getErrorStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    System.err.println(line);
                }
            } catch (IOException e) {
                // the process ended
            }
        }, "child-jvm-stderr");
        log.setDaemon(true);
        log.start();
    }

    /**
     * Starts {@code mainClass args} on the class path of module {@code uima-as-test-service} (UIMA AS 2.10.3, uimaj 2,
     * ActiveMQ 5.15: it cannot share a class loader with uimaj 3), read from the file that module writes at
     * process-classes.
     */
    static ChildJvm uimaAs(Path classpathFile, String mainClass, String... args) throws IOException {
        if (!Files.exists(classpathFile)) {
            throw new IllegalStateException(classpathFile.toAbsolutePath() + " is missing: build the uima-as-test-service"
                                            + " module first, or point -DserviceClasspath at it");
        }
        List<String> options = new ArrayList<>();
        for (String open : UIMA_AS_ADD_OPENS) {
            options.add("--add-opens=" + open + "=ALL-UNNAMED");
        }
        return start(options, Files.readString(classpathFile).trim(), mainClass, args);
    }

    /** Starts {@code mainClass args} on this JVM's own class path (the benchmarks jar). */
    static ChildJvm own(String mainClass, String... args) throws IOException {
        return start(List.of(), System.getProperty("java.class.path"), mainClass, args);
    }

    private static ChildJvm start(List<String> options, String classpath, String mainClass, String... args)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx256m");
        command.addAll(options);
        command.add("-cp");
        command.add(classpath);
        command.add(mainClass);
        command.addAll(List.of(args));
        return new ChildJvm(new ProcessBuilder(command).start());
    }

    /** The next line the JVM prints on stdout; fails if none comes within the time given or the JVM ends. */
    String nextLine(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (true) {
            String line = lines.poll(50, TimeUnit.MILLISECONDS);
            if (line != null) {
                return line;
            }
            if (!process.isAlive() && lines.isEmpty()) {
                throw new IllegalStateException("The child JVM ended with status " + process.exitValue());
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("The child JVM printed nothing within " + unit.toSeconds(timeout) + " s");
            }
        }
    }

    /** Writes a line to the JVM's stdin (a command of the JVM's own protocol). */
    void tell(String line) throws IOException {
        process.getOutputStream().write((line + "\n").getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().flush();
    }

    /** CPU time the JVM has used so far, all its threads (0 where the platform does not tell). */
    Duration cpuTime() {
        return process.info().totalCpuDuration().orElse(Duration.ZERO);
    }

    /** Kills the JVM at once (SIGKILL): no shutdown hook, no goodbye to the broker. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(15, TimeUnit.SECONDS);
    }

    /** Waits for the JVM to end by itself; its exit status. */
    int waitFor(long timeout, TimeUnit unit) throws InterruptedException {
        if (!process.waitFor(timeout, unit)) {
            process.destroyForcibly();
            throw new IllegalStateException("The child JVM did not end within " + unit.toSeconds(timeout) + " s");
        }
        return process.exitValue();
    }

    @Override
    public void close() throws Exception {
        if (process.isAlive()) {
            process.getOutputStream().close(); // ServiceMain stops when its stdin closes
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(15, TimeUnit.SECONDS);
            }
        }
    }
}
