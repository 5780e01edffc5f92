package com.example.enhancing;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The project's main runs as a user runs it: in a JVM of its own, with the project's runtime dependencies only (no
 * test dependency lends it a class), and prints what the getting-started page says it prints.
 */
class FirstChainMainTest {

    @Test
    void mainPrintsWhatThePageShows() throws Exception {
        String classpath = Path.of("target", "classes") + java.io.File.pathSeparator
                           + Files.readString(Path.of("target", "runtime-classpath.txt")).trim();
        Process main = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                classpath, FirstChain.class.getName()).redirectErrorStream(true).start();
        String output = new String(main.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(main.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(main.exitValue()).as(output).isZero();
        // the page's lines, in order, each the end of a line of the log (which starts with the thread's name)
        List<String> lines = output.lines().toList();
        int at = 0;
        for (String expected : Files.readAllLines(Path.of("src", "test", "resources", "expected-output.txt"))) {
            while (at < lines.size() && !lines.get(at).endsWith(expected)) {
                at++;
            }
            assertThat(at).as("'" + expected + "' in\n" + output).isLessThan(lines.size());
        }
    }
}
