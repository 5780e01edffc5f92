package dev.camelsuite.app;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

/** The Stanbol-compatible enhancer API: every route, its parameters and its error codes. */
@QuarkusTest
class EnhancerApiTest {

    static final String FISE = "http://fise.iks-project.eu/ontology/";
    static final String ENGLISH = "Angela Merkel travelled from Berlin to Paris. She met the mayor there.";

    @Test
    void theDefaultChainEnhancesAsStanbolWrites() {
        given().contentType("text/plain").accept("application/n-triples").body(ENGLISH)
                .when().post("/enhancer").then().statusCode(200)
                .contentType(startsWith("application/n-triples"))
                .body(containsString(FISE + "TextAnnotation"), containsString(FISE + "EntityAnnotation"),
                        // the language, as Stanbol states it
                        containsString("<http://purl.org/dc/terms/language> \"en\""),
                        containsString("<http://purl.org/dc/terms/LinguisticSystem>"),
                        // an entity of the sample vocabulary, linked to its mention
                        containsString("<https://example.org/camelsuite/entity/paris>"),
                        containsString(FISE + "selected-text> \"Paris\"@en"),
                        // the content item's id, Stanbol's default
                        containsString("<urn:content-item-sha1-"),
                        // no execution metadata unless asked for
                        not(containsString("ChainExecution")));
    }

    @Test
    void executionMetadataAndAChosenUriOnRequest() {
        given().contentType("text/plain").accept("application/n-triples").body(ENGLISH)
                .queryParam("executionmetadata", "true").queryParam("uri", "urn:test:doc-1")
                .when().post("/enhancer/chain/default").then().statusCode(200)
                .body(containsString("http://stanbol.apache.org/ontology/enhancer/executionmetadata#ChainExecution"),
                        containsString("http://stanbol.apache.org/ontology/enhancer/executionplan#ExecutionPlan"),
                        containsString("<urn:test:doc-1>"),
                        not(containsString("urn:content-item-sha1-")));
    }

    @Test
    void acceptPicksTheSerialization() {
        given().contentType("text/plain").accept("application/ld+json").body(ENGLISH).when().post("/enhancer")
                .then().statusCode(200).contentType(startsWith("application/ld+json")).body(containsString("\"@id\""));
        // labelled with the type asked for, as Stanbol labels it
        given().contentType("text/plain").accept("application/json").body(ENGLISH).when().post("/enhancer")
                .then().statusCode(200).contentType(startsWith("application/json")).body(containsString("\"@id\" : "));
        given().contentType("text/plain").accept("application/n-triples").body(ENGLISH).when().post("/enhancer")
                .then().statusCode(200).contentType(startsWith("application/n-triples"))
                .body(containsString(" <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <" + FISE + "TextAnnotation> ."));
        // a wildcard gets Stanbol's default, JSON-LD
        given().contentType("text/plain").accept("*/*").body(ENGLISH).when().post("/enhancer")
                .then().statusCode(200).contentType(startsWith("application/ld+json")).body(startsWith("[ {"));
        // rdfFormat wins over Accept
        given().contentType("text/plain").accept("application/ld+json").queryParam("rdfFormat", "text/turtle")
                .body(ENGLISH).when().post("/enhancer").then().statusCode(200).contentType(startsWith("text/turtle"));
    }

    @Test
    void contentLanguageWinsWithFullConfidence() {
        given().contentType("text/plain").header("Content-Language", "fr").accept("application/n-triples")
                .body("Bonjour. Paris est belle.").when().post("/enhancer").then().statusCode(200)
                .body(containsString("<http://purl.org/dc/terms/language> \"fr\""),
                        containsString("<http://purl.org/dc/terms/creator> \"Content-Language\""));
    }

    @Test
    void aChainFromApplicationProperties() {
        given().accept("application/n-triples").when().get("/enhancer/chain").then().statusCode(200)
                .body(containsString("/enhancer/chain/language>"));
        given().contentType("text/plain").accept("application/n-triples")
                .body("Le gouvernement a présenté aujourd'hui son nouveau budget à Paris.")
                .when().post("/enhancer/chain/language").then().statusCode(200)
                .body(containsString("<http://purl.org/dc/terms/language> \"fr\""),
                        not(containsString("EntityAnnotation")));
        // Stanbol's language chain starts with tika: a web page's text, as Stanbol's ContentTranformationTest asks
        given().contentType("text/html").accept("text/plain")
                .body("<html><head><title>Le budget</title></head><body><p>Le gouvernement a présenté son budget.</p></body></html>")
                .when().post("/enhancer/chain/language?omitMetadata=true").then().statusCode(200)
                .contentType(startsWith("text/plain"))
                .body(containsString("Le gouvernement a présenté son budget."), not(containsString("<p>")));
    }

