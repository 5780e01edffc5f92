package dev.camelsuite.app;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;

/**
 * Headless Chromium (Debian's {@code chromium}) run as a process: the page's DOM after its scripts ran, its console
 * output, and screenshots. Where Chromium is missing the browser tests are skipped, unless the environment variable
 * {@code CAMELSUITE_REQUIRE_BROWSER} is set (CI sets it after installing Chromium), which makes them fail instead.
 */
final class HeadlessChromium {

    private static final List<String> FLAGS = List.of("--headless", "--no-sandbox", "--disable-gpu",
            "--disable-background-networking", "--enable-logging=stderr", "--v=0");

    /** What one run left: the DOM (for --dump-dom) and the console messages the page logged. */
    record Run(String dom, List<String> console) {
    }

    private final String binary;

    private HeadlessChromium(String binary) {
        this.binary = binary;
    }

    static HeadlessChromium find() {
        Optional<String> found = locate();
        if (found.isEmpty()) {
            String message = "No chromium on PATH (Debian: apt-get install chromium)";
            if (System.getenv("CAMELSUITE_REQUIRE_BROWSER") != null) {
                throw new IllegalStateException(message + "; CAMELSUITE_REQUIRE_BROWSER is set");
            }
            Assumptions.abort(message + ": the browser test is skipped");
        }
        return new HeadlessChromium(found.get());
    }

    private static Optional<String> locate() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            for (String name : List.of("chromium", "chromium-browser")) {
                Path candidate = Path.of(dir, name);
                if (Files.isExecutable(candidate)) {
                    return Optional.of(candidate.toString());
                }
            }
        }
        return Optional.empty();
    }

    /** Loads the page, lets its scripts run for {@code millis} of virtual time and answers the DOM. */
    Run dumpDom(String url, int millis) throws IOException, InterruptedException {
        return run(List.of("--virtual-time-budget=" + millis, "--dump-dom", url));
    }

    Run screenshot(String url, Path file, int millis) throws IOException, InterruptedException {
        Files.createDirectories(file.getParent());
        return run(List.of("--virtual-time-budget=" + millis, "--window-size=1400,1100",
                "--screenshot=" + file.toAbsolutePath(), url));
    }

    private Run run(List<String> arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(binary);
        command.addAll(FLAGS);
        // a profile of its own each time: nothing cached between runs
        command.add("--user-data-dir=" + Files.createTempDirectory("chromium-profile"));
        command.addAll(arguments);
        Path out = Files.createTempFile("chromium", ".out");
        Path err = Files.createTempFile("chromium", ".err");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!process.waitFor(90, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("Chromium did not finish within 90 s: " + command);
        }
        List<String> console = Files.readAllLines(err, StandardCharsets.UTF_8).stream()
                .filter(line -> line.contains(":CONSOLE")).toList();
        return new Run(Files.readString(out, StandardCharsets.UTF_8), console);
    }
}
