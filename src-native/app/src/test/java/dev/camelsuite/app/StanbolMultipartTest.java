package dev.camelsuite.app;

import java.nio.charset.StandardCharsets;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

/**
 * Content items with parts, as Stanbol reads and writes them: a {@code multipart/form-data} upload (metadata, then the
 * content — one part or a {@code multipart/alternate} of versions —, then properties and other RDF parts) and the
 * answers {@code Accept}, {@code outputContent}, {@code omitParsed}, {@code outputContentPart} and
 * {@code omitMetadata} ask for.
 */
@QuarkusTest
class StanbolMultipartTest {

    static final String TEXT = "They flew from NYC to Paris.";
    static final String ENTITY = "https://example.org/camelsuite/entity/";
    static final String CHAIN_EXECUTION = "http://stanbol.apache.org/ontology/enhancer/executionmetadata#ChainExecution";

    /** A multipart body of parts, each its headers and content. */
    static final class Body {
        private final String boundary;
        private final StringBuilder text = new StringBuilder();

        Body(String boundary) {
            this.boundary = boundary;
        }

        Body part(String disposition, String type, String content) {
            text.append("--").append(boundary).append("\r\n")
                    .append("Content-Disposition: form-data; ").append(disposition).append("\r\n")
                    .append("Content-Type: ").append(type).append("\r\n\r\n").append(content).append("\r\n");
            return this;
        }

        String end() {
            return text + "--" + boundary + "--\r\n";
        }

        String type() {
            return "multipart/form-data; boundary=" + boundary;
        }
    }

    @Test
    void aMultipartAnswerIsWrittenAsStanbolWritesIt() {
        String answer = given().contentType("text/plain").accept("multipart/form-data").body(TEXT)
                .queryParam("uri", "urn:test:parts").queryParam("outputContent", "*/*")
                .queryParam("outputContentPart", CHAIN_EXECUTION).when().post("/enhancer").then().statusCode(200)
                .contentType(startsWith("multipart/form-data; charset=UTF-8; boundary=contentItem-"))
                .extract().asString();
        assertThat(answer)
                .contains("Content-Disposition: form-data; name=\"metadata\"; filename=\"urn:test:parts\"\r\n"
                          + "Content-Type: application/ld+json; charset=UTF-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n[ {")
                .contains("Content-Disposition: form-data; name=\"content\"\r\nContent-Type: multipart/alternate;"
                          + " boundary=contentParts-")
                .contains("Content-Disposition: form-data; name=\"urn:test:parts_main\"\r\n"
                          + "Content-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: binary\r\n\r\n"
                          + TEXT + "\r\n")
                .contains("Content-Disposition: form-data; name=\"" + CHAIN_EXECUTION + "\"")
                .contains(CHAIN_EXECUTION.replace("ChainExecution", "EngineExecution"))
                .containsPattern("--contentItem-[-0-9a-f]+--\r\n$");
    }

    @Test
    void withoutAMultipartAcceptTheOutputParametersAreLeftAsideAsStanbolDoes() {
        given().contentType("text/plain").accept("*/*").body(TEXT).queryParam("outputContent", "text/plain").when()
                .post("/enhancer").then().statusCode(200).contentType(startsWith("application/ld+json"))
                .body(startsWith("[ {"));
        // the content alone, in the type Accept asks for
        given().contentType("text/plain").accept("text/plain").body(TEXT).queryParam("omitMetadata", "true").when()
                .post("/enhancer").then().statusCode(200).body(equalTo(TEXT));
        given().contentType("text/plain").accept("application/pdf").body(TEXT).queryParam("omitMetadata", "true")
                .when().post("/enhancer").then().statusCode(415).body("detail", containsString("application/pdf"));
    }

    @Test
    void anUploadedItemKeepsItsMetadataAndIdAndIsEnhanced() {
        Body body = new Body("upload-1")
                .part("name=\"metadata\"; filename=\"urn:test:uploaded\"", "text/turtle",
                        "<urn:test:uploaded> <http://purl.org/dc/terms/title> \"A trip\" .")
                .part("name=\"content\"", "text/plain; charset=UTF-8", TEXT);
        given().contentType(body.type()).accept("application/n-triples").body(body.end().getBytes(StandardCharsets.UTF_8))
                .when().post("/enhancer").then().statusCode(200)
                .body(containsString("<urn:test:uploaded> <http://purl.org/dc/terms/title> \"A trip\" ."),
                        containsString("<http://fise.iks-project.eu/ontology/extracted-from> <urn:test:uploaded>"),
                        containsString("<" + ENTITY + "paris>"));
    }

