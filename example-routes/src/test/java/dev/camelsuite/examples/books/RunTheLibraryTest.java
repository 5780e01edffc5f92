package dev.camelsuite.examples.books;

import java.nio.file.Path;
import java.time.Duration;

import dev.camelsuite.workflow.model.Step;
import org.apache.camel.CamelContext;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The page's way of running the library: the book goes through its robots to accessioning. */
class RunTheLibraryTest {

    @Test
    void theBookIsScannedAndAccessioned() throws Exception {
        try (CamelContext context = RunTheLibrary.start()) {
            Step last = RunTheLibrary.awaitShelved(context, Duration.ofSeconds(60)).stream()
                    .filter(s -> s.process().equals("shelve")).findFirst().orElse(null);
            assertThat(last).isNotNull().extracting(Step::status).isEqualTo("completed");
        } finally {
            // the page's component keeps its H2 file in ./workflow-data: this test's is its own, removed after it
            org.apache.camel.util.FileUtil.removeDir(Path.of("workflow-data").toFile());
        }
    }
}
