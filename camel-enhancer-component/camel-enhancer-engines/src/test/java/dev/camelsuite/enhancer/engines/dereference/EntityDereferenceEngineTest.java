package dev.camelsuite.enhancer.engines.dereference;

import java.util.List;
import java.util.Map;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.EnhancementProperties;
import dev.camelsuite.enhancer.content.EntityStatement;
import dev.camelsuite.enhancer.engines.NamespacePrefixes;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary;
import dev.camelsuite.enhancer.spi.CanEnhance;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EngineOrder;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The dereference engine alone: which entities it describes, with what, and the names it reads. */
class EntityDereferenceEngineTest {

    static final String PARIS = "https://example.org/camelsuite/entity/paris";
    static final String SKOS = "http://www.w3.org/2004/02/skos/core#";
    static final EntityDereferenceEngine ENGINE = new EntityDereferenceEngine(Vocabulary.sample());

    private static ContentItem linkedToParis(String language, Map<String, ?> properties) {
        ContentItem item = ContentItem.ofText("Paris");
        item.setLanguage(language);
        item.setProperties(EnhancementProperties.of(properties));
        item.addEntity(PARIS, "Paris", List.of(), 1.0, "ner", item.addAnnotation("entity", 0, 5, 1.0, "ner", null));
        return item;
    }

    @Test
    void runsAfterLinkingAndOnlyOnItemsWithEntities() {
        assertThat(ENGINE.getName()).isEqualTo("dereference");
        assertThat(ENGINE.getOrder()).isEqualTo(EngineOrder.POST_PROCESSING);
        assertThat(ENGINE.canEnhance(ContentItem.ofText("nothing linked"))).isEqualTo(CanEnhance.CANNOT);
        assertThat(ENGINE.cannotEnhanceReason(ContentItem.ofText("x"))).isEqualTo("the item has no entity annotations");
        assertThat(ENGINE.canEnhance(linkedToParis("en", Map.of()))).isEqualTo(CanEnhance.ASYNCHRONOUS);
    }

    @Test
    void textInEveryLanguageWhenTheTextsIsUnknownAndNoneIsAsked() throws EngineException {
        ContentItem item = linkedToParis(null, Map.of());
        ENGINE.computeEnhancements(item);
        assertThat(item.getEntityDescriptions().of(PARIS)).filteredOn(s -> s.property().equals(SKOS + "definition"))
                .extracting(EntityStatement::language).containsExactlyInAnyOrder("en", "de", "fr");
        // Stanbol's "none" names text without a language, which is copied anyway
        ContentItem none = linkedToParis("de", Map.of("enhancer.engines.dereference.languages", "none, fr"));
        ENGINE.computeEnhancements(none);
        assertThat(none.getEntityDescriptions().of(PARIS)).filteredOn(s -> s.language() != null)
                .extracting(EntityStatement::language).containsOnly("de", "fr");
    }

    @Test
    void entitiesOfOtherVocabulariesAndOnesDescribedAlreadyAreLeftAsTheyAre() throws EngineException {
        ContentItem item = linkedToParis("en", Map.of());
        item.addEntity("http://dbpedia.org/resource/Paris", "Paris", List.of(), 0.5, "other", null);
        EntityStatement mine = EntityStatement.text(PARIS, SKOS + "note", "described by another engine", null);
        item.getEntityDescriptions().add(List.of(mine));
        ENGINE.computeEnhancements(item);
        assertThat(item.getEntityDescriptions().of(PARIS)).containsExactly(mine);
        assertThat(item.getEntityDescriptions().describes("http://dbpedia.org/resource/Paris")).isFalse();
    }

    @Test
    void theEnginesFieldsAndLanguagesAreIrisAndLanguageCodes() {
        EntityDereferenceEngine engine = new EntityDereferenceEngine("d", Vocabulary.sample());
        engine.setFields(List.of("rdfs:label", "<http://xmlns.com/foaf/0.1/depiction>", "urn:example:field"));
        assertThat(engine.getFields()).containsExactly("http://www.w3.org/2000/01/rdf-schema#label",
                "http://xmlns.com/foaf/0.1/depiction", "urn:example:field");
        engine.setLanguages(List.of("en-GB", "deu"));
        assertThat(engine.getLanguages()).containsExactly("en", "de");
        assertThatThrownBy(() -> engine.setFields(List.of("label"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'label' is neither an IRI nor a prefixed name such as rdfs:label");
        assertThatThrownBy(() -> new EntityDereferenceEngine(" ", Vocabulary.sample()))
                .hasMessage("An engine needs a name");
    }

    @Test
    void stanbolsPrefixes() {
        assertThat(NamespacePrefixes.iri("foaf:depiction")).isEqualTo("http://xmlns.com/foaf/0.1/depiction");
        assertThat(NamespacePrefixes.iri("dbp-ont:thumbnail")).isEqualTo("http://dbpedia.org/ontology/thumbnail");
        assertThat(NamespacePrefixes.iri("https://schema.org/name")).isEqualTo("https://schema.org/name");
        assertThat(NamespacePrefixes.all()).containsEntry("skos", SKOS).containsEntry("geo",
                "http://www.w3.org/2003/01/geo/wgs84_pos#");
    }
}
