package dev.camelsuite.app;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import dev.camelsuite.enhancer.engines.tika.SampleDocuments;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.config.EncoderConfig;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

/**
 * What an enhance request answers for a converted document — a PDF or Word document the {@code tika} engine turns into
 * a {@code text/plain} part {@code urn:tika:text:<uuid>} — for each combination of {@code Accept},
 * {@code omitMetadata}, {@code outputContent}, {@code omitParsed} and {@code rdfFormat} Stanbol's content item writer
 * reads, answered as Stanbol answers it (or as docs/quarkus-app.adoc, "Differences from Stanbol", says).
 */
@QuarkusTest
class ConvertedDocumentAnswersTest {

    static final List<String> PARAGRAPHS = List.of("Marie Curie worked in Paris.", "Albert Einstein lived in Berlin.");
    static final byte[] PDF = SampleDocuments.pdf("Two lives", "Ann Author", PARAGRAPHS);
    static final String DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
    static final String TIKA = "/enhancer/engine/tika";

    /** A request whose Content-Type is sent as given, without the charset RestAssured would add. */
    private static RequestSpecification given() {
        return RestAssured.given().config(RestAssured.config().encoderConfig(
                EncoderConfig.encoderConfig().appendDefaultContentCharsetToContentTypeIfUndefined(false)));
    }

    private static RequestSpecification pdf(String accept) {
        return given().contentType("application/pdf").accept(accept).queryParam("uri", "urn:test:pdf").body(PDF);
    }

    private static ValidatableResponse post(RequestSpecification request) {
        return request.when().post(TIKA).then();
    }

    @Test
    void theExtractedTextAloneForTextPlainAndOmitMetadata() {
        post(pdf("text/plain").queryParam("omitMetadata", "true")).statusCode(200)
                .contentType(equalTo("text/plain; charset=UTF-8"))
                .body(containsString(PARAGRAPHS.get(0)), containsString(PARAGRAPHS.get(1)), not(containsString("%PDF")));
        // a Word document through the default chain, as Stanbol's ContentTranformationTest asks for an HTML one's text
        given().contentType(DOCX_TYPE).accept("text/plain").queryParam("omitMetadata", "true")
                .body(SampleDocuments.docx("Two lives", "Ann Author", PARAGRAPHS)).when().post("/enhancer").then()
                .statusCode(200).contentType(startsWith("text/plain"))
                .body(containsString(PARAGRAPHS.get(1)), not(containsString("word/document.xml")));
    }

    @Test
    void theOriginalBytesForItsOwnTypeAndOmitMetadata() {
        byte[] answer = post(pdf("application/pdf").queryParam("omitMetadata", "true")).statusCode(200)
                .contentType(startsWith("application/pdf")).extract().asByteArray();
        assertThat(answer).isEqualTo(PDF);
    }

    @Test
    void aTypeTheItemHasNoVersionInIsA415WithOmitMetadata() {
        // Stanbol's tika engine writes an XHTML version (application/xhtml+xml), this one none (a documented difference)
        for (String type : List.of("text/html", "application/xhtml+xml", "text/turtle", "image/png")) {
            post(pdf(type).queryParam("omitMetadata", "true")).statusCode(415).body("detail", containsString(type));
        }
    }

    @Test
    void theTextInTheCharsetAcceptNames() {
        List<String> accented = List.of("Marie Curie worked in Zürich.");
        byte[] docx = SampleDocuments.docx("Zürich", "Ann Author", accented);
        byte[] latin1 = given().contentType(DOCX_TYPE).accept("text/plain; charset=ISO-8859-1")
                .queryParam("omitMetadata", "true").body(docx).when().post(TIKA).then().statusCode(200)
                .contentType(equalTo("text/plain; charset=ISO-8859-1")).extract().asByteArray();
        assertThat(new String(latin1, StandardCharsets.ISO_8859_1)).contains(accented.get(0));
        assertThat(latin1).doesNotContain("ü".getBytes(StandardCharsets.UTF_8));
        byte[] utf8 = given().contentType(DOCX_TYPE).accept("text/plain; charset=UTF-8")
                .queryParam("omitMetadata", "true").body(docx).when().post(TIKA).then().statusCode(200)
                .contentType(equalTo("text/plain; charset=UTF-8")).extract().asByteArray();
        assertThat(new String(utf8, StandardCharsets.UTF_8)).contains(accented.get(0));
        // a charset this server cannot write
        given().contentType(DOCX_TYPE).accept("text/plain; charset=no-such-charset")
                .queryParam("omitMetadata", "true").body(docx).when().post(TIKA).then().statusCode(406)
                .body("detail", containsString("no-such-charset"));
    }