    @Test
    void versionsOfTheContentTheTextEnginesReadThePlainText() {
        String versions = new Body("versions")
                .part("name=\"http://example.org/trip.html\"", "text/html; charset=UTF-8",
                        "<html><body><p>" + TEXT + "</p></body></html>")
                .part("name=\"http://example.org/trip.txt\"", "text/plain; charset=UTF-8", TEXT).end();
        Body body = new Body("upload-2").part("name=\"content\"", "multipart/alternate; boundary=versions", versions);
        String answer = given().contentType(body.type()).accept("multipart/form-data")
                .queryParam("uri", "urn:test:versions").queryParam("outputContent", "*/*")
                .queryParam("rdfFormat", "application/n-triples").body(body.end().getBytes(StandardCharsets.UTF_8))
                .when().post("/enhancer").then().statusCode(200).extract().asString();
        assertThat(answer).contains("<" + ENTITY + "paris>")
                .contains("name=\"urn:test:versions_main\"\r\nContent-Type: text/html; charset=UTF-8")
                .contains("name=\"http://example.org/trip.txt\"\r\nContent-Type: text/plain; charset=UTF-8");
        // omitParsed: the versions the request carried stay out
        given().contentType(body.type()).accept("multipart/form-data").queryParam("outputContent", "*/*")
                .queryParam("omitParsed", "true").body(body.end().getBytes(StandardCharsets.UTF_8)).when()
                .post("/enhancer").then().statusCode(200)
                .body(not(containsString("name=\"content\"")), not(containsString("trip.txt")));
    }

    @Test
    void propertiesAndOtherPartsComeAfterTheContent() {
        Body body = new Body("upload-3")
                .part("name=\"content\"", "text/plain", TEXT)
                .part("name=\"properties\"", "application/json", "{\"enhancer.min-confidence\": \"0.95\"}")
                .part("name=\"urn:test:notes\"", "application/n-triples",
                        "<urn:test:a> <urn:test:says> \"hello\" .");
        given().contentType(body.type()).accept("multipart/form-data")
                .queryParam("outputContentPart", "urn:test:notes")
                .queryParam("outputContentPart", "urn:apache.org:stanbol.enhancer:request.properties")
                .queryParam("rdfFormat", "application/n-triples").body(body.end().getBytes(StandardCharsets.UTF_8))
                .when().post("/enhancer").then().statusCode(200)
                .body(containsString("<" + ENTITY + "paris>"), not(containsString("<" + ENTITY + "new-york-city>")),
                        containsString("name=\"urn:test:notes\""), containsString("<urn:test:a> <urn:test:says> \"hello\""),
                        containsString("\"enhancer.min-confidence\" : [ \"0.95\" ]"));
    }

    @Test
    void stanbolsRulesOfAnUploadEachA400() {
        Body contentFirst = new Body("b").part("name=\"content\"", "text/plain", TEXT)
                .part("name=\"metadata\"", "text/turtle", "<urn:a> <urn:b> <urn:c> .");
        refused(contentFirst, "'metadata' MUST BE before");
        refused(new Body("b").part("name=\"metadata\"", "text/turtle", "<urn:a> <urn:b> <urn:c> ."),
                "does not contain any content");
        refused(new Body("b").part("name=\"properties\"", "application/json", "{}")
                .part("name=\"content\"", "text/plain", TEXT), "Request Properties MUST BE after");
        refused(new Body("b").part("name=\"urn:x\"", "text/turtle", "<urn:a> <urn:b> <urn:c> .")
                .part("name=\"content\"", "text/plain", TEXT), "additional contentParts MUST BE after");
        refused(new Body("b").part("name=\"metadata\"", "text/turtle", "this is not turtle")
                .part("name=\"content\"", "text/plain", TEXT), "Unable to parse");
        refused(new Body("b").part("name=\"content\"", "text/plain", TEXT)
                .part("name=\"properties\"", "application/json", "[1, 2]"), "JSON object");
        given().contentType("multipart/form-data").body("no boundary at all".getBytes(StandardCharsets.UTF_8)).when()
                .post("/enhancer").then()
                .statusCode(400).body("detail", containsString("boundary"));
        given().contentType("multipart/form-data; boundary=x")
                .body("--x\r\nContent-Type: text/plain\r\n\r\nnever ends".getBytes(StandardCharsets.UTF_8))
                .when().post("/enhancer").then().statusCode(400).body("detail", containsString("closing boundary"));
    }

    private static void refused(Body body, String detail) {
        given().contentType(body.type()).body(body.end().getBytes(StandardCharsets.UTF_8)).when().post("/enhancer")
                .then().statusCode(400).body("detail", containsString(detail));
    }
}
