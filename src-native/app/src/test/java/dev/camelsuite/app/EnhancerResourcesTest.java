package dev.camelsuite.app;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

/**
 * The GET resources of Stanbol's enhancer — its description, each chain and engine, the execution plans — its old
 * {@code /engines} and SPARQL over its configuration.
 */
@QuarkusTest
class EnhancerResourcesTest {

    static final String ENHANCER = "http://stanbol.apache.org/ontology/enhancer/enhancer#";
    static final String EP = "http://stanbol.apache.org/ontology/enhancer/executionplan#";
    static final String TYPE = "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type> ";

    @Test
    void aChainIsDescribedWithItsPlanAndAnEngineByItsName() {
        given().accept("application/n-triples").when().get("/enhancer/chain/default").then().statusCode(200)
                .body(containsString("/enhancer/chain/default> " + TYPE + "<" + ENHANCER + "EnhancementChain>"),
                        containsString("<" + ENHANCER + "hasDefaultChain> <"),
                        containsString("<" + EP + "chain> \"default\""),
                        containsString("<" + EP + "engine> \"tokens\""));
        given().accept("application/n-triples").when().get("/enhancer/engine/langid").then().statusCode(200)
                .body(containsString("/enhancer/engine/langid> " + TYPE + "<" + ENHANCER + "EnhancementEngine>"),
                        containsString("<http://www.w3.org/2000/01/rdf-schema#label> \"langid\""),
                        not(containsString("/enhancer/engine/tokens>")));
        given().when().get("/enhancer/chain/no-such-chain").then().statusCode(404);
        given().when().get("/enhancer/engine/no-such-engine").then().statusCode(404);
        given().when().get("/enhancer/engine/no-such-engine/ep").then().statusCode(404);
    }

    @Test
    void theDefaultChainsPlanAndAnEnginesOwnChain() {
        given().accept("application/n-triples").when().get("/enhancer/ep").then().statusCode(200)
                .body(containsString("<" + EP + "chain> \"default\""), containsString("<" + EP + "engine> \"ner\""));
        // Stanbol runs one engine as the chain <engine>Chain of that engine alone, required
        given().accept("application/n-triples").when().get("/enhancer/engine/langid/ep").then().statusCode(200)
                .body(containsString("<" + EP + "chain> \"langidChain\""),
                        containsString("<" + EP + "engine> \"langid\""),
                        containsString("<" + EP + "optional> \"false\"^^<http://www.w3.org/2001/XMLSchema#boolean>"),
                        not(containsString("\"tokens\"")));
    }

    @Test
    void theOldEnginesEndpointEnhancesWithTheDefaultChain() {
        given().contentType("text/plain").accept("application/n-triples").body("Angela Merkel flew to Paris.")
                .queryParam("executionmetadata", "true").when().post("/engines").then().statusCode(200)
                .body(containsString("<https://example.org/camelsuite/entity/paris>"),
                        containsString("\"default\""));
        given().accept("text/turtle").when().get("/engines").then().statusCode(200)
                .contentType(startsWith("text/turtle")).body(containsString("enhancer:hasDefaultChain"));
    }

    @Test
    void sparqlOverTheConfigurationAsStanbolAnswersIt() {
        String chains = "SELECT ?chain WHERE { ?chain a <" + ENHANCER + "EnhancementChain> }";
        // a SELECT: SPARQL results in XML, Stanbol's answer
        given().queryParam("query", chains).when().get("/enhancer/sparql").then().statusCode(200)
                .contentType(startsWith("application/sparql-results+xml"))
                .body(containsString("<variable name='chain'/>"), containsString("/enhancer/chain/default</uri>"));
        // or in JSON when asked for; the same query posted as a form
        given().accept("application/sparql-results+json").contentType("application/x-www-form-urlencoded")
                .formParam("query", chains).when().post("/enhancer/sparql").then().statusCode(200)
                .contentType(startsWith("application/sparql-results+json"))
                .body(containsString("\"vars\""), containsString("/enhancer/chain/default\""));
        // a CONSTRUCT: RDF/XML unless another serialization is asked for
        String construct = "CONSTRUCT { ?e a <" + ENHANCER + "EnhancementEngine> } WHERE { ?e a <" + ENHANCER
                           + "EnhancementEngine> }";
        given().queryParam("query", construct).when().get("/enhancer/sparql").then().statusCode(200)
                .contentType(startsWith("application/rdf+xml")).body(containsString("/enhancer/engine/ner"));
        given().accept("text/turtle").queryParam("query", construct).when().get("/enhancer/sparql").then()
                .statusCode(200).contentType(startsWith("text/turtle"));
        // an ASK
        given().queryParam("query", "ASK { ?c <" + ENHANCER + "hasDefaultChain> ?d }").when().get("/enhancer/sparql")
                .then().statusCode(200).body(containsString("<boolean>true</boolean>"));
    }

    @Test
    void aQueryThatIsNoneOrReachesElsewhereIsRefused() {
        given().when().get("/enhancer/sparql").then().statusCode(400).body("detail", containsString("query"));
        given().queryParam("query", "SELECT ?x WHERE {").when().get("/enhancer/sparql").then().statusCode(400)
                .body("detail", containsString("Malformed SPARQL query"));
        given().queryParam("query", "SELECT * WHERE { SERVICE <http://127.0.0.1:1/sparql> { ?s ?p ?o } }").when()
                .get("/enhancer/sparql").then().statusCode(400).body("detail", containsString("SERVICE is not allowed"));
        given().queryParam("query", "INSERT DATA { <urn:a> <urn:b> <urn:c> }").when().get("/enhancer/sparql").then()
                .statusCode(400);
        given().queryParam("query", "SELECT * WHERE { ?s ?p ?o } #" + "x".repeat(10_000)).when()
                .get("/enhancer/sparql").then().statusCode(anyOf414Or400());
    }

    @Test
    void aMethodAResourceDoesNotTakeIsA405NamingThoseItTakes() {
        given().contentType("text/plain").body("x").when().put("/enhancer/chain/default").then().statusCode(405)
                .header("Allow", containsString("GET")).header("Allow", containsString("POST"))
                .body("detail", containsString("allowed: GET, HEAD, POST"));
        given().when().delete("/enhancer").then().statusCode(405).header("Allow", containsString("POST"));
    }

    /** A query too long for a URL is refused by the HTTP layer (414) or by the endpoint (400). */
    private static org.hamcrest.Matcher<Integer> anyOf414Or400() {
        return org.hamcrest.Matchers.anyOf(org.hamcrest.Matchers.is(400), org.hamcrest.Matchers.is(414));
    }
}
