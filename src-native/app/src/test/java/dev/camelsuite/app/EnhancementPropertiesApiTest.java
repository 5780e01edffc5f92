package dev.camelsuite.app;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

/**
 * Stanbol's enhancement properties in the query: they reach the engines that know them (the linking engine, ner),
 * for every engine or for one ({@code ner:…}); a value an engine cannot read fails that engine, naming the property.
 */
@QuarkusTest
class EnhancementPropertiesApiTest {

    static final String ENTITY = "https://example.org/camelsuite/entity/";
    static final String LABEL = "<http://fise.iks-project.eu/ontology/entity-label> ";

    @Test
    void minConfidenceLeavesOutLessSureMatches() {
        given().contentType("text/plain").accept("application/n-triples").body("They flew from NYC to Paris.")
                .when().post("/enhancer").then().statusCode(200)
                .body(containsString("<" + ENTITY + "new-york-city>"), containsString("<" + ENTITY + "paris>"));
        // NYC is an alternative label: its match (0.9) is less sure than asked
        given().contentType("text/plain").accept("application/n-triples").body("They flew from NYC to Paris.")
                .queryParam("enhancer.min-confidence", "0.95").when().post("/enhancer").then().statusCode(200)
                .body(not(containsString("<" + ENTITY + "new-york-city>")), containsString("<" + ENTITY + "paris>"));
    }

    @Test
    void labelsInTheLanguagesAskedForWithTheirLanguage() {
        given().contentType("text/plain").accept("application/n-triples").body("Vienna and London are old cities.")
                .queryParam("enhancer.engines.dereference.languages", "fr").when().post("/enhancer").then()
                .statusCode(200).body(containsString(LABEL + "\"Vienne\"@fr"), containsString(LABEL + "\"Londres\"@fr"));
        // for the engine ner alone, winning over the same property for all
        given().contentType("text/plain").accept("application/n-triples").body("Vienna and London are old cities.")
                .queryParam("enhancer.engines.dereference.languages", "fr")
                .queryParam("ner:enhancer.engines.dereference.languages", "de").when().post("/enhancer").then()
                .statusCode(200).body(containsString(LABEL + "\"Wien\"@de"));
        // none asked for: in the text's language
        given().contentType("text/plain").accept("application/n-triples").body("Vienna and London are old cities.")
                .when().post("/enhancer").then().statusCode(200).body(containsString(LABEL + "\"Vienna\"@en"));
    }

    @Test
    void aValueTheEngineCannotReadFailsItNamingTheProperty() {
        // ner is optional in the default chain: the chain completes and its metadata say why ner failed
        given().contentType("text/plain").accept("application/n-triples").body("Paris is in France.")
                .queryParam("enhancer.max-suggestions", "many").queryParam("executionmetadata", "true").when()
                .post("/enhancer").then().statusCode(200)
                .body(allOf(containsString("enhancer.max-suggestions must be a whole number"),
                        not(containsString("<" + ENTITY + "paris>"))));
        // the engine alone is required: a 500 with its message, as Stanbol answers
        given().contentType("text/plain").header("Content-Language", "en").body("Paris is in France.")
                .queryParam("enhancer.max-suggestions", "many").when().post("/enhancer/engine/ner").then()
                .statusCode(500).body("detail", containsString("enhancer.max-suggestions must be a whole number"));
    }

    @Test
    void tooManyPropertiesAreABadRequest() {
        var request = given().contentType("text/plain").body("Paris.");
        for (int i = 0; i < 70; i++) {
            request = request.queryParam("enhancer.p" + i, "v");
        }
        request.when().post("/enhancer").then().statusCode(400).body("detail", containsString("At most 64"));
    }
}