    @Test
    void oneEngineAlone() {
        given().contentType("text/plain").accept("application/n-triples")
                .body("Die Bundesregierung hat heute in Berlin einen neuen Haushalt beschlossen.")
                .when().post("/enhancer/engine/langid").then().statusCode(200)
                .body(containsString("<http://purl.org/dc/terms/language> \"de\""),
                        not(containsString("EntityAnnotation")));
        given().contentType("text/plain").body(ENGLISH).when().post("/enhancer/engine/no-such-engine").then()
                .statusCode(404);
    }

    @Test
    void aFailedRequiredEngineIs500WithStanbolsMessage() {
        given().contentType("text/plain").body(ENGLISH).when().post("/enhancer/engine/failing").then().statusCode(500)
                .contentType(startsWith("application/problem+json"))
                .body("detail", equalTo("Enhancement Chain failed because of required Engine 'failing' failed with"
                                        + " Message: This engine always fails"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Hello", "Hello Paris", "Angela Merkel met Emmanuel Macron in Paris.", "ok", "42", "!!!",
                            "El gobierno de España aprobó hoy los nuevos presupuestos generales.",
                            "Rząd przedstawił dziś w Warszawie nowy budżet państwa na przyszły rok.",
                            "政府は今日、東京で新しい予算を発表した。"})
    void anyTextGetsAnAnswer(String text) {
        // a text of a few words is taken to be in the default language; an engine without a model for the text's
        // language declines it, saying why, and the chain goes on
        given().contentType("text/plain; charset=UTF-8").accept("application/n-triples").body(text)
                .queryParam("executionmetadata", "true").when().post("/enhancer").then().statusCode(200)
                .body(containsString("<http://purl.org/dc/terms/language>"),
                        containsString("executionmetadata#StatusCompleted"),
                        not(containsString("executionmetadata#StatusFailed")));
    }

    @Test
    void aShortTextIsTakenToBeInTheDefaultLanguageAndAModellessOneIsDeclined() {
        given().contentType("text/plain").accept("application/n-triples")
                .body("Angela Merkel met Emmanuel Macron in Paris.").when().post("/enhancer").then().statusCode(200)
                .body(containsString("<http://purl.org/dc/terms/language> \"en\""),
                        containsString("<https://example.org/camelsuite/entity/paris>"));
        given().contentType("text/plain").accept("application/n-triples").queryParam("executionmetadata", "true")
                .body("El gobierno de España aprobó hoy los nuevos presupuestos generales en Madrid.")
                .when().post("/enhancer").then().statusCode(200)
                .body(containsString("<http://purl.org/dc/terms/language> \"es\""),
                        containsString("\"cannot enhance: no sentence model for language 'es' (engine 'sentences' has"
                                       + " de, en, fr)\""),
                        containsString("\"cannot enhance: no tokenizer model for language 'es'"));
    }

    @Test
    void contentBackBesideTheMetadataOrAlone() {
        given().contentType("text/plain").accept("multipart/form-data").body(ENGLISH)
                .queryParam("outputContent", "text/plain").queryParam("rdfFormat", "application/n-triples").when()
                .post("/enhancer").then().statusCode(200)
                .contentType(startsWith("multipart/form-data; charset=UTF-8; boundary=contentItem-"))
                .body(containsString("Content-Disposition: form-data; name=\"metadata\"; filename=\"urn:content-item-sha1-"),
                        containsString("Content-Disposition: form-data; name=\"content\""),
                        containsString(FISE + "TextAnnotation"), containsString(ENGLISH));
        given().contentType("text/plain").accept("text/plain").body(ENGLISH).queryParam("omitMetadata", "true")
                .when().post("/enhancer").then().statusCode(200).contentType(startsWith("text/plain"))
                .body(equalTo(ENGLISH));
    }

    @Test
    void theNlpAnalysisAsNifOnRequest() {
        String nif = "http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#";
        given().contentType("text/plain").accept("multipart/form-data").body(ENGLISH).queryParam("uri", "urn:test:nif")
                .queryParam("outputContentPart", "urn:stanbol.enhancer:nlp.analysedText")
                .queryParam("rdfFormat", "application/n-triples").when().post("/enhancer").then().statusCode(200)
                .contentType(startsWith("multipart/form-data; charset=UTF-8; boundary="))
                .body(containsString("Content-Disposition: form-data; name=\"metadata\""),
                        containsString("Content-Disposition: form-data; name=\"urn:stanbol.enhancer:nlp.analysedText\""),
                        containsString("<urn:test:nif#char=0,70> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <"
                                       + nif + "Context>"),
                        containsString("<urn:test:nif#char=0,45> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <"
                                       + nif + "Sentence>"),
                        containsString("<urn:test:nif#char=0,6> <" + nif + "sentence> <urn:test:nif#char=0,45>"),
                        containsString("<urn:test:nif#char=39,44> <http://www.w3.org/2005/11/its/rdf#taIdentRef>"
                                       + " <https://example.org/camelsuite/entity/paris>"),
                        containsString("<" + nif + "predLang> <http://lexvo.org/id/iso639-1/en>"));
        // the analysis alone
        given().contentType("text/plain").accept("multipart/form-data").body(ENGLISH)
                .queryParam("outputContentPart", "urn:stanbol.enhancer:nlp.analysedText")
                .queryParam("omitMetadata", "true").when().post("/enhancer").then().statusCode(200)
                .body(containsString(nif + "Word"), not(containsString("name=\"metadata\"")));
        // a part the item does not have is left out, as Stanbol leaves it out
        given().contentType("text/plain").accept("multipart/form-data").body(ENGLISH)
                .queryParam("outputContentPart", "urn:no-such-part").when().post("/enhancer").then().statusCode(200)
                .body(not(containsString("urn:no-such-part")), containsString("name=\"metadata\""));
    }

    @Test
    void badRequestsAreRefusedNamingWhatIsWrong() {
        given().contentType("text/plain").body(ENGLISH).when().post("/enhancer/chain/no-such-chain").then()
                .statusCode(404);
        given().contentType("text/plain").body(ENGLISH).queryParam("rdfFormat", "text/csv").when().post("/enhancer")
                .then().statusCode(400);
        given().contentType("text/plain").body(ENGLISH).queryParam("executionmetadata", "yes").when()
                .post("/enhancer").then().statusCode(400);
        given().contentType("text/plain").accept("text/html").body(ENGLISH).queryParam("omitMetadata", "true").when()
                .post("/enhancer").then().statusCode(415);
        given().contentType("text/plain").body("").when().post("/enhancer").then().statusCode(400);
        given().contentType("text/plain").accept("image/png").body(ENGLISH).when().post("/enhancer").then()
                .statusCode(406);
    }

    @Test
    void theEnhancerItsChainsEnginesAndPlans() {
        String enhancer = "http://stanbol.apache.org/ontology/enhancer/enhancer#";
        given().accept("application/n-triples").when().get("/enhancer").then().statusCode(200)
                .body(containsString(enhancer + "Enhancer"), containsString(enhancer + "hasDefaultChain"),
                        containsString("/enhancer/chain/default>"), containsString("/enhancer/engine/langid>"),
                        containsString("/enhancer/engine/ner>"));
        given().accept("application/n-triples").when().get("/enhancer/chain").then().statusCode(200)
                .body(containsString("/enhancer/chain/default>"), not(containsString("/enhancer/engine/")));
        given().accept("application/n-triples").when().get("/enhancer/engine").then().statusCode(200)
                .body(containsString("/enhancer/engine/sentences>"), not(containsString("/enhancer/chain/")));
        given().accept("application/ld+json").when().get("/enhancer/chain/default/ep").then().statusCode(200)
                .contentType(startsWith("application/ld+json"))
                .body(containsString("http://stanbol.apache.org/ontology/enhancer/executionplan#ExecutionNode"),
                        containsString("\"ner\""), containsString("\"tokens\""));
        given().when().get("/enhancer/chain/no-such-chain/ep").then().statusCode(404);
    }
}