    @Test
    void withoutOmitMetadataANonMultipartAcceptAnswersTheEnhancements() {
        // Stanbol's testDefaultContentTypes: text/plain and application/octet-stream are JSON-LD, outputContent aside
        for (String type : List.of("text/plain", "application/octet-stream", "*/*")) {
            post(pdf(type).queryParam("outputContent", "text/plain")).statusCode(200)
                    .contentType(startsWith("application/ld+json"))
                    .body(startsWith("[ {"), containsString("\"@id\" : \"urn:test:pdf\""),
                            not(containsString("urn:tika:text:")));
        }
        post(pdf("application/n-triples")).statusCode(200).contentType(startsWith("application/n-triples"))
                .body(containsString("<urn:test:pdf> <http://purl.org/dc/terms/title> \"Two lives\""));
        // the document's own type is no RDF serialization
        post(pdf("application/pdf")).statusCode(406);
        // a bad outputContent is left aside where no multipart answer reads it, as Stanbol leaves it
        post(pdf("text/plain").queryParam("outputContent", "notAvalidMimeFormat")).statusCode(200)
                .contentType(startsWith("application/ld+json"));
        post(pdf("multipart/form-data").queryParam("outputContent", "notAvalidMimeFormat")).statusCode(400)
                .body("detail", containsString("outputContent"));
    }

    @Test
    void theMetadataAndTheTextForOutputContentTextPlain() {
        for (boolean omitParsed : new boolean[] {false, true}) {
            String answer = post(pdf("multipart/form-data").queryParam("outputContent", "text/plain")
                    .queryParam("omitParsed", omitParsed)).statusCode(200)
                    .contentType(startsWith("multipart/form-data; charset=UTF-8; boundary=contentItem-"))
                    .extract().asString();
            assertThat(answer)
                    .contains("Content-Disposition: form-data; name=\"metadata\"; filename=\"urn:test:pdf\"\r\n"
                              + "Content-Type: application/ld+json; charset=UTF-8")
                    .contains("Content-Disposition: form-data; name=\"content\"\r\n"
                              + "Content-Type: multipart/alternate; boundary=contentParts-")
                    .containsPattern("Content-Disposition: form-data; name=\"urn:tika:text:[-0-9a-f]+\"\r\n"
                                     + "Content-Type: text/plain; charset=UTF-8\r\n")
                    .contains(PARAGRAPHS).doesNotContain("urn:test:pdf_main").doesNotContain("%PDF")
                    .containsPattern("--contentParts-[-0-9a-f]+--\r\n").containsPattern("--contentItem-[-0-9a-f]+--\r\n$");
        }
    }

    @Test
    void everyVersionForOutputContentAll() {
        for (String all : List.of("*/*", "*")) {
            byte[] answer = post(pdf("multipart/form-data").queryParam("outputContent", all)
                    .queryParam("rdfFormat", "text/rdf+nt")).statusCode(200).extract().asByteArray();
            String text = new String(answer, StandardCharsets.ISO_8859_1);
            assertThat(text).contains("name=\"metadata\"; filename=\"urn:test:pdf\"\r\nContent-Type: text/rdf+nt")
                    .contains("<urn:test:pdf> <http://purl.org/dc/terms/title> \"Two lives\"")
                    .contains("Content-Disposition: form-data; name=\"urn:test:pdf_main\"\r\n"
                              + "Content-Type: application/pdf\r\nContent-Transfer-Encoding: binary\r\n\r\n")
                    .containsPattern("name=\"urn:tika:text:[-0-9a-f]+\"\r\nContent-Type: text/plain; charset=UTF-8")
                    .contains(PARAGRAPHS);
            // the document as it came, byte for byte, first among the versions
            assertThat(indexOf(answer, PDF)).isPositive().isLessThan(text.indexOf("name=\"urn:tika:text:"));
        }
        // omitParsed: only the text the engine extracted
        post(pdf("multipart/form-data").queryParam("outputContent", "*/*").queryParam("omitParsed", "true"))
                .statusCode(200).body(containsString("name=\"metadata\""), containsString("name=\"urn:tika:text:"),
                        containsString(PARAGRAPHS.get(0)), not(containsString("_main\"")), not(containsString("%PDF")));
        // text/*: the text alone too
        post(pdf("multipart/form-data").queryParam("outputContent", "text/*")).statusCode(200)
                .body(containsString("name=\"urn:tika:text:"), not(containsString("_main\"")));
    }

