package dev.camelsuite.app;

import java.util.List;

import dev.camelsuite.enhancer.rdf.EnhancementRdf;
import dev.camelsuite.enhancer.rdf.RdfFormat;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every answer of the enhancer API, in every format it serves, holds to the rules a Stanbol client holds it to
 * ({@link EnhancementStructure}): on the default chain, and on a chain whose optional engine fails
 * ({@link FailingEngine}) and whose NLP engines decline a language they have no models for.
 */
@QuarkusTest
class EnhancementStructureTest {

    static final String ENGLISH = "Angela Merkel travelled from Berlin to Paris. She met the mayor there, and later "
                                  + "flew on to London with officials of the European Union.";
    /** No Spanish sentence or token model: those engines decline it (cannot enhance); NER finds the entities. */
    static final String SPANISH = "Angela Merkel viajó de Berlín a París. Allí se reunió con la alcaldesa de la ciudad.";

    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    private static final String EM = "http://stanbol.apache.org/ontology/enhancer/executionmetadata#";

    @ParameterizedTest
    @EnumSource(RdfFormat.class)
    void theDefaultChainsAnswerHoldsToStanbolsRules(RdfFormat format) {
        Model graph = enhance("/enhancer", ENGLISH, format, "urn:test:structure-en");
        EnhancementStructure structure = EnhancementStructure.check(graph, ENGLISH, "urn:test:structure-en");
        assertThat(structure.violations()).isEmpty();
        assertThat(structure.checks()).isGreaterThan(300);

        // the mention of a person is typed as Stanbol's NER engines type it, with its occurrence around it
        Resource merkel = mention(graph, "Angela Merkel");
        assertThat(graph.filter(merkel, dc("type"), null).objects())
                .containsExactly(VF.createIRI("http://dbpedia.org/ontology/Person"));
        assertThat(text(graph, berlinMention(graph), "selection-prefix")).isEqualTo("lled from ");
        assertThat(text(graph, berlinMention(graph), "selection-suffix")).isEqualTo(" to Paris.");
        assertThat(text(graph, merkel, "selection-context"))
                .isEqualTo("Angela Merkel travelled from Berlin to Paris. She met the mayor");
        assertThat(graph.filter(mention(graph, "Paris"), dc("type"), null).objects())
                .containsExactly(VF.createIRI("http://dbpedia.org/ontology/Place"));
        // the answer is Stanbol's: the language and the mentions, no sentence or token annotations
        int mentions = graph.filter(null, fise("selected-text"), null).size();
        assertThat(graph.filter(null, RDF.TYPE, fise("TextAnnotation")).size()).isEqualTo(mentions + 1);
        assertThat(graph.filter(null, fise("confidence-level"), null).objects()).isNotEmpty();
    }

    @ParameterizedTest
    @EnumSource(RdfFormat.class)
    void anAnswerWithAFailedOptionalEngineHoldsToThemToo(RdfFormat format) {
        Response answer = given().contentType("text/plain").accept(format.mediaType()).body(SPANISH)
                .queryParam("uri", "urn:test:structure-es").queryParam("executionmetadata", "true")
                .when().post("/enhancer/chain/with-failing");
        assertThat(answer.statusCode()).isEqualTo(200);
        Model graph = EnhancementRdf.parse(answer.asString(), format);
        EnhancementStructure structure = EnhancementStructure.check(graph, SPANISH, "urn:test:structure-es");
        assertThat(structure.violations()).isEmpty();
        assertThat(structure.checks()).isGreaterThan(50);
        // the optional engine failed, the chain did not; sentences and tokens declined the text, saying why; and the
        // entities were still found
        assertThat(graph.filter(null, VF.createIRI(EM, "status"), VF.createIRI(EM, "StatusFailed"))).hasSize(1);
        assertThat(graph.filter(null, VF.createIRI(EM, "statusMessage"), null).objects())
                .extracting(v -> v.stringValue())
                .contains("This engine always fails",
                        "cannot enhance: no sentence model for language 'es' (engine 'sentences' has de, en, fr)");
        Resource chain = graph.filter(null, RDF.TYPE, VF.createIRI(EM, "ChainExecution")).subjects().iterator().next();
        assertThat(graph.filter(chain, VF.createIRI(EM, "status"), null).objects())
                .containsExactly(VF.createIRI(EM, "StatusCompleted"));
        assertThat(text(graph, mention(graph, "Angela Merkel"), "selected-text")).isEqualTo("Angela Merkel");
    }

    private static Model enhance(String path, String text, RdfFormat format, String uri) {
        Response answer = given().contentType("text/plain").accept(format.mediaType()).body(text)
                .queryParam("uri", uri).when().post(path);
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.contentType()).startsWith(format.mediaType());
        return EnhancementRdf.parse(answer.asString(), format);
    }

    private static Resource mention(Model graph, String selected) {
        List<Resource> found = graph.filter(null, fise("selected-text"), null).stream()
                .filter(st -> st.getObject().stringValue().equals(selected)).map(st -> st.getSubject()).toList();
        assertThat(found).as("mentions of '%s'", selected).hasSize(1);
        return found.get(0);
    }

    private static Resource berlinMention(Model graph) {
        return mention(graph, "Berlin");
    }

    private static String text(Model graph, Resource subject, String fiseProperty) {
        return graph.filter(subject, fise(fiseProperty), null).objects().stream().map(v -> ((Literal) v).getLabel())
                .findFirst().orElse(null);
    }

    private static IRI fise(String local) {
        return VF.createIRI(EnhancementStructure.FISE, local);
    }

    private static IRI dc(String local) {
        return VF.createIRI(EnhancementStructure.DC, local);
    }
}
