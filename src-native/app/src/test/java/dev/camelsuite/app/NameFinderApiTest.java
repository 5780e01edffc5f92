package dev.camelsuite.app;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;

/**
 * A deployer's name finder models ({@code camelsuite.enhancer.name-finder-models}) become the engine
 * {@code namefinder}, Stanbol's {@code opennlp-ner} under Stanbol's names: its names are text annotations typed as
 * Stanbol types them.
 */
@QuarkusTest
@TestProfile(NameFinderProfile.class)
class NameFinderApiTest {

    static final String TEXT = "Yesterday Anna Berg met Paul Meyer in Lisbon.";

    @Test
    void theModelsFindTheirNames() {
        given().contentType("text/plain").accept("application/n-triples").body(TEXT).when()
                .post("/enhancer/chain/names").then().statusCode(200)
                .body(containsString("<http://fise.iks-project.eu/ontology/selected-text> \"Paul Meyer\""),
                        containsString("<http://purl.org/dc/terms/type> <http://dbpedia.org/ontology/Person>"),
                        containsString("<http://purl.org/dc/terms/type> <http://dbpedia.org/ontology/Place>"),
                        containsString("\"org.apache.stanbol.enhancer.engines.opennlp.impl."
                                       + "NamedEntityExtractionEnhancementEngine\""));
        given().accept("application/n-triples").when().get("/enhancer/engine").then().statusCode(200)
                .body(containsString("/enhancer/engine/namefinder>"), containsString("/enhancer/engine/opennlp-ner>"));
    }
}
