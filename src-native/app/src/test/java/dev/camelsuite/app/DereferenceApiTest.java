package dev.camelsuite.app;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

/**
 * What an answer says of the entities it links to, as Stanbol's dereference engine writes it (its integration test
 * asks the same of DBpedia): the fields and languages the query asks for through Stanbol's enhancement properties,
 * and no more.
 */
@QuarkusTest
class DereferenceApiTest {

    static final String LONDON = "<https://example.org/camelsuite/entity/london> ";
    static final String VIENNA = "<https://example.org/camelsuite/entity/vienna> ";
    static final String PREF_LABEL = "<http://www.w3.org/2004/02/skos/core#prefLabel> ";
    static final String DEPICTION = "<http://xmlns.com/foaf/0.1/depiction> ";
    static final String TYPE = "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type> ";
    static final String DEFINITION = "<http://www.w3.org/2004/02/skos/core#definition> ";
    static final String TEXT = "Vienna and London are old cities.";

    @Test
    void onlyTheFieldsAndLanguagesAskedFor() {
        given().contentType("text/plain").accept("application/n-triples").body(TEXT)
                .queryParam("enhancer.engines.dereference.languages", "fr")
                .queryParam("enhancer.engines.dereference.fields", "skos:prefLabel")
                .queryParam("enhancer.engines.dereference.fields", "foaf:depiction")
                .when().post("/enhancer").then().statusCode(200)
                .body(allOf(
                        // the labels in the languages asked for and in the text's
                        containsString(LONDON + PREF_LABEL + "\"Londres\"@fr"),
                        containsString(LONDON + PREF_LABEL + "\"London\"@en"),
                        containsString(VIENNA + PREF_LABEL + "\"Vienne\"@fr"),
                        containsString(VIENNA + PREF_LABEL + "\"Vienna\"@en"),
                        containsString(LONDON + DEPICTION + "<https://example.org/camelsuite/images/london.jpg>"),
                        containsString(VIENNA + DEPICTION + "<https://example.org/camelsuite/images/vienna.jpg>")),
                        allOf(
                        // no German label, no type, no field not asked for
                        not(containsString(LONDON + PREF_LABEL + "\"London\"@de")),
                        not(containsString(VIENNA + PREF_LABEL + "\"Wien\"@de")),
                        not(containsString(LONDON + TYPE)), not(containsString(VIENNA + TYPE)),
                        not(containsString(LONDON + DEFINITION)),
                        not(containsString("<http://www.w3.org/2004/02/skos/core#inScheme>"))));
    }

    @Test
    void withoutPropertiesEveryFieldInTheTextsLanguage() {
        given().contentType("text/plain").accept("application/n-triples").body(TEXT)
                .when().post("/enhancer").then().statusCode(200)
                .body(containsString(LONDON + PREF_LABEL + "\"London\"@en"),
                        containsString(LONDON + TYPE + "<http://dbpedia.org/ontology/City>"),
                        containsString(LONDON + DEFINITION + "\"The capital of the United Kingdom\"@en"),
                        not(containsString("\"Londres\"@fr")), not(containsString("\"La capitale du Royaume-Uni\"@fr")));
    }

    @Test
    void aFieldThatIsNoIriIsReportedByTheEngine() {
        // dereference is optional in the default chain: the chain completes, its metadata say why it failed
        given().contentType("text/plain").accept("application/n-triples").body(TEXT)
                .queryParam("enhancer.engines.dereference.fields", "nope:label").queryParam("executionmetadata", "true")
                .when().post("/enhancer").then().statusCode(200)
                .body(containsString("Unknown prefix 'nope' in 'nope:label'"), not(containsString(LONDON + PREF_LABEL)));
    }
}
