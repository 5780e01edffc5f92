package dev.camelsuite.app.enhancer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** camelsuite.enhancer.name-finder-models: what it refuses, each refusal naming the setting. */
class NameFinderModelsTest {

    @Test
    void anEntryThatIsNoModelFailsNamingTheSetting(@TempDir Path dir) throws Exception {
        assertThatThrownBy(() -> NameFinderModels.models(List.of("/models/en-ner-person.bin")))
                .hasMessage("camelsuite.enhancer.name-finder-models: '/models/en-ner-person.bin' is not"
                            + " <language>=<model file>");
        assertThatThrownBy(() -> NameFinderModels.models(List.of("en=" + dir.resolve("missing.bin"))))
                .hasMessageStartingWith("camelsuite.enhancer.name-finder-models: the model file")
                .hasMessageEndingWith("missing.bin cannot be read");
        Path text = Files.writeString(dir.resolve("notes.bin"), "not a model");
        assertThatThrownBy(() -> NameFinderModels.models(List.of("en=" + text)))
                .hasMessageEndingWith("notes.bin is not an OpenNLP name finder model");
    }
}
