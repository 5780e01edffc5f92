package dev.camelsuite.app;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Base64;
import java.util.List;

import dev.camelsuite.enhancer.engines.tika.SampleDocuments;
import dev.camelsuite.enhancer.engines.tika.SampleImages;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

/**
 * Documents through the enhancer API: the default chain turns HTML, PDF and Word documents into text (its {@code tika}
 * engine) and enhances that text, with what the document says of itself; {@code /enhancer/engine/tika} converts alone.
 */
@QuarkusTest
class DocumentConversionApiTest {

    /** The header the application adds when a chain found no text. */
    private static final String WARNING = "Warning";
    static final List<String> PARAGRAPHS = List.of("Marie Curie worked in Paris.", "Albert Einstein lived in Berlin.");
    static final String ENTITY = "https://example.org/camelsuite/entity/";
    static final String TITLE = "<http://purl.org/dc/terms/title> \"Two lives\"";

    @Test
    void htmlPdfAndWordDocumentsAreEnhancedByTheirText() {
        send("text/html; charset=UTF-8", SampleDocuments.html("Two lives", "Ann Author", PARAGRAPHS));
        send("application/pdf", SampleDocuments.pdf("Two lives", "Ann Author", PARAGRAPHS));
        send("application/vnd.openxmlformats-officedocument.wordprocessingml.document",
                SampleDocuments.docx("Two lives", "Ann Author", PARAGRAPHS));
        // a document of no stated type is recognised by its bytes
        send("application/octet-stream", SampleDocuments.odt("Two lives", "Ann Author", PARAGRAPHS));
    }

    @Test
    void aDocumentSentAsItsBytesFindsItsEntitiesAndOneWithoutTextIsSaidSo() {
        byte[] pdf = SampleDocuments.pdf("Two lives", "Ann Author", PARAGRAPHS);
        // as curl --data-binary @file sends it: the entities, no warning
        given().contentType("application/pdf").accept("application/n-triples").body(pdf).when().post("/enhancer")
                .then().statusCode(200).header(WARNING, nullValue())
                .body(containsString("<" + ENTITY + "berlin>"));
        // as curl --data @file sends it: every line break dropped, nothing Tika can read; the answer says so
        byte[] mangled = new String(pdf, ISO_8859_1).replace("\r", "")
                .replace("\n", "").getBytes(ISO_8859_1);
        given().contentType("application/pdf").accept("application/n-triples").body(mangled).when().post("/enhancer")
                .then().statusCode(200)
                .header(WARNING, startsWith("299 - \"No text was found in the content"))
                .header(WARNING, containsString("--data-binary @file"))
                .body(not(containsString("<" + ENTITY + "berlin>")));
        // an image: no text either
        given().contentType("image/jpeg").accept("application/n-triples").body(SampleImages.jpeg("serbor")).when()
                .post("/enhancer").then().statusCode(200).header(WARNING, startsWith("299 - "));
    }

    private static void send(String type, byte[] document) {
        given().contentType(type).accept("application/n-triples").body(document).when().post("/enhancer").then()
                .statusCode(200)
                .body(containsString("<" + ENTITY + "marie-curie>"), containsString("<" + ENTITY + "berlin>"),
                        containsString(TITLE), containsString("<http://purl.org/dc/terms/creator> \"Ann Author\""),
                        // nothing found in the markup: the mentions are in the text
                        not(containsString("\"html\"")));
    }

    @Test
    void theTextOfADocumentAloneAsStanbolAnswersIt() {
        given().contentType("text/html").accept("text/plain").queryParam("omitMetadata", "true")
                .body(SampleDocuments.html("Two lives", "Ann Author", PARAGRAPHS)).when().post("/enhancer/engine/tika")
                .then().statusCode(200).contentType(startsWith("text/plain"))
                .body(containsString("Marie Curie worked in Paris."), not(containsString("<p>")),
                        not(containsString("document.write")));
        // the text part among the contents of a multipart answer, without the document itself
        given().contentType("application/pdf").accept("multipart/form-data").queryParam("outputContent", "text/plain")
                .queryParam("omitParsed", "true").body(SampleDocuments.pdf("Two lives", "Ann Author", PARAGRAPHS))
                .when().post("/enhancer").then().statusCode(200)
                .body(containsString("name=\"urn:tika:text:"), containsString("Albert Einstein lived in Berlin."),
                        not(containsString("_main\"")));
    }

