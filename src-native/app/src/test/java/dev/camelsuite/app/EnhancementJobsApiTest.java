package dev.camelsuite.app;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.UUID;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.smallrye.common.annotation.Identifier;
import jakarta.inject.Inject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;

/**
 * Enhancement jobs: an enhance request with {@code Prefer: respond-async} is answered 202 with the job's
 * {@code Location} and, once the job is done, its result is what the synchronous request answers; errors a request
 * could only get are answered at once; a job's failure is the synchronous failure; a running job is cancelled; a job
 * is its submitter's (and the administrator's).
 */
@QuarkusTest
class EnhancementJobsApiTest {

    static final String TEXT = "Angela Merkel travelled from Berlin to Paris.";
    /** What differs from one run to the next: the times in an answer, and the names of its blank nodes. */
    private static final Pattern TIMES = Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z");
    private static final Pattern BLANK_NODES = Pattern.compile("_:[A-Za-z0-9]+");

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "/enhancer                 | application/ld+json  |                      | text/plain",
            "/enhancer/chain/default   | text/turtle          | executionmetadata=true | text/plain",
            "/enhancer/engine/langid   | application/n-triples |                     | text/plain",
            "/engines                  | application/rdf+xml  |                      | text/plain",
            "/enhancer                 | text/plain           | omitMetadata=true    | text/html",
            "/enhancer                 | application/rdf+json | uri=urn:test:job     | text/plain" })
    void aJobsResultIsWhatTheRequestAnswersAtOnce(String path, String accept, String query, String type) {
        String body = type.equals("text/html") ? "<html><body><p>" + TEXT + "</p></body></html>" : TEXT;
        String target = query == null ? path : path + "?" + query;
        Response now = given().contentType(type).accept(accept).body(body).when().post(target);
        assertThat(now.statusCode()).isEqualTo(200);

        Response accepted = given().contentType(type).accept(accept).header("Prefer", "respond-async").body(body)
                .when().post(target);
        accepted.then().statusCode(202).header("Preference-Applied", "respond-async")
                .header("Location", matchesPattern(".*/enhancer/jobs/[0-9a-f-]{36}"))
                .body("state", equalTo("queued"));
        String job = accepted.header("Location");
        awaitState(job, "done").then().body("resultStatus", equalTo(200)).body("result", equalTo(job + "/result"));

        Response later = given().when().get(job + "/result");
        assertThat(later.statusCode()).isEqualTo(200);
        assertThat(later.contentType()).isEqualTo(now.contentType());
        assertThat(sameRunToRun(later.asString())).isEqualTo(sameRunToRun(now.asString()));
        given().when().delete(job).then().statusCode(204);
        given().when().get(job).then().statusCode(404);
    }

    @Test
    void whatARequestCouldOnlyGetIsAnsweredAtOnce() {
        given().contentType("text/plain").header("Prefer", "respond-async").body(TEXT).when()
                .post("/enhancer/chain/no-such-chain").then().statusCode(404);
        given().contentType("text/plain").accept("INVALID_FORMAT").header("Prefer", "respond-async").body(TEXT).when()
                .post("/enhancer").then().statusCode(406);
        given().contentType("text/plain").header("Prefer", "respond-async").body("").when()
                .post("/enhancer").then().statusCode(400).body("detail", containsString("no content"));
        // another preference, or none, is answered at once
        given().contentType("text/plain").header("Prefer", "return=minimal").body(TEXT).when()
                .post("/enhancer").then().statusCode(200);
    }

    @Test
    void aFailedJobAnswersTheFailureTheRequestAnswers() {
        String job = submit("/enhancer/engine/failing");
        awaitState(job, "failed").then().body("resultStatus", equalTo(500))
                .body("detail", containsString("failing"));
        given().when().get(job + "/result").then().statusCode(500).contentType("application/problem+json")
                .body("detail", containsString("failing"));
    }

    @Test
    void anAnswerLongerThanAJobKeepsFailsTheJobSayingWhatToDo() {
        // 2 MB a job in the test profile, 8 MB a request: answered at once, not kept
        String text = AnswerBoundTest.mentions(60_000);
        given().contentType("text/plain").accept("text/turtle").body(text).when().post("/enhancer").then()
                .statusCode(200);
        String job = given().contentType("text/plain").accept("text/turtle").header("Prefer", "respond-async")
                .body(text).when().post("/enhancer").then().statusCode(202).extract().header("Location");
        awaitState(job, "failed").then().body("resultStatus", equalTo(413))
                .body("detail", containsString("camelsuite.enhancer.jobs.max-answer-size"));
        given().when().get(job + "/result").then().statusCode(413)
                .body("detail", containsString("without Prefer: respond-async"));
        given().when().delete(job).then().statusCode(204);
    }

    @Test
    void aJobShowsItsEnginesProgress() {
        String job = submit("/enhancer");
        awaitState(job, "done").then().body("engines.engine", org.hamcrest.Matchers.hasItems("langid", "ner"))
                .body("engines.find { it.engine == 'langid' }.status", equalTo("completed"))
                .body("engines.find { it.engine == 'langid' }.millis", org.hamcrest.Matchers.greaterThanOrEqualTo(0));
        given().when().delete(job).then().statusCode(204);
    }

    @Test
    void aRunningJobIsCancelledAndItsChainStops() throws InterruptedException {
        String job = submit("/enhancer/engine/patient");
        awaitState(job, "running");
        // a job running for more than a second has its progress kept each second
        long giveUp = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (given().when().get(job).path("engines") == null) {
            assertThat(System.nanoTime()).isLessThan(giveUp);
            Thread.sleep(100);
        }
        given().when().get(job).then().body("engines[0].engine", equalTo("patient"))
                .body("engines[0].status", equalTo("in-progress"));
        given().when().get(job + "/result").then().statusCode(409).body("detail", containsString("is running"));
        given().when().delete(job).then().statusCode(200).body("state", equalTo("cancelled"));
        given().when().get(job + "/result").then().statusCode(410);
        // the runner takes the next job: the patient engine stopped
        String next = submit("/enhancer/engine/langid");
        awaitState(next, "done");
        given().when().delete(job).then().statusCode(204);
        given().when().delete(next).then().statusCode(204);
    }

    @Inject
    @Identifier("workflowDataSource")
    DataSource database;

    @Test
    void aJobStartedAsOftenAsAllowedWithoutFinishingFails() throws Exception {
        String job = submit("/enhancer/engine/patient");
        awaitState(job, "running");
        // as if its runner had died for the third time: its lease ran out, and it was started three times
        try (Connection c = database.getConnection(); PreparedStatement s = c.prepareStatement(
                "UPDATE camelsuite_jobs.enhancement_job SET attempts = 3, runner = 'a-runner-that-died',"
                + " lease_until = 0 WHERE id = ?")) {
            s.setString(1, job.substring(job.lastIndexOf('/') + 1));
            assertThat(s.executeUpdate()).isEqualTo(1);
        }
        awaitState(job, "failed").then().body("resultStatus", equalTo(500))
                .body("detail", containsString("started 3 times and never finished"));
        given().when().get(job + "/result").then().statusCode(500)
                .body("detail", containsString("submit it again to retry"));
        // deleted, the job stops where it still runs
        given().when().delete(job).then().statusCode(204);
    }

    @Test
    void aJobIsItsSubmittersAndTheAdministrators() {
        String job = given().auth().preemptive().basic(SignedIn.WRITER, SignedIn.WRITER_PASSWORD)
                .contentType("text/plain").header("Prefer", "respond-async").body(TEXT).when().post("/enhancer")
                .then().statusCode(202).extract().header("Location");
        given().auth().preemptive().basic(SignedIn.READER, SignedIn.READER_PASSWORD).when().get(job).then()
                .statusCode(404);
        given().auth().preemptive().basic(SignedIn.READER, SignedIn.READER_PASSWORD).when().post("/enhancer")
                .then().statusCode(403);
        awaitState(job, "done");
        given().auth().preemptive().basic(SignedIn.WRITER, SignedIn.WRITER_PASSWORD).when().get(job + "/result")
                .then().statusCode(200);
        given().auth().preemptive().basic(SignedIn.READER, SignedIn.READER_PASSWORD).when().delete(job).then()
                .statusCode(403);
        given().auth().preemptive().basic(SignedIn.WRITER, SignedIn.WRITER_PASSWORD).when().delete(job).then()
                .statusCode(204);
        given().when().get("/enhancer/jobs/no-such-job").then().statusCode(404);
    }

    private static String sameRunToRun(String answer) {
        return BLANK_NODES.matcher(TIMES.matcher(answer).replaceAll("T")).replaceAll("_:b");
    }

    @Test
    void aRepeatedKeyIsTheSameJobAndAnotherRequestWithItIsRefused() {
        String key = "key-" + UUID.randomUUID();
        Response first = given().contentType("text/plain").header("Prefer", "respond-async")
                .header("Idempotency-Key", key).body(TEXT).when().post("/enhancer");
        first.then().statusCode(202);
        String job = first.header("Location");
        // the same request again (a client that lost the answer): the same job
        given().contentType("text/plain").header("Prefer", "respond-async").header("Idempotency-Key", key).body(TEXT)
                .when().post("/enhancer").then().statusCode(200).header("Location", job)
                .body("id", equalTo(job.substring(job.lastIndexOf('/') + 1)));
        given().contentType("text/plain").header("Prefer", "respond-async").header("Idempotency-Key", key)
                .body(TEXT + " And Rome.").when().post("/enhancer").then().statusCode(422)
                .body("detail", containsString(key));
        // keys are each user's own
        given().auth().preemptive().basic(SignedIn.WRITER, SignedIn.WRITER_PASSWORD).contentType("text/plain")
                .header("Prefer", "respond-async").header("Idempotency-Key", key).body(TEXT).when().post("/enhancer")
                .then().statusCode(202);
        // Stanbol's own id of a content item is a key too
        String uri = "urn:test:" + key;
        String byUri = given().contentType("text/plain").header("Prefer", "respond-async").body(TEXT).when()
                .post("/enhancer?uri=" + uri).then().statusCode(202).extract().header("Location");
        given().contentType("text/plain").header("Prefer", "respond-async").body(TEXT).when()
                .post("/enhancer?uri=" + uri).then().statusCode(200).header("Location", byUri);
        given().contentType("text/plain").header("Prefer", "respond-async").header("Idempotency-Key", "k".repeat(257))
                .body(TEXT).when().post("/enhancer").then().statusCode(400).body("detail", containsString("256"));
        awaitState(job, "done");
        awaitState(byUri, "done");
    }

    static String submit(String path) {
        return given().contentType("text/plain").header("Prefer", "respond-async").body(TEXT).when().post(path)
                .then().statusCode(202).extract().header("Location");
    }

    /** The job once it is in that state, within 20 s. */
    static Response awaitState(String job, String state) {
        long giveUp = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (true) {
            Response r = given().when().get(job);
            assertThat(r.statusCode()).isEqualTo(200);
            if (state.equals(r.path("state"))) {
                return r;
            }
            assertThat(System.nanoTime()).as("job %s is %s, not %s", job, r.path("state"), state).isLessThan(giveUp);
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
