package dev.camelsuite.app;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

/**
 * The chain {@code analysis} tags each token with its part of speech (the {@code pos} engine, Stanbol's
 * {@code opennlp-pos}): the tags are in the NLP analysis, as NIF's {@code nif:posTag}, and not among the enhancements.
 */
@QuarkusTest
class PartsOfSpeechApiTest {

    static final String NIF = "http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#";

    @Test
    void theAnalysisChainTagsEachWordInTheNif() {
        given().contentType("text/plain").accept("multipart/form-data").body("Marie Curie worked in Paris.")
                .queryParam("uri", "urn:test:pos").queryParam("rdfFormat", "application/n-triples")
                .queryParam("outputContentPart", "urn:stanbol.enhancer:nlp.analysedText").when()
                .post("/enhancer/chain/analysis").then().statusCode(200)
                .body(containsString("<urn:test:pos#char=0,5> <" + NIF + "posTag> \"PROPN\""),
                        containsString("<urn:test:pos#char=12,18> <" + NIF + "posTag> \"VERB\""),
                        containsString("<urn:test:pos#char=22,27> <" + NIF + "posTag> \"PROPN\""));
        // the enhancements carry no part of speech
        given().contentType("text/plain").accept("application/n-triples").body("Marie Curie worked in Paris.").when()
                .post("/enhancer/chain/analysis").then().statusCode(200).body(not(containsString("PROPN")));
        given().accept("application/n-triples").when().get("/enhancer/engine").then().statusCode(200)
                .body(containsString("/enhancer/engine/pos>"));
    }
}