    @Test
    void aDocumentSentWithoutItsTypeIsRecognisedByItsBytesAsStanbolsClientsSendIt() throws Exception {
        // as Stanbol's EngineEnhancementRequestTest sends a PDF: chunked, no Content-Type at all
        HttpResponse<String> answer = postWithoutType("/enhancer/engine/tika?omitMetadata=true", "text/plain",
                SampleDocuments.pdf("Two lives", "Ann Author", PARAGRAPHS));
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t)
                .startsWith("text/plain"));
        assertThat(answer.body()).contains("Marie Curie worked in Paris.").doesNotContain("%PDF");
        // text sent without a type is still text, and the chain finds its mentions
        answer = postWithoutType("/enhancer", "application/n-triples", "Marie Curie worked in Paris.".getBytes(UTF_8));
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.body()).contains("<" + ENTITY + "marie-curie>");
        // a document sent as application/octet-stream, as much as without a type, is told by its bytes
        given().contentType("application/octet-stream").accept("text/plain").queryParam("omitMetadata", "true")
                .body(SampleDocuments.docx("Two lives", "Ann Author", PARAGRAPHS)).when()
                .post("/enhancer/engine/tika").then().statusCode(200)
                .body(containsString("Albert Einstein lived in Berlin."));
    }

    @Test
    void aPhotosMetadataAsStanbolsTikaEngineWritesIt() throws Exception {
        // Stanbol's EngineEnhancementRequestTest.testTikaMetadata: a JPEG to the tika engine, no Content-Type
        HttpResponse<String> answer = postWithoutType("/enhancer/engine/tika", "text/rdf+nt",
                SampleImages.jpeg("serbor"));
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.body()).contains("<http://purl.org/dc/terms/format> \"image/jpeg\"",
                "<http://www.w3.org/ns/ma-ont#hasKeyword> \"serbor\"",
                "<http://www.semanticdesktop.org/ontologies/2007/05/10/nexif#isoSpeedRatings> \"400\"");
        // through the default chain too: the text engines decline an item without text, the chain completes
        given().contentType("image/jpeg").accept("application/n-triples").body(SampleImages.jpeg("serbor")).when()
                .post("/enhancer").then().statusCode(200)
                .body(containsString("<http://www.w3.org/2003/01/geo/wgs84_pos#lat> \"48.858"));
    }

    /** A body sent chunked with no Content-Type, which Java's client leaves out unless told. */
    private static HttpResponse<String> postWithoutType(String path, String accept, byte[] body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + RestAssured.port + path))
                .header("Accept", accept).header("Authorization", "Basic " + Base64.getEncoder()
                        .encodeToString((SignedIn.WRITER + ":" + SignedIn.WRITER_PASSWORD).getBytes(UTF_8)))
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body))).build();
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()
                .send(request, HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aBrokenDocumentIsRecordedAndTheChainGoesOn() {
        // tika is optional in the default chain, as in Stanbol's: a document it cannot read leaves no text
        given().contentType("application/pdf").accept("application/n-triples").queryParam("executionmetadata", "true")
                .body("%PDF-1.4 broken".getBytes()).when().post("/enhancer").then().statusCode(200)
                .body(containsString("The document could not be read as application/pdf"));
        // the engine alone is required: a 500 with its message
        given().contentType("application/pdf").body("%PDF-1.4 broken".getBytes()).when().post("/enhancer/engine/tika")
                .then().statusCode(500).body("detail", containsString("could not be read as application/pdf"));
    }
}
