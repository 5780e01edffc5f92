package dev.camelsuite.examples;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import dev.camelsuite.workflow.model.StepCount;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The README's main job: every sample enhanced on the workers, tracked in its workflow, summed up. */
class DocumentsDemoTest {

    @Test
    void everySampleIsEnhancedTrackedAndSummedUp() throws Exception {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        DocumentsDemo.Summary summary = new DocumentsDemo().run(new PrintStream(buffer, true, StandardCharsets.UTF_8));
        String output = buffer.toString(StandardCharsets.UTF_8);

        assertThat(summary.documents()).hasSize(5);
        assertThat(summary.documents().get("sample:berlin")).satisfies(d -> {
            assertThat(d.language()).isEqualTo("de");
            assertThat(d.entities()).contains("Berlin", "Deutschland");
            assertThat(d.desk()).isEqualTo("european desk");
            assertThat(d.worker()).startsWith("worker-");
        });
        assertThat(summary.documents().get("sample:paris").entities()).contains("Paris", "France", "Seine",
                "Victor Hugo");
        assertThat(summary.documents().get("sample:stanford")).satisfies(d -> {
            assertThat(d.language()).isEqualTo("en");
            assertThat(d.entities()).contains("Stanford University");
            assertThat(d.desk()).isEqualTo("english desk");
        });
        // Spanish: no OpenNLP sentence model, a required engine: the chain fails and the step ends in error
        assertThat(summary.documents().get("sample:madrid")).satisfies(d -> {
            assertThat(d.language()).isEqualTo("es");
            assertThat(d.chain()).isEqualTo("failed: sentences: No sentence model for language 'es' is available"
                                            + " (engine 'sentences' has de, en, fr)");
        });
        // the failure is the step's outcome, set by the route's end headers: its message, no exception and no stack
        assertThat(summary.errors()).singleElement().satisfies(step -> {
            assertThat(step.objectId()).isEqualTo("sample:madrid");
            assertThat(step.errorMessage()).isEqualTo("Enhancement Chain failed because of required Engine 'sentences'"
                                                      + " failed with Message: No sentence model for language 'es' is"
                                                      + " available (engine 'sentences' has de, en, fr)");
            assertThat(step.errorText()).isNull();
            assertThat(step.attempts()).isEqualTo(1);
        });
        assertThat(summary.steps()).contains(new StepCount("documentWF", "enhance", "completed", 4),
                new StepCount("documentWF", "enhance", "error", 1),
                new StepCount("documentWF", "classify", "completed", 4),
                new StepCount("documentWF", "classify", "waiting", 1));
        assertThat(output).contains("progress: 5/5 done").contains("Documents", "Engines (on the workers)",
                "Workflow steps (documentWF)").containsPattern("langid +5 runs").containsPattern("sentences +5 runs")
                // the chain stops at the failed sentences for Madrid: tokens and ner ran for the others
                .containsPattern("tokens +4 runs").containsPattern("ner +4 runs");
    }
}
