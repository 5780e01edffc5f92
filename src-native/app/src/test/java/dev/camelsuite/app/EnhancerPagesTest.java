package dev.camelsuite.app;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

/**
 * The enhancer's HTML pages list their chains and engines in the HTML itself, as Stanbol's pages do (its clients and
 * its own tests read the page to see which engines are up), and a chain or an engine has a page of its own. Stanbol's
 * names are off by default: engines go by this suite's names and write them as {@code dc:creator}.
 */
@QuarkusTest
class EnhancerPagesTest {

    @Test
    void theEnhancerPageListsTheDefaultChainsEnginesEveryChainAndEveryEngine() {
        for (String path : new String[] { "/enhancer", "/engines" }) {
            given().accept("text/html").when().get(path).then().statusCode(200).contentType(startsWith("text/html"))
                    .body(containsString("Enhancement chain: <strong>default</strong>"),
                            containsString("<li><b>tika</b> <small>(optional, TikaEngine)</small></li>"),
                            containsString("<li><b>langid</b> <small>(required, LanguageDetectionEngine)</small></li>"),
                            containsString("/enhancer/chain/language\">language</a>"),
                            containsString("/enhancer/engine/sentences\"><b>sentences</b></a>"),
                            not(containsString("LanguageDetectionEnhancementEngine")),
                            // the page's own script still runs
                            containsString("<script src=\"/enhancer-page/enhancer.js\" defer></script>"));
        }
    }

    @Test
    void aChainAndAnEngineHaveAPageOfTheirOwn() {
        given().accept("text/html").when().get("/enhancer/chain/default").then().statusCode(200)
                .contentType(startsWith("text/html"))
                .body(containsString("<title>Enhancement chain default</title>"),
                        containsString("<li><b>tokens</b> <small>(required, TokenizerEngine)</small></li>"),
                        containsString("/enhancer/chain/default/ep"));
        given().accept("text/html").when().get("/enhancer/engine/tika").then().statusCode(200)
                .body(containsString("Enhancement engine <b>tika</b> <small>(TikaEngine)</small>"),
                        containsString("/enhancer/engine/tika/ep"));
        // RDF as before for RDF clients, and no page for what does not exist
        given().accept("text/turtle").when().get("/enhancer/chain/default").then().statusCode(200)
                .contentType(startsWith("text/turtle"));
        given().accept("text/html").when().get("/enhancer/engine/langdetect").then().statusCode(404);
        given().accept("text/html").when().get("/enhancer/chain/no-such-chain").then().statusCode(404);
    }

    @Test
    void enginesWriteTheirOwnNamesAsCreatorWhenStanbolsNamesAreOff() {
        given().contentType("text/plain").accept("application/n-triples").body("Marie Curie worked in Paris.")
                .when().post("/enhancer").then().statusCode(200)
                .body(containsString("<http://purl.org/dc/terms/creator> \"langid\""),
                        not(containsString("org.apache.stanbol")));
    }
}
