package dev.camelsuite.enhancer.content;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.dataformat.smile.SmileFactory;
import dev.camelsuite.enhancer.rdf.EnhancementRdf;
import dev.camelsuite.enhancer.rdf.RdfFormat;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The linked entities' own statements on an item: kept by entity, carried by its JSON, written in its RDF. */
class EntityDescriptionsTest {

    static final String PARIS = "https://example.org/camelsuite/entity/paris";
    static final String SKOS = "http://www.w3.org/2004/02/skos/core#";
    static final String RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
    static final String DEPICTION = "http://xmlns.com/foaf/0.1/depiction";

    static ContentItem described() {
        ContentItem item = ContentItem.ofText("Paris in spring.");
        TextAnnotation mention = item.addAnnotation("entity", 0, 5, 1.0, "ner", null);
        item.addEntity(PARIS, "Paris", List.of("http://dbpedia.org/ontology/City"), 1.0, "ner", mention);
        item.getEntityDescriptions().add(List.of(
                EntityStatement.text(PARIS, SKOS + "prefLabel", "Paris", null),
                EntityStatement.text(PARIS, SKOS + "altLabel", "Lutèce", "fr"),
                EntityStatement.iri(PARIS, RDF_TYPE, "http://dbpedia.org/ontology/City"),
                EntityStatement.iri(PARIS, DEPICTION, "https://example.org/images/paris.jpg"),
                EntityStatement.typed(PARIS, "http://www.w3.org/2003/01/geo/wgs84_pos#lat", "48.8566",
                        "http://www.w3.org/2001/XMLSchema#double")));
        return item;
    }

    @Test
    void theJsonCarriesEachEntityOnceWithItsStatementsAndReadsThemBack() throws Exception {
        ContentItem item = described();
        String json = ContentItemJson.toJson(item);
        assertThat(json).contains("\"entityDescriptions\":[{\"entity\":\"" + PARIS + "\",\"statements\":[",
                "{\"property\":\"" + SKOS + "altLabel\",\"value\":\"Lutèce\",\"language\":\"fr\"}",
                "{\"property\":\"" + DEPICTION + "\",\"iri\":\"https://example.org/images/paris.jpg\"}",
                "\"datatype\":\"http://www.w3.org/2001/XMLSchema#double\"");
        ContentItem back = ContentItemJson.fromJson(json);
        assertThat(back.getEntityDescriptions().statements()).isEqualTo(item.getEntityDescriptions().statements());
        assertThat(ContentItemJson.toJson(back)).isEqualTo(json);
        // the wire's binary form (Smile) carries them too
        ByteArrayOutputStream smile = new ByteArrayOutputStream();
        SmileFactory factory = new SmileFactory();
        ContentItemJson.writeForWire(item, smile, factory);
        assertThat(ContentItemJson.read(smile.toByteArray(), factory).getEntityDescriptions().statements())
                .isEqualTo(item.getEntityDescriptions().statements());
        assertThat(ContentItemJson.toJson(ContentItem.ofText("none"))).doesNotContain("entityDescriptions");
    }

    @Test
    void theRdfHasTheStatementsAboutTheEntity() {
        String nt = EnhancementRdf.toString(described(), RdfFormat.N_TRIPLES);
        assertThat(nt).contains("<" + PARIS + "> <" + SKOS + "prefLabel> \"Paris\" .",
                "<" + PARIS + "> <" + SKOS + "altLabel> \"Lutèce\"@fr .",
                "<" + PARIS + "> <" + RDF_TYPE + "> <http://dbpedia.org/ontology/City> .",
                "<" + PARIS + "> <" + DEPICTION + "> <https://example.org/images/paris.jpg> .",
                "\"48.8566\"^^<http://www.w3.org/2001/XMLSchema#double>",
                "<http://fise.iks-project.eu/ontology/entity-reference> <" + PARIS + ">");
        // every format writes them: RDF/XML and JSON-LD too
        assertThat(EnhancementRdf.toString(described(), RdfFormat.RDF_XML)).contains("Lutèce");
        assertThat(EnhancementRdf.toString(described(), RdfFormat.JSON_LD)).contains("paris.jpg");
    }

    @Test
    void eachStatementOnceAndAtMostTheBound() {
        ContentItem item = described();
        EntityDescriptions d = item.getEntityDescriptions();
        int before = d.size();
        d.add(List.of(EntityStatement.text(PARIS, SKOS + "prefLabel", "Paris", null)));
        assertThat(d.size()).isEqualTo(before);
        assertThat(d.describes(PARIS)).isTrue();
        assertThat(d.describes("https://example.org/nowhere")).isFalse();
        assertThat(d.of(PARIS)).hasSize(before);
        List<EntityStatement> many = new ArrayList<>();
        for (int i = 0; i < EntityDescriptions.MAX_STATEMENTS + 10; i++) {
            many.add(EntityStatement.text("https://example.org/e/" + (i % 1000), SKOS + "note", "n" + i, null));
        }
        d.add(many);
        assertThat(d.size()).isEqualTo(EntityDescriptions.MAX_STATEMENTS);
    }

    @Test
    void aStatementNeedsIrisWhereRdfHasThem() {
        assertThatThrownBy(() -> EntityStatement.text("paris", SKOS + "prefLabel", "Paris", null))
                .hasMessage("A statement about an entity needs the entity's IRI, not 'paris'");
        assertThatThrownBy(() -> EntityStatement.iri(PARIS, DEPICTION, "a picture"))
                .hasMessageContaining("needs a value that is an IRI, not 'a picture'");
        assertThatThrownBy(() -> new EntityStatement(PARIS, SKOS + "note", "x", false, "en",
                "http://www.w3.org/2001/XMLSchema#string"))
                .hasMessageContaining("an IRI has no language or datatype, a literal one of them");
        assertThatThrownBy(() -> ContentItemJson.fromJson("{\"text\":\"x\",\"entityDescriptions\":[{\"entity\":\""
                                                          + PARIS + "\"}]}"))
                .hasMessageContaining("The description of entity <" + PARIS + "> has no statements");
    }
}
