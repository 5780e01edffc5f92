package dev.camelsuite.enhancer.remote;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** A main class of the test classpath running in its own JVM, whose output goes to a log file under target/. */
final class JvmProcess implements AutoCloseable {

    private final Process process;
    private final CountDownLatch ready = new CountDownLatch(1);
    private final String name;

    JvmProcess(String name, Class<?> main, String... args) throws IOException {
        this.name = name;
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                main.getName()));
        command.addAll(List.of(args));
        File log = new File("target/" + name + ".log");
        process = new ProcessBuilder(command).redirectErrorStream(true).start();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8)); var out = new java.io.PrintWriter(log, StandardCharsets.UTF_8)) {
                String line;
                while ((line = in.readLine()) != null) {
                    out.println(line);
                    out.flush();
                    if (line.equals("READY")) {
                        ready.countDown();
                    }
                }
            } catch (IOException e) {
                // the process ended
            }
        }, name + "-output");
        reader.setDaemon(true);
        reader.start();
    }

    void awaitReady() throws InterruptedException {
        if (!ready.await(60, TimeUnit.SECONDS)) {
            throw new IllegalStateException(name + " did not start; see target/" + name + ".log");
        }
    }

    /** Whether the process printed READY. */
    boolean isReady() {
        return ready.getCount() == 0;
    }

    /** Kills the JVM as kill -9 does: no shutdown hooks, no goodbye to the broker. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
        }
    }
}
