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
        // Spanish: no OpenNLP sentence or token model; those engines decline the text and the chain goes on
        assertThat(summary.documents().get("sample:madrid")).satisfies(d -> {
            assertThat(d.language()).isEqualTo("es");
            assertThat(d.chain()).isEqualTo("completed, declined by sentences, tokens");
            assertThat(d.entities()).contains("Madrid");
            assertThat(d.desk()).isEqualTo("manual review");
        });
        assertThat(summary.errors()).isEmpty();
        assertThat(summary.steps()).contains(new StepCount("documentWF", "enhance", "completed", 5),
                new StepCount("documentWF", "classify", "completed", 5));
        assertThat(output).contains("progress: 5/5 done").contains("Documents", "Engines (on the workers)",
                "Workflow steps (documentWF)").containsPattern("langid +5 runs").containsPattern("sentences +5 runs")
                // every engine had each document; sentences and tokens declined Madrid's Spanish at once
                .containsPattern("tokens +5 runs").containsPattern("ner +5 runs");
    }
}
