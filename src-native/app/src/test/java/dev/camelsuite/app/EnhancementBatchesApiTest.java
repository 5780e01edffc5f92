package dev.camelsuite.app;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.rdf.EnhancementRdf;
import dev.camelsuite.enhancer.rdf.RdfFormat;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.apache.camel.CamelContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;

/**
 * Batches: many documents in one request (NDJSON lines, or the parts of a multipart form), one job each, with progress
 * and their results as NDJSON; nothing stored of a batch that breaks a rule; cancelled and deleted as a whole; a
 * batch is its submitter's.
 */
@QuarkusTest
class EnhancementBatchesApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    CamelContext camelContext;

    @Inject
    PatientEngine patient;

    @BeforeEach
    void patientChain() {
        EnhancerComponent enhancer = camelContext.getComponent("enhancer", EnhancerComponent.class);
        if (!enhancer.getChainNames().contains("patient")) {
            enhancer.addChain(Chain.list("patient", PatientEngine.NAME));
        }
        patient.reset();
    }

    static byte[] ndjson(int documents) {
        return lines(documents).getBytes(StandardCharsets.UTF_8);
    }

    static String lines(int documents) {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < documents; i++) {
            lines.append("{\"id\": \"doc-").append(i).append("\", \"text\": \"").append(EnhancementJobsApiTest.TEXT)
                    .append(" Number ").append(i).append(".\"}\n");
        }
        return lines.toString();
    }

    @Test
    void aThousandDocumentsAreOneRequestAndOnePollLoop() throws Exception {
        Response accepted = given().contentType("application/x-ndjson").accept("application/ld+json")
                .body(ndjson(1000)).when().post("/enhancer/batches");
        accepted.then().statusCode(202).header("Location", matchesPattern(".*/enhancer/batches/[0-9a-f-]{36}"))
                .body("total", equalTo(1000)).body("state", equalTo("running"));
        String batch = accepted.header("Location");
        awaitFinished(batch, Duration.ofSeconds(120)).then().body("done", equalTo(1000)).body("failed", equalTo(0))
                .body("results", equalTo(batch + "/results"));

        Response results = given().when().get(batch + "/results");
        results.then().statusCode(200).contentType(containsString("application/x-ndjson"));
        List<String> lines = results.asString().lines().toList();
        assertThat(lines).hasSize(1000);
        JsonNode first = JSON.readTree(lines.get(0));
        assertThat(first.get("id").asText()).isEqualTo("doc-0");
        assertThat(first.get("state").asText()).isEqualTo("done");
        assertThat(first.get("status").asInt()).isEqualTo(200);
        assertThat(first.get("type").asText()).startsWith("application/ld+json");
        // the result is the answer the document would have had at once, as JSON
        String now = given().contentType("text/plain; charset=UTF-8").accept("application/ld+json")
                .body(EnhancementJobsApiTest.TEXT + " Number 0.").when().post("/enhancer").then().statusCode(200)
                .extract().asString();
        assertThat(first.get("result").toString()).contains("Merkel");
        assertThat(JSON.readTree(now).findValuesAsText("@type"))
                .containsExactlyInAnyOrderElementsOf(first.get("result").findValuesAsText("@type"));
        assertThat(JSON.readTree(lines.get(999)).get("id").asText()).isEqualTo("doc-999");
        // a page from a place on
        assertThat(given().when().get(batch + "/results?from=998").asString().lines().count()).isEqualTo(2);
        given().when().delete(batch).then().statusCode(204);
        given().when().get(batch).then().statusCode(404);
    }

    @Test
    void theDocumentsOfAMultipartFormAreABatchToo() throws Exception {
        String boundary = "batch-boundary";
        String body = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"paris.txt\"\r\n"
                      + "Content-Type: text/plain\r\n\r\nAngela Merkel travelled to Paris.\r\n"
                      + "--" + boundary + "\r\nContent-Disposition: form-data; name=\"page\"; filename=\"berlin.html\"\r\n"
                      + "Content-Type: text/html\r\n\r\n<html><body><p>Berlin is big.</p></body></html>\r\n"
                      + "--" + boundary + "--\r\n";
        String batch = given().contentType("multipart/form-data; boundary=" + boundary).accept("text/turtle")
                .body(body.getBytes(StandardCharsets.UTF_8)).when().post("/enhancer/batches?chain=default").then()
                .statusCode(202).body("total", equalTo(2)).extract().header("Location");
        awaitFinished(batch, Duration.ofSeconds(30)).then().body("done", equalTo(2));
        List<String> lines = given().when().get(batch + "/results").asString().lines().toList();
        assertThat(JSON.readTree(lines.get(0)).get("id").asText()).isEqualTo("paris.txt");
        assertThat(JSON.readTree(lines.get(0)).get("result").asText()).contains("Paris");
        assertThat(JSON.readTree(lines.get(1)).get("id").asText()).isEqualTo("berlin.html");
        assertThat(JSON.readTree(lines.get(1)).get("result").asText()).contains("Berlin");
        // one graph of both documents' enhancements, in Turtle or N-Triples
        for (RdfFormat format : List.of(RdfFormat.TURTLE, RdfFormat.N_TRIPLES)) {
            Response graph = given().accept(format.mediaType()).when().get(batch + "/results");
            graph.then().statusCode(200).contentType(containsString(format.mediaType()));
            org.eclipse.rdf4j.model.Model model = EnhancementRdf.parse(graph.asInputStream(), format);
            assertThat(model.objects().stream().map(org.eclipse.rdf4j.model.Value::stringValue))
                    .anyMatch(v -> v.equals("Paris")).anyMatch(v -> v.equals("Berlin"));
        }
        given().when().delete(batch).then().statusCode(204);
    }

    @Test
    void aBatchThatBreaksARuleIsRefusedWhole() {
        given().contentType("text/plain").body("one text").when().post("/enhancer/batches").then().statusCode(415)
                .body("detail", containsString("application/x-ndjson"));
        given().contentType("application/x-ndjson").body(bytes(lines(3) + "{\"id\": \"x\", \"text\": 5}\n")).when()
                .post("/enhancer/batches").then().statusCode(400).body("detail", containsString("line 4"))
                .body("detail", containsString("\"text\" must be a string"));
        given().contentType("application/x-ndjson").body(bytes(lines(2) + lines(1))).when().post("/enhancer/batches")
                .then().statusCode(400).body("detail", containsString("'doc-0'"));
        given().contentType("application/x-ndjson").body(bytes("{\"id\": \"a\", \"text\": \"\"}")).when()
                .post("/enhancer/batches").then().statusCode(400).body("detail", containsString("no content"));
        given().contentType("application/x-ndjson").body(bytes("\n")).when().post("/enhancer/batches").then()
                .statusCode(400).body("detail", containsString("no documents"));
        given().contentType("application/x-ndjson").body(ndjson(10_001)).when().post("/enhancer/batches").then()
                .statusCode(413).body("detail", containsString("camelsuite.enhancer.jobs.max-batch-documents"));
        given().contentType("application/x-ndjson").body(ndjson(1)).when().post("/enhancer/batches?chain=nothing")
                .then().statusCode(404);
        given().contentType("application/x-ndjson").accept("INVALID_FORMAT").body(ndjson(1)).when()
                .post("/enhancer/batches").then().statusCode(406);
        String huge = "{\"id\": \"big\", \"text\": \"" + "a".repeat(1024 * 1024 + 1) + "\"}";
        given().contentType("application/x-ndjson").body(bytes(huge)).when().post("/enhancer/batches").then()
                .statusCode(400).body("detail", containsString("line 1"));
    }

    @Test
    void aBatchSentAgainWithItsKeyIsTheSameBatch() {
        String key = "batch-" + java.util.UUID.randomUUID();
        String batch = given().contentType("application/x-ndjson").header("Idempotency-Key", key).body(ndjson(3))
                .when().post("/enhancer/batches").then().statusCode(202).extract().header("Location");
        // the client lost the 202 and sends the batch again: the same batch
        given().contentType("application/x-ndjson").header("Idempotency-Key", key).body(ndjson(3)).when()
                .post("/enhancer/batches").then().statusCode(200).header("Location", batch).body("total", equalTo(3));
        // other documents with the key
        given().contentType("application/x-ndjson").header("Idempotency-Key", key).body(ndjson(4)).when()
                .post("/enhancer/batches").then().statusCode(422).body("detail", containsString(key));
        awaitFinished(batch, Duration.ofSeconds(30));
        given().when().delete(batch).then().statusCode(204);
    }

    @Test
    void aBatchIsCancelledAndThenDeleted() throws InterruptedException {
        String batch = given().contentType("application/x-ndjson").body(ndjson(5)).when()
                .post("/enhancer/batches?chain=patient").then().statusCode(202).extract().header("Location");
        given().when().delete(batch).then().statusCode(200).body("cancelled", equalTo(5)).body("state",
                equalTo("finished"));
        // a document a runner had started stops within the housekeeping's second: its turn is free for what follows
        long giveUp = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (patient.enteredNanos != 0 && patient.stoppedNanos == 0) {
            assertThat(System.nanoTime()).as("the patient engine still runs").isLessThan(giveUp);
            Thread.sleep(50);
        }
        List<String> lines = given().when().get(batch + "/results").asString().lines().toList();
        assertThat(lines).hasSize(5).allMatch(line -> line.contains("\"state\":\"cancelled\""));
        given().when().delete(batch).then().statusCode(204);
        given().when().get(batch + "/results").then().statusCode(404);
    }

    @Test
    void aBatchIsItsSubmitters() {
        String batch = given().auth().preemptive().basic(SignedIn.WRITER, SignedIn.WRITER_PASSWORD)
                .contentType("application/x-ndjson").body(ndjson(2)).when().post("/enhancer/batches").then()
                .statusCode(202).extract().header("Location");
        given().auth().preemptive().basic(SignedIn.READER, SignedIn.READER_PASSWORD).when().get(batch).then()
                .statusCode(404);
        given().auth().preemptive().basic(SignedIn.READER, SignedIn.READER_PASSWORD)
                .contentType("application/x-ndjson").body(ndjson(2)).when().post("/enhancer/batches").then()
                .statusCode(403);
        awaitFinished(batch, Duration.ofSeconds(30));
        given().auth().preemptive().basic(SignedIn.WRITER, SignedIn.WRITER_PASSWORD).when().get(batch + "/results")
                .then().statusCode(200);
        given().auth().preemptive().basic(SignedIn.WRITER, SignedIn.WRITER_PASSWORD).when().delete(batch).then()
                .statusCode(204);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** The batch once all its documents have finished. */
    static Response awaitFinished(String batch, Duration within) {
        long giveUp = System.nanoTime() + within.toNanos();
        while (true) {
            Response r = given().when().get(batch);
            assertThat(r.statusCode()).isEqualTo(200);
            if ("finished".equals(r.path("state"))) {
                return r;
            }
            assertThat(System.nanoTime()).as("batch %s: %s", batch, r.asString()).isLessThan(giveUp);
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
