package dev.camelsuite.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.camelsuite.enhancer.engines.opennlp.SampleNameModels;
import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * The application as a deployer with name finder models of their own runs it: two English models (people, places)
 * in {@code camelsuite.enhancer.name-finder-models}, a chain {@code names} that runs them, and Stanbol's names on.
 */
public class NameFinderProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        try {
            Path dir = Files.createDirectories(Path.of("target", "name-finder-models"));
            List<Path> models = SampleNameModels.write(dir);
            return Map.of("camelsuite.enhancer.name-finder-models",
                    models.stream().map(m -> "en=" + m.toAbsolutePath()).collect(Collectors.joining(",")),
                    "camelsuite.enhancer.stanbol-names", "true",
                    // a chain of the deployer's: the text's language, sentences and tokens, then the names
                    "camel.component.enhancer.chains[names].type", "list",
                    "camel.component.enhancer.chains[names].engines[0]", "langid",
                    "camel.component.enhancer.chains[names].engines[1]", "sentences",
                    "camel.component.enhancer.chains[names].engines[2]", "tokens",
                    "camel.component.enhancer.chains[names].engines[3]", "namefinder");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
