package dev.camelsuite.enhancer.engines.opennlp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.enhancer.engines.dictionary.DictionaryLinkingEngine;
import dev.camelsuite.enhancer.engines.dictionary.NamedEntityTypes;
import dev.camelsuite.enhancer.rdf.EnhancementRdf;
import dev.camelsuite.enhancer.rdf.RdfFormat;
import dev.camelsuite.enhancer.spi.CanEnhance;
import dev.camelsuite.enhancer.spi.EngineException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Stanbol's {@code opennlp-ner} with models of one's own: a person model and a location model trained from generated
 * sentences ({@link SampleNameModels}; OpenNLP ships no name finder models for its current versions), read back from
 * files as a user would give them.
 */
class NameFinderEngineTest {

    private static NameFinderEngine engine;

    @BeforeAll
    static void trainModels(@TempDir Path dir) throws IOException {
        List<Path> files = SampleNameModels.write(dir);
        engine = new NameFinderEngine(NameFinderEngine.NAME, Map.of("en", List.of(
                OpenNlpModels.nameFinderModel(files.get(0)), OpenNlpModels.nameFinderModel(files.get(1)))));
        assertThat(Files.size(files.get(0))).isPositive();
    }

    private static ContentItem analysed(String text) throws EngineException {
        ContentItem item = ContentItem.ofText(text);
        item.setLanguage("en");
        new SentenceDetectionEngine().computeEnhancements(item);
        new TokenizerEngine().computeEnhancements(item);
        return item;
    }

    @Test
    void findsTheNamesOfEachModelTypedAsStanbolTypesThem() throws EngineException {
        ContentItem item = analysed("Yesterday Anna Berg met Paul Meyer in Lisbon. Later Paul Meyer thanked Anna Berg"
                                    + " for the dinner in Oslo.");
        assertThat(engine.canEnhance(item)).isNotEqualTo(CanEnhance.CANNOT);
        engine.computeEnhancements(item);
        List<TextAnnotation> names = item.getAnnotationsOfType(DictionaryLinkingEngine.ENTITY);
        assertThat(names).extracting(TextAnnotation::getCoveredText).contains("Anna Berg", "Paul Meyer", "Lisbon",
                "Oslo");
        assertThat(names).filteredOn(a -> a.getCoveredText().equals("Paul Meyer")).allSatisfy(a -> {
            assertThat(a.getFeature(TextAnnotation.ENTITY_TYPE_FEATURE)).isEqualTo(NamedEntityTypes.PERSON);
            assertThat(a.getConfidence()).isBetween(0.0, 1.0);
            assertThat(a.getEngine()).isEqualTo("namefinder");
        });
        assertThat(names).filteredOn(a -> a.getCoveredText().equals("Lisbon"))
                .allSatisfy(a -> assertThat(a.getFeature(TextAnnotation.ENTITY_TYPE_FEATURE))
                        .isEqualTo(NamedEntityTypes.PLACE));
        // in the enhancements: a text annotation whose dc:type is the kind of name
        assertThat(EnhancementRdf.toString(item, RdfFormat.N_TRIPLES))
                .contains("<http://purl.org/dc/terms/type> <http://dbpedia.org/ontology/Person>",
                        "<http://fise.iks-project.eu/ontology/selected-text> \"Paul Meyer\"");
    }

    @Test
    void kindsAreMappedAsStanbolMapsThem() {
        assertThat(NameFinderEngine.kindOf("organization")).isEqualTo(NamedEntityTypes.ORGANISATION);
        assertThat(NameFinderEngine.kindOf("https://example.org/Ship")).isEqualTo("https://example.org/Ship");
        assertThat(NameFinderEngine.kindOf("misc")).isNull();
    }

    @Test
    void declinesWhatItCannotReadAndWantsAModel() throws EngineException {
        ContentItem untokenized = ContentItem.ofText("Anna Berg.");
        untokenized.setLanguage("en");
        assertThat(engine.canEnhance(untokenized)).isEqualTo(CanEnhance.CANNOT);
        assertThat(engine.cannotEnhanceReason(untokenized)).contains("no tokens");
        ContentItem german = ContentItem.ofText("Anna Berg.");
        german.setLanguage("de");
        german.addAnnotation(TextAnnotation.TOKEN, 0, 4, 1.0, "tokens", null);
        assertThat(engine.cannotEnhanceReason(german)).contains("no name finder model for language 'de'");
        assertThatThrownBy(() -> new NameFinderEngine("names", Map.of("en", List.of())))
                .hasMessageContaining("needs at least one name finder model");
    }
}
