package dev.camelsuite.examples.books;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.workflow.WorkflowComponent;
import dev.camelsuite.workflow.model.Step;
import org.apache.camel.CamelContext;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The page's way of running the library: the book goes through its robots to accessioning. */
class RunTheLibraryTest {

    @Test
    void theBookIsScannedAndAccessioned() throws Exception {
        try (CamelContext context = RunTheLibrary.start()) {
            var store = context.getComponent("workflow", WorkflowComponent.class).getStore();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            Step last = null;
            while (System.nanoTime() < deadline) {
                last = store.get("druid:bb1", "accessionWF").stream()
                        .filter(s -> s.active() && s.process().equals("shelve")).findFirst().orElse(null);
                if (last != null && last.status().equals("completed")) {
                    break;
                }
                Thread.sleep(50);
            }
            assertThat(last).isNotNull().extracting(Step::status).isEqualTo("completed");
        } finally {
            // the page's component keeps its H2 file in ./workflow-data: this test's is its own, removed after it
            org.apache.camel.util.FileUtil.removeDir(Path.of("workflow-data").toFile());
        }
    }
}
