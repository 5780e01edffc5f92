package dev.camelsuite.enhancer.engines.dictionary;

import java.util.List;
import java.util.Map;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.EnhancementProperties;
import dev.camelsuite.enhancer.content.EntityAnnotation;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EngineOrder;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary.LabelKind;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class DictionaryLinkingEngineTest {

    private static final String EX = "https://example.org/camelsuite/entity/";
    private static final String DBO = "http://dbpedia.org/ontology/";

    private final DictionaryLinkingEngine engine = new DictionaryLinkingEngine(Vocabulary.SAMPLE_TURTLE);

    private static ContentItem item(String text, String language) {
        ContentItem item = ContentItem.ofText(text);
        item.setLanguage(language);
        return item;
    }

    @Test
    void findsAndLinksEntitiesOfTheSampleVocabulary() throws EngineException {
        ContentItem item = item("Marie Curie left Warsaw for Paris, where the Sorbonne hired her.", "en");

        engine.computeEnhancements(item);

        List<TextAnnotation> mentions = item.getAnnotationsOfType(DictionaryLinkingEngine.ENTITY);
        assertThat(mentions).extracting(TextAnnotation::getCoveredText)
                .containsExactly("Marie Curie", "Paris", "Sorbonne");
        assertThat(mentions.get(1).getBegin()).isEqualTo(28);
        assertThat(mentions.get(1).getEnd()).isEqualTo(33);
        List<EntityAnnotation> entities = item.getEntities();
        assertThat(entities).extracting(EntityAnnotation::getReference)
                .containsExactly(EX + "marie-curie", EX + "paris", EX + "sorbonne");
        EntityAnnotation curie = entities.get(0);
        assertThat(curie.getLabel()).isEqualTo("Marie Curie");
        assertThat(curie.getTypes()).containsExactly(DBO + "Scientist", DBO + "Person");
        assertThat(curie.getConfidence()).isEqualTo(1.0);
        assertThat(curie.getEngine()).isEqualTo("ner");
        assertThat(curie.getTextAnnotation()).isSameAs(mentions.get(0));
        assertThat(entities.get(2).getTypes()).containsExactly(DBO + "University", DBO + "Organisation");
        // each mention says what kind of entity it names, as Stanbol's NER engines type theirs
        assertThat(mentions).extracting(m -> m.getFeature(TextAnnotation.ENTITY_TYPE_FEATURE))
                .containsExactly(NamedEntityTypes.PERSON, NamedEntityTypes.PLACE, NamedEntityTypes.ORGANISATION);
    }

    @Test
    void aKindOutsidePersonPlaceAndOrganisationIsTheEntitysOwnType() {
        assertThat(NamedEntityTypes.kindOf(List.of(DBO + "River"))).isEqualTo(NamedEntityTypes.PLACE);
        assertThat(NamedEntityTypes.kindOf(List.of("http://www.w3.org/2004/02/skos/core#Concept",
                "https://example.org/types/Gene"))).isEqualTo("https://example.org/types/Gene");
        assertThat(NamedEntityTypes.kindOf(List.of("http://www.w3.org/2004/02/skos/core#Concept"))).isNull();
        assertThat(NamedEntityTypes.kindOf(List.of())).isNull();
    }

    @Test
    void labelsOfTheTextsLanguageAndAlternativeOnes() throws EngineException {
        ContentItem german = item("Von München fährt die Deutsche Bahn nach Köln, Muenchen schreibt man mit ü.", "de");
        engine.computeEnhancements(german);

        assertThat(german.getEntities()).extracting(EntityAnnotation::getLabel, EntityAnnotation::getConfidence)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("München", 1.0),
                        org.assertj.core.groups.Tuple.tuple("Deutsche Bahn", 1.0),
                        org.assertj.core.groups.Tuple.tuple("Köln", 1.0),
                        org.assertj.core.groups.Tuple.tuple("München", 0.8)); // the hidden label "Muenchen"

        // "Munich" is not a German label, "Londres" only a French one
        ContentItem mixed = item("München oder Munich? London oder Londres?", "de");
        engine.computeEnhancements(mixed);
        assertThat(mixed.getAnnotationsOfType(DictionaryLinkingEngine.ENTITY)).extracting(TextAnnotation::getCoveredText)
                .containsExactly("München", "London");

        ContentItem english = item("Einstein taught in Zürich; Napoleon never did.", "en");
        engine.computeEnhancements(english);
        assertThat(english.getEntities()).extracting(EntityAnnotation::getLabel)
                .containsExactly("Albert Einstein", "Zurich", "Napoleon Bonaparte");
        assertThat(english.getEntities()).allSatisfy(e -> assertThat(e.getConfidence()).isEqualTo(0.9));
    }

    @Test
    void theLongestOfOverlappingMentionsWins() throws EngineException {
        ContentItem item = item("New York City is not New York state, says the ETH Zurich report.", "en");

        engine.computeEnhancements(item);

        assertThat(item.getAnnotationsOfType(DictionaryLinkingEngine.ENTITY)).extracting(TextAnnotation::getCoveredText)
                .containsExactly("New York City", "New York", "ETH Zurich");
        assertThat(item.getEntities()).extracting(EntityAnnotation::getReference)
                .containsExactly(EX + "new-york-city", EX + "new-york-city", EX + "eth-zurich");
    }

    @Test
    void wholeWordsOnlyAndCase() throws EngineException {
        ContentItem item = item("Parisian cafés, a seine net, PARIS in capitals and the Berliner Zeitung.", "en");

        engine.computeEnhancements(item);

        List<TextAnnotation> mentions = item.getAnnotationsOfType(DictionaryLinkingEngine.ENTITY);
        assertThat(mentions).extracting(TextAnnotation::getCoveredText).containsExactly("PARIS");
        assertThat(mentions.get(0).getConfidence()).isCloseTo(0.8, within(1e-9));

        engine.setIgnoreCase(true);
        assertThat(engine.isIgnoreCase()).isTrue();
        ContentItem any = item("a seine net", "en");
        engine.computeEnhancements(any);
        assertThat(any.getEntities()).singleElement().satisfies(e -> {
            assertThat(e.getReference()).isEqualTo(EX + "seine");
            assertThat(e.getConfidence()).isCloseTo(0.8, within(1e-9));
        });
    }

    @Test
    void aCapitalizedMentionOfALowerCaseLabel() throws EngineException {
        Vocabulary v = Vocabulary.builder()
                .label("https://example.org/oss", "open source", "en", LabelKind.PREFERRED)
                .build();
        DictionaryLinkingEngine topics = new DictionaryLinkingEngine("topics", v);
        ContentItem item = item("Open source wins. We like open source. OPEN SOURCE! Open Source?", "en");

        topics.computeEnhancements(item);

        assertThat(item.getEntities()).extracting(EntityAnnotation::getConfidence).containsExactly(0.8, 1.0, 0.8);
    }

    @Test
    void anAmbiguousMentionSharesItsConfidence() throws EngineException {
        Vocabulary v = Vocabulary.builder()
                .entity("https://example.org/paris-france", DBO + "City")
                .label("https://example.org/paris-france", "Paris", null, LabelKind.PREFERRED)
                .entity("https://example.org/paris-texas", DBO + "City")
                .label("https://example.org/paris-texas", "Paris, Texas", "en", LabelKind.PREFERRED)
                .label("https://example.org/paris-texas", "Paris", "en", LabelKind.ALTERNATIVE)
                .build();
        DictionaryLinkingEngine places = new DictionaryLinkingEngine("places", v);
        ContentItem item = item("We drove to Paris and on to Paris, Texas.", "en");

        places.computeEnhancements(item);

        List<TextAnnotation> mentions = item.getAnnotationsOfType(DictionaryLinkingEngine.ENTITY);
        assertThat(mentions).extracting(TextAnnotation::getCoveredText).containsExactly("Paris", "Paris, Texas");
        List<EntityAnnotation> entities = item.getEntities();
        assertThat(entities).hasSize(3);
        assertThat(entities.get(0).getReference()).isEqualTo("https://example.org/paris-france");
        assertThat(entities.get(0).getConfidence()).isCloseTo(0.5, within(1e-9));
        assertThat(entities.get(1).getReference()).isEqualTo("https://example.org/paris-texas");
        assertThat(entities.get(1).getConfidence()).isCloseTo(0.45, within(1e-9));
        assertThat(entities.get(1).getLabel()).isEqualTo("Paris, Texas");
        assertThat(entities.get(0).getTextAnnotation()).isSameAs(entities.get(1).getTextAnnotation());
        assertThat(entities.get(2).getConfidence()).isEqualTo(1.0);
    }

    private static Vocabulary twoParis() {
        return Vocabulary.builder()
                .entity("https://example.org/paris-france", DBO + "City")
                .label("https://example.org/paris-france", "Paris", null, LabelKind.PREFERRED)
                .entity("https://example.org/paris-texas", DBO + "City")
                .label("https://example.org/paris-texas", "Paris, Texas", "en", LabelKind.PREFERRED)
                .label("https://example.org/paris-texas", "Paris", "en", LabelKind.ALTERNATIVE)
                .label("https://example.org/paris-texas", "Paris (Texas)", "fr", LabelKind.PREFERRED)
                .build();
    }

    @Test
    void maxSuggestionsKeepsTheLikeliestEntitiesOfAMention() throws EngineException {
        DictionaryLinkingEngine places = new DictionaryLinkingEngine("places", twoParis());
        ContentItem item = item("We drove to Paris.", "en");
        item.setProperties(EnhancementProperties.of(Map.of("enhancer.max-suggestions", "1")));

        places.computeEnhancements(item);

        assertThat(item.getEntities()).singleElement().satisfies(e -> {
            assertThat(e.getReference()).isEqualTo("https://example.org/paris-france");
            assertThat(e.getConfidence()).isEqualTo(1.0);
        });
    }

    @Test
    void minConfidenceLeavesOutLessSureMatchesAndTheirMentions() throws EngineException {
        ContentItem item = item("They flew from NYC to Paris.", "en");
        item.setProperties(EnhancementProperties.of(Map.of("enhancer.min-confidence", "0.95")));

        engine.computeEnhancements(item);

        // NYC is an alternative label (0.9): no mention, no entity
        assertThat(item.getAnnotationsOfType(DictionaryLinkingEngine.ENTITY)).extracting(TextAnnotation::getCoveredText)
                .containsExactly("Paris");
        assertThat(item.getEntities()).extracting(EntityAnnotation::getReference).containsExactly(EX + "paris");
    }

    @Test
    void labelsInTheLanguagesAskedForAndPropertiesForThisEngineAlone() throws EngineException {
        ContentItem item = item("Vienna and London.", "en");
        item.setProperties(EnhancementProperties.of(Map.of(
                "enhancer.engines.dereference.languages", List.of("it", "fr,de"),
                "other:enhancer.max-suggestions", "0")));

        engine.computeEnhancements(item);

        assertThat(item.getEntities()).extracting(EntityAnnotation::getLabel).containsExactly("Vienne", "Londres");
        assertThat(item.getEntities()).extracting(EntityAnnotation::getLabelLanguage).containsExactly("fr", "fr");
        item = item("Vienna and London.", "en");
        item.setProperties(EnhancementProperties.of(Map.of("enhancer.engines.dereference.languages", "fr",
                DictionaryLinkingEngine.NAME + ":enhancer.engines.dereference.languages", "de")));
        engine.computeEnhancements(item);
        assertThat(item.getEntities()).extracting(EntityAnnotation::getLabel).containsExactly("Wien", "London");
        assertThat(item.getEntities()).extracting(EntityAnnotation::getLabelLanguage).containsExactly("de", "de");
    }

    @Test
    void aPropertyThatIsNoNumberFailsTheEngineNamingIt() {
        ContentItem item = item("Paris.", "en");
        item.setProperties(EnhancementProperties.of(Map.of("enhancer.max-suggestions", "many")));

        assertThatThrownBy(() -> engine.computeEnhancements(item)).isInstanceOf(EngineException.class)
                .hasMessage("Enhancement property enhancer.max-suggestions must be a whole number from 1 to 2147483647,"
                            + " not 'many'");
    }

    @Test
    void aLanguageWithoutLabelsFailsTheEngine() {
        Vocabulary english = Vocabulary.builder()
                .label("https://example.org/x", "Example", "en", LabelKind.PREFERRED)
                .build();
        DictionaryLinkingEngine ner = new DictionaryLinkingEngine("ner", english);

        assertThatThrownBy(() -> ner.computeEnhancements(item("Ein Beispiel.", "de")))
                .isInstanceOf(EngineException.class)
                .hasMessage("No NER model for language 'de' is available (vocabulary java has labels in en)");
        assertThatThrownBy(() -> ner.computeEnhancements(ContentItem.ofText("No language.")))
                .isInstanceOf(EngineException.class).hasMessageStartingWith("The language of the text is unknown");
    }

    @Test
    void labelsForEveryLanguageServeOtherLanguagesToo() throws EngineException {
        ContentItem spanish = item("Amsterdam y Madrid están lejos de Berlin.", "es");
        engine.computeEnhancements(spanish);
        assertThat(spanish.getEntities()).extracting(EntityAnnotation::getLabel)
                .containsExactly("Amsterdam", "Madrid", "Berlin");

        ContentItem unknown = ContentItem.ofText("Amsterdam");
        engine.computeEnhancements(unknown);
        assertThat(unknown.getEntities()).extracting(EntityAnnotation::getLabel).containsExactly("Amsterdam");
    }

    @Test
    void nameAndOrder() {
        assertThat(engine.getName()).isEqualTo(DictionaryLinkingEngine.NAME);
        assertThat(engine.getOrder()).isEqualTo(EngineOrder.NER);
        assertThat(engine.getVocabulary().size()).isEqualTo(54);
    }
}
