package dev.camelsuite.enhancer.rdf;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.TextAnnotation;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.model.vocabulary.XSD;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

class AnalysisNifTest {

    static final String TEXT = "Marie Curie lived in Paris. She \"worked\" there.";

    private static ContentItem analysed() {
        ContentItem item = ContentItem.ofText("urn:test:nif", TEXT);
        item.addLanguage("en", 0.99, "langid");
        item.addAnnotation(TextAnnotation.SENTENCE, 0, 27, 1.0, "sentences", null);
        item.addAnnotation(TextAnnotation.SENTENCE, 28, 47, 1.0, "sentences", null);
        int[][] tokens = {{0, 5}, {6, 11}, {12, 17}, {18, 20}, {21, 26}, {26, 27}, {28, 31}, {32, 40}, {41, 46}};
        for (int[] t : tokens) {
            item.addAnnotation(TextAnnotation.TOKEN, t[0], t[1], 1.0, "tokens", null);
        }
        TextAnnotation paris = item.addAnnotation("entity", 21, 26, 1.0, "ner",
                Map.of(TextAnnotation.ENTITY_TYPE_FEATURE, "http://dbpedia.org/ontology/Place"));
        item.addEntity("https://example.org/paris", "Paris", List.of("http://dbpedia.org/ontology/City"), 0.9, "ner",
                paris);
        return item;
    }

    private static Model written(ContentItem item, RdfFormat format) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        AnalysisNif.write(item, format, out);
        return EnhancementRdf.parse(out.toString(StandardCharsets.UTF_8), format);
    }

    /** The statements as text, a double by its value (Turtle writes 0.9 as 9.0E-1). */
    private static Set<String> canonical(Model graph) {
        return graph.stream().map(st -> st.getSubject() + " " + st.getPredicate() + " "
                + (st.getObject() instanceof Literal l && XSD.DOUBLE.equals(l.getDatatype())
                        ? String.valueOf(l.doubleValue()) : st.getObject().toString()))
                .collect(Collectors.toSet());
    }

    @ParameterizedTest
    @EnumSource(RdfFormat.class)
    void everyFormatWritesTheSameGraph(RdfFormat format) {
        ContentItem item = analysed();
        Model graph = written(item, format);
        assertThat(canonical(graph)).as("%s against N-Triples", format)
                .isEqualTo(canonical(written(item, RdfFormat.N_TRIPLES)));
        var vf = SimpleValueFactory.getInstance();
        String nif = AnalysisNif.NIF;
        assertThat(graph.filter(vf.createIRI("urn:test:nif#char=0,47"), vf.createIRI(nif, "isString"),
                vf.createLiteral(TEXT))).hasSize(1);
        assertThat(graph.filter(null, RDF.TYPE, vf.createIRI(nif, "Sentence"))).hasSize(2);
        assertThat(graph.filter(null, RDF.TYPE, vf.createIRI(nif, "Word"))).hasSize(9);
        // each word in its sentence, the mention with the entity it names and its kind
        assertThat(graph.filter(vf.createIRI("urn:test:nif#char=32,40"), vf.createIRI(nif, "sentence"),
                vf.createIRI("urn:test:nif#char=28,47"))).hasSize(1);
        assertThat(graph.filter(vf.createIRI("urn:test:nif#char=32,40"), vf.createIRI(nif, "anchorOf"),
                vf.createLiteral("\"worked\""))).hasSize(1);
        assertThat(graph.filter(vf.createIRI("urn:test:nif#char=21,26"),
                vf.createIRI(AnalysisNif.ITSRDF, "taIdentRef"), vf.createIRI("https://example.org/paris"))).hasSize(1);
        assertThat(graph.filter(vf.createIRI("urn:test:nif#char=21,26"),
                vf.createIRI(AnalysisNif.ITSRDF, "taClassRef"), vf.createIRI("http://dbpedia.org/ontology/Place")))
                .hasSize(1);
    }
}
