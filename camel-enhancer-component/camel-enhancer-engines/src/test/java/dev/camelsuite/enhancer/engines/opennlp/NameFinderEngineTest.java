package dev.camelsuite.enhancer.engines.opennlp;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.enhancer.engines.dictionary.DictionaryLinkingEngine;
import dev.camelsuite.enhancer.engines.dictionary.NamedEntityTypes;
import dev.camelsuite.enhancer.rdf.EnhancementRdf;
import dev.camelsuite.enhancer.rdf.RdfFormat;
import dev.camelsuite.enhancer.spi.CanEnhance;
import dev.camelsuite.enhancer.spi.EngineException;
import opennlp.tools.namefind.NameFinderME;
import opennlp.tools.namefind.NameSample;
import opennlp.tools.namefind.TokenNameFinderFactory;
import opennlp.tools.namefind.TokenNameFinderModel;
import opennlp.tools.util.ObjectStreamUtils;
import opennlp.tools.util.Span;
import opennlp.tools.util.TrainingParameters;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Stanbol's {@code opennlp-ner} with models of one's own: a person model and a location model, trained here from
 * generated sentences (OpenNLP ships no name finder models for its current versions), read back from files as a user
 * would give them.
 */
class NameFinderEngineTest {

    static final List<String> PEOPLE = List.of("Anna Berg", "Paul Meyer", "Marie Dubois", "John Carter", "Lena Holm",
            "Omar Haddad", "Sofia Rossi", "Ivan Petrov", "Clara Weiss", "Tom Hardy", "Nina Kraus", "Hugo Lang");
    static final List<String> PLACES = List.of("Lisbon", "Oslo", "Vienna", "Dublin", "Krakow", "Porto", "Ghent", "Bern");
    /** Two people and a place in each sentence: each model learns its kind from the others around it. */
    static final List<String> TEMPLATES = List.of("Yesterday %s met %s in %s .",
            "%s wrote a letter to %s about the trip to %s .", "Later %s thanked %s for the dinner in %s .",
            "The report by %s mentions %s and the museum of %s .");

    private static NameFinderEngine engine;

    @BeforeAll
    static void trainModels(@TempDir Path dir) throws IOException {
        Path people = dir.resolve("en-ner-person.bin");
        Path places = dir.resolve("en-ner-location.bin");
        train("person").serialize(people);
        train("location").serialize(places);
        engine = new NameFinderEngine(NameFinderEngine.NAME, Map.of("en", List.of(
                OpenNlpModels.nameFinderModel(people), OpenNlpModels.nameFinderModel(places))));
        assertThat(Files.size(people)).isPositive();
    }

    /** Sentences of the templates with the names of one kind marked, in OpenNLP's training form. */
    private static TokenNameFinderModel train(String type) throws IOException {
        Random random = new Random(42);
        List<NameSample> samples = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            String[] fill = { PEOPLE.get(random.nextInt(PEOPLE.size())), PEOPLE.get(random.nextInt(PEOPLE.size())),
                PLACES.get(random.nextInt(PLACES.size())) };
            String[] kinds = { "person", "person", "location" };
            String[] parts = TEMPLATES.get(i % TEMPLATES.size()).split("%s", -1);
            List<String> tokens = new ArrayList<>();
            List<Span> spans = new ArrayList<>();
            for (int p = 0; p < parts.length; p++) {
                tokens.addAll(words(parts[p]));
                if (p < fill.length) {
                    int start = tokens.size();
                    tokens.addAll(words(fill[p]));
                    if (kinds[p].equals(type)) {
                        spans.add(new Span(start, tokens.size(), type));
                    }
                }
            }
            samples.add(new NameSample(tokens.toArray(String[]::new), spans.toArray(Span[]::new), true));
        }
        TrainingParameters parameters = TrainingParameters.defaultParams();
        parameters.put(TrainingParameters.ITERATIONS_PARAM, 60);
        parameters.put(TrainingParameters.CUTOFF_PARAM, 1);
        return NameFinderME.train("en", type, ObjectStreamUtils.createObjectStream(samples), parameters,
                new TokenNameFinderFactory());
    }

    private static List<String> words(String text) {
        return List.of(text.trim().split("\\s+")).stream().filter(w -> !w.isEmpty()).toList();
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
