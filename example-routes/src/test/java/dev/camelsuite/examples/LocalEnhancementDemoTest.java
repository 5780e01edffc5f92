package dev.camelsuite.examples;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The README's main job runs and reports what the chain found in each sample. */
class LocalEnhancementDemoTest {

    @Test
    void theDemoEnhancesEverySampleAndReportsTheFailure() throws Exception {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        int failed = new LocalEnhancementDemo().run(new PrintStream(buffer, true, StandardCharsets.UTF_8));
        String output = buffer.toString(StandardCharsets.UTF_8);

        assertThat(failed).isEqualTo(1);
        assertThat(output).containsPattern("berlin.txt +\\| de +\\| 2 +\\| european desk +\\| Berlin, Spree, Deutschland")
                .containsPattern("paris.txt +\\| fr +\\| 2 +\\| european desk +\\| Paris, Seine, France, Victor Hugo, Notre-Dame")
                .containsPattern("stanford.txt +\\| en +\\| 2 +\\| english desk +\\| Stanford University, Google")
                .containsPattern("madrid.txt +\\| es +\\| 2 +\\| manual review +\\| +\\| failed: No NER model for"
                                 + " language 'es' is available")
                .contains("em:StatusFailed", "em:defualtChain true",
                        "Enhancement Chain failed because of required Engine 'ner' failed with Message: No NER"
                                                                                  + " model for language 'es' is available")
                .containsPattern("langid +5 runs");
    }
}
