package dev.camelsuite.app;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged application killed (SIGKILL) while a client creates documentWF workflows and its robots work on them,
 * then started again on the same embedded H2 file: every create that was answered 201 is there, and every document's
 * {@code enhance} step ends, those its robots held when it died included.
 */
class CrashRecoveryIT {

    @TempDir
    Path dir;

    @Test
    void answeredCreatesSurviveAKillAndEveryStepEnds() throws Exception {
        List<String> answered = new ArrayList<>();
        try (PackagedApplication first = new PackagedApplication(dir, Map.of()).start()) {
            first.awaitReady(90);
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(4);
            for (int i = 0; System.nanoTime() < until; i++) {
                String id = "crash:" + i;
                try {
                    if (first.postJson("/objects/" + id + "/workflows/documentWF?version=1", "{\"context\": {\"text\":"
                            + " \"Angela Merkel travelled from Berlin to Paris.\"}}").statusCode() == 201) {
                        answered.add(id);
                    }
                } catch (IOException e) {
                    // not answered: not counted
                }
            }
            first.kill();
        }
        assertThat(answered).hasSizeGreaterThan(20);

        try (PackagedApplication second = new PackagedApplication(dir, Map.of()).start()) {
            second.awaitReady(90);
            for (String id : answered) {
                assertThat(second.get("/objects/" + id + "/workflows").body()).as(id).contains("id=\"documentWF\"");
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            List<String> open = new ArrayList<>(answered);
            while (!open.isEmpty() && System.nanoTime() < deadline) {
                for (String id : List.copyOf(open)) {
                    String workflow = second.get("/objects/" + id + "/workflows/documentWF").body();
                    if (workflow.matches("(?s).*<process [^>]*status=\"(completed|error)\" name=\"enhance\".*")) {
                        open.remove(id);
                    }
                }
                Thread.sleep(500);
            }
            assertThat(open).as("documents whose enhance step never ended").isEmpty();
            assertThat(second.terminate(60)).as("stopped by SIGTERM").isTrue();
        }
    }
}
