package dev.camelsuite.app;

import java.util.regex.Pattern;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.startsWith;

/**
 * Every RDF media type of Stanbol, and its aliases, as {@code Accept} and as {@code rdfFormat}, on an enhancement and
 * on the enhancer's description; Stanbol's default; what a malformed {@code Accept} gets; JSON-LD in Stanbol's text.
 */
@QuarkusTest
class StanbolMediaTypesTest {

    static final String TEXT = "Angela Merkel travelled from Berlin to Paris.";
    static final String TA = "http://fise.iks-project.eu/ontology/TextAnnotation";

    @Test
    void enhancementsAreNamedAsStanbolNamesThem() {
        // urn:enhancement- and a UUID: Stanbol's DefaultChainTest looks for "<urn:enhancement.*…TextAnnotation>"
        given().contentType("text/plain").accept("text/rdf+nt").body(TEXT).when().post("/enhancer").then()
                .statusCode(200).body(matchesPattern("(?s).*<urn:enhancement-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-"
                        + "[0-9a-f]{4}-[0-9a-f]{12}> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <"
                        + Pattern.quote(TA) + "> \\..*"));
    }

    /** The type asked for, and a piece of text that only its serialization writes. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "application/ld+json   | \"@type\" : [ \"http://fise.iks-project.eu/ontology/Enhancement\"",
            "application/json      | \"@type\" : [ \"http://fise.iks-project.eu/ontology/Enhancement\"",
            "application/rdf+xml   | <rdf:RDF",
            "text/turtle           | @prefix fise: <http://fise.iks-project.eu/ontology/>",
            "application/x-turtle  | @prefix fise: <http://fise.iks-project.eu/ontology/>",
            "text/rdf+n3           | @prefix fise: <http://fise.iks-project.eu/ontology/>",
            "application/n-triples | <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <" + TA + "> .",
            "text/rdf+nt           | <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <" + TA + "> .",
            "application/rdf+json  | {\"value\":\"" + TA + "\",\"type\":\"uri\"}" })
    void everyTypeAsAcceptAndAsRdfFormat(String type, String written) {
        given().contentType("text/plain").accept(type).body(TEXT).when().post("/enhancer").then().statusCode(200)
                .contentType(startsWith(type + "; charset=UTF-8")).body(containsString(written));
        given().contentType("text/plain").accept("application/rdf+xml").queryParam("rdfFormat", type).body(TEXT)
                .when().post("/enhancer/chain/default").then().statusCode(200)
                .contentType(startsWith(type + "; charset=UTF-8")).body(containsString(written));
        given().accept(type).when().get("/enhancer").then().statusCode(200).contentType(startsWith(type));
    }

    @ParameterizedTest
    @ValueSource(strings = { "*/*", "text/plain", "application/octet-stream", "application/*" })
    void noAcceptOrAWildcardGetsJsonLdStanbolsDefault(String accept) {
        given().contentType("text/plain").accept(accept).body(TEXT).when().post("/enhancer").then().statusCode(200)
                .contentType(startsWith("application/ld+json; charset=UTF-8")).body(startsWith("[ {\n  \"@id\" : \""));
        Response none = given().contentType("text/plain").header("Accept", "").body(TEXT).when().post("/enhancer");
        assertThat(none.statusCode()).isEqualTo(200);
        assertThat(none.contentType()).startsWith("application/ld+json");
    }

    @Test
    void theMostWantedRdfTypeOfTheListWins() {
        given().contentType("text/plain").header("Accept", "text/html, text/turtle;q=0.5, application/rdf+xml;q=0.9")
                .body(TEXT).when().post("/enhancer").then().statusCode(200)
                .contentType(startsWith("application/rdf+xml"));
        given().contentType("text/plain").header("Accept", "application/rdf+xml;q=0, text/turtle").body(TEXT)
                .when().post("/enhancer").then().statusCode(200).contentType(startsWith("text/turtle"));
    }

    @Test
    void aWordIsATypeWithoutSubtypeAndNotRdfAMalformedTypeIsABadRequest() {
        // Stanbol's HTTP layer reads a bare word as word/*: no RDF serialization of that name
        given().contentType("text/plain").header("Accept", "INVALID_FORMAT").body(TEXT).when().post("/enhancer")
                .then().statusCode(406).body("detail", containsString("application/ld+json"));
        given().contentType("text/plain").header("Accept", "text/").body(TEXT).when().post("/enhancer").then()
                .statusCode(400).body("detail", containsString("Accept"));
        given().contentType("text/plain").header("Accept", "text/turtle;q=2").body(TEXT).when().post("/enhancer")
                .then().statusCode(400).body("detail", containsString("q must be a number from 0 to 1"));
        given().header("Accept", "text/").when().get("/enhancer/chain").then().statusCode(400);
        given().contentType("text/plain").queryParam("rdfFormat", "notAvalidMimeFormat").body(TEXT).when()
                .post("/enhancer").then().statusCode(400).body("detail", containsString("rdfFormat"));
    }

    @Test
    void jsonLdIsWrittenAsStanbolWritesIt() {
        String json = given().contentType("text/plain").accept("application/ld+json").body(TEXT).when()
                .post("/enhancer").then().statusCode(200).extract().asString();
        assertThat(json).startsWith("[ {\n  \"@id\" : \"urn:enhancement-").doesNotContain("@context")
                .contains("  \"http://purl.org/dc/terms/creator\" : [ {\n    \"@value\" : \"")
                .contains("\"@type\" : \"http://www.w3.org/2001/XMLSchema#double\"")
                .endsWith("} ]");
    }
}