    @Test
    void theDocumentAloneForItsTypeAndNoContentPartWhenNoneIsLeft() {
        byte[] answer = post(pdf("multipart/form-data").queryParam("outputContent", "application/pdf"))
                .statusCode(200).extract().asByteArray();
        String text = new String(answer, StandardCharsets.ISO_8859_1);
        assertThat(text).contains("name=\"metadata\"", "name=\"urn:test:pdf_main\"").doesNotContain("urn:tika:text:");
        assertThat(indexOf(answer, PDF)).isPositive();
        // the only version asked for was the one sent: no part content at all, as Stanbol leaves it out
        post(pdf("multipart/form-data").queryParam("outputContent", "application/pdf").queryParam("omitParsed", "true"))
                .statusCode(200).body(containsString("name=\"metadata\""), not(containsString("name=\"content\"")));
        post(pdf("multipart/form-data").queryParam("outputContent", "image/*")).statusCode(200)
                .body(containsString("name=\"metadata\""), not(containsString("name=\"content\"")));
        // no outputContent: the metadata alone
        post(pdf("multipart/form-data")).statusCode(200)
                .body(containsString("name=\"metadata\""), not(containsString("name=\"content\"")),
                        not(containsString("urn:tika:text:")));
    }

    @Test
    void omitMetadataInAMultipartAnswerLeavesTheContentsOnly() {
        post(pdf("multipart/form-data").queryParam("outputContent", "text/plain").queryParam("omitMetadata", "true"))
                .statusCode(200).contentType(startsWith("multipart/form-data; charset=UTF-8; boundary=contentItem-"))
                .body(not(containsString("name=\"metadata\"")), not(containsString("\"@id\"")),
                        containsString("name=\"content\""), containsString("name=\"urn:tika:text:"),
                        containsString(PARAGRAPHS.get(1)));
        // nothing asked for: a multipart of no part, as Stanbol writes it
        String answer = post(pdf("multipart/form-data").queryParam("omitMetadata", "true")).statusCode(200)
                .extract().asString();
        assertThat(answer).doesNotContain("Content-Disposition").containsPattern("^--contentItem-[-0-9a-f]+--\r\n$");
    }

    @Test
    void aWildcardAcceptWithOmitMetadataAnswersTheDocumentAsItCame() {
        // Stanbol looks for a version of type application/octet-stream here and answers 415 (a documented difference)
        byte[] answer = post(pdf("*/*").queryParam("omitMetadata", "true")).statusCode(200)
                .contentType(startsWith("application/pdf")).extract().asByteArray();
        assertThat(answer).isEqualTo(PDF);
    }

    @Test
    void rdfFormatNamesTheSerializationOfEveryAnswerOfRdf() {
        // Stanbol reads rdfFormat for multipart answers only; here it also wins over Accept (a documented difference)
        post(pdf("text/turtle").queryParam("rdfFormat", "application/n-triples")).statusCode(200)
                .contentType(startsWith("application/n-triples"))
                .body(containsString("<urn:test:pdf> <http://purl.org/dc/terms/title> \"Two lives\" ."));
        // an rdfFormat that is no RDF serialization: a 400, as Stanbol refuses one that is no media type
        post(pdf("multipart/form-data").queryParam("outputContent", "*/*").queryParam("rdfFormat", "notAvalidMimeFormat"))
                .statusCode(400).body("detail", containsString("rdfFormat"));
    }

    /** Where a sequence of bytes begins in another, or -1. */
    private static int indexOf(byte[] in, byte[] sought) {
        for (int i = 0; i + sought.length <= in.length; i++) {
            if (Arrays.equals(in, i, i + sought.length, sought, 0, sought.length)) {
                return i;
            }
        }
        return -1;
    }
}
