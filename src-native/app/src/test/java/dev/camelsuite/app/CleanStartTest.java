package dev.camelsuite.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The application starts without a warning: dependency versions agree, nothing is configured half-way. */
@QuarkusTest
class CleanStartTest {

    @Test
    void theStartUpLogHasNoWarning() throws IOException {
        // the last start in the file (the log is appended to): from after the start before it to its "started in"
        List<String> lines = Files.readAllLines(Path.of("target/quarkus-test.log"));
        int end = lines.size() - 1;
        while (end >= 0 && !isStarted(lines.get(end))) {
            end--;
        }
        assertThat(end).as("a start in the log").isGreaterThanOrEqualTo(0);
        int begin = end - 1;
        while (begin >= 0 && !isStarted(lines.get(begin))) {
            begin--;
        }
        List<String> startUp = new ArrayList<>(lines.subList(begin + 1, end + 1));
        assertThat(startUp).hasSizeGreaterThan(10)
                .filteredOn(line -> line.contains(" WARN ") || line.contains(" ERROR ")).isEmpty();
    }

    private static boolean isStarted(String line) {
        return line.contains("powered by Quarkus") && line.contains("started in");
    }
}
