package dev.camelsuite.enhancer.rdf;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import dev.camelsuite.enhancer.content.ContentItem;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.LinkedHashModel;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.model.vocabulary.RDFS;
import org.eclipse.rdf4j.model.vocabulary.XSD;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * JSON-LD as Stanbol writes it (its JSON-LD library's expanded form, pretty-printed by Jackson): the text clients and
 * scripts read, byte for byte.
 */
class JsonLdShapeTest {

    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    @Test
    void aGraphIsAnArrayOfNodesSortedByIdWithEveryValueInAnArray() {
        Model model = new LinkedHashModel();
        model.setNamespace("fise", "http://fise.iks-project.eu/ontology/");
        IRI enhancement = VF.createIRI("urn:enhancement-1");
        IRI paris = VF.createIRI("http://dbpedia.org/resource/Paris");
        model.add(enhancement, RDF.TYPE, VF.createIRI("http://fise.iks-project.eu/ontology/Enhancement"));
        model.add(enhancement, RDF.TYPE, VF.createIRI("http://fise.iks-project.eu/ontology/TextAnnotation"));
        model.add(enhancement, VF.createIRI("http://purl.org/dc/terms/language"), VF.createLiteral("en"));
        model.add(enhancement, VF.createIRI("http://fise.iks-project.eu/ontology/confidence"), VF.createLiteral(1.0));
        model.add(enhancement, VF.createIRI("http://fise.iks-project.eu/ontology/extracted-from"),
                VF.createIRI("urn:content-item-1"));
        model.add(paris, RDFS.LABEL, VF.createLiteral("Paris", "en"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        EnhancementRdf.write(model, RdfFormat.JSON_LD, out);
        assertThat(out.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n")).isEqualTo("""
                [ {
                  "@id" : "http://dbpedia.org/resource/Paris",
                  "http://www.w3.org/2000/01/rdf-schema#label" : [ {
                    "@value" : "Paris",
                    "@language" : "en"
                  } ]
                }, {
                  "@id" : "urn:enhancement-1",
                  "http://fise.iks-project.eu/ontology/confidence" : [ {
                    "@value" : "1.0",
                    "@type" : "http://www.w3.org/2001/XMLSchema#double"
                  } ],
                  "http://fise.iks-project.eu/ontology/extracted-from" : [ {
                    "@id" : "urn:content-item-1"
                  } ],
                  "http://purl.org/dc/terms/language" : [ {
                    "@value" : "en"
                  } ],
                  "@type" : [ "http://fise.iks-project.eu/ontology/Enhancement", "http://fise.iks-project.eu/ontology/TextAnnotation" ]
                } ]""");
    }

    @Test
    void anEmptyGraphIsAnEmptyArray() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        EnhancementRdf.write(new LinkedHashModel(), RdfFormat.JSON_LD, out);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("[ ]");
    }

    @Test
    void enhancementsReadBackAsTheSameGraph() {
        ContentItem item = ContentItem.ofText("urn:test:shape", "Marie Curie lived in Paris.");
        item.addLanguage("en", 0.99, "langid");
        item.addEntity("http://dbpedia.org/resource/Paris", "Paris", List.of("http://dbpedia.org/ontology/City"), 0.9,
                "linking", null);
        String json = EnhancementRdf.toString(EnhancementRdf.toModel(item), RdfFormat.JSON_LD);
        assertThat(json).startsWith("[ {\n  \"@id\" : \"urn:enhancement-").doesNotContain("@context");
        Model back = EnhancementRdf.parse(json, RdfFormat.JSON_LD);
        assertThat(back).hasSameSizeAs(EnhancementRdf.toModel(item));
        assertThat(back.filter(null, VF.createIRI("http://fise.iks-project.eu/ontology/confidence"), null)
                .objects()).allMatch(v -> ((org.eclipse.rdf4j.model.Literal) v).getDatatype().equals(XSD.DOUBLE));
    }
}
