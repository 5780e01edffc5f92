package dev.camelsuite.app;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

/**
 * Under {@code camelsuite.enhancer.stanbol-names=true} each engine that stands in for a Stanbol engine answers under
 * Stanbol's name too and writes Stanbol's engine class as {@code dc:creator}, and the enhancer page lists the engines
 * as Stanbol's does (the check Stanbol's own integration tests make before they run).
 */
@QuarkusTest
@TestProfile(StanbolNamesProfile.class)
class StanbolNamesTest {

    static final String TEXT = "Marie Curie worked in Paris. She was born in Warsaw.";

    @Test
    void enginesAnswerUnderStanbolsNamesToo() {
        given().contentType("text/plain").accept("application/n-triples").body(TEXT).when()
                .post("/enhancer/engine/langdetect").then().statusCode(200)
                .body(containsString("\"en\""), containsString("<http://purl.org/dc/terms/creator> "
                        + "\"org.apache.stanbol.enhancer.engines.langdetect.LanguageDetectionEnhancementEngine\""));
        given().accept("application/n-triples").when().get("/enhancer").then().statusCode(200)
                .body(containsString("/enhancer/engine/langdetect>"), containsString("/enhancer/engine/opennlp-sentence>"),
                        containsString("/enhancer/engine/opennlp-token>"), containsString("/enhancer/engine/opennlp-pos>"),
                        containsString("/enhancer/engine/langid>"));
    }

    @Test
    void theDefaultChainWritesStanbolsCreators() {
        given().contentType("text/plain").accept("application/n-triples").body(TEXT).when().post("/enhancer").then()
                .statusCode(200)
                .body(containsString("\"org.apache.stanbol.enhancer.engines.langdetect.LanguageDetectionEnhancementEngine\""),
                        containsString("\"org.apache.stanbol.enhancer.engines.opennlp.impl.NamedEntityExtractionEnhancementEngine\""),
                        not(containsString("<http://purl.org/dc/terms/creator> \"langid\"")));
    }

    @Test
    void theEnhancerPageListsTheEnginesAsStanbolsPageDoes() {
        // the names and classes Stanbol's EnhancerTestBase waits for on this page
        given().accept("text/html").when().get("/enhancer").then().statusCode(200)
                .body(containsString("<b>langdetect</b>"), containsString("LanguageDetectionEnhancementEngine"),
                        containsString("<b>ner</b>"), containsString("NamedEntityExtractionEnhancementEngine"),
                        containsString("<b>tika</b>"), containsString("(optional, TikaEngine)"));
    }

    @Test
    void aChainPageNamesEachEngineAsStanbolDoesToo() {
        // Stanbol's LanguageChainTest and ContentTranformationTest wait for tika and langdetect on this page
        given().accept("text/html").when().get("/enhancer/chain/language").then().statusCode(200)
                .body(containsString("<li><b>tika</b> <small>(optional, TikaEngine)</small></li>"),
                        containsString("<li><b>langid</b> <small>(required, LanguageDetectionEnhancementEngine;"
                                       + " also langdetect)</small></li>"));
    }
}
