package dev.camelsuite.app;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import static dev.camelsuite.app.EnhancementJobsApiTest.TEXT;
import static dev.camelsuite.app.EnhancementJobsApiTest.awaitState;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

/**
 * What one user keeps of finished jobs is bounded too: so many jobs in every state, so many bytes of answers. Beyond
 * the jobs, a submission is a 429 saying what to delete; an answer that would take a user's answers past theirs fails
 * its job with a 507 saying the same.
 */
@QuarkusTest
@TestProfile(EnhancementJobsKeptTest.LittleKept.class)
class EnhancementJobsKeptTest {

    /** Three jobs and 1 MB of answers a user; answers of up to 8 MB a job; a database of its own, without others' jobs. */
    public static class LittleKept implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.datasource.jdbc.url", "jdbc:h2:mem:kept-jobs;DB_CLOSE_DELAY=-1",
                    "quarkus.security.users.embedded.users." + BATCHER, BATCHER_PASSWORD,
                    "quarkus.security.users.embedded.roles." + BATCHER, "writer",
                    "camelsuite.enhancer.jobs.max-kept-per-user", "3",
                    "camelsuite.enhancer.jobs.max-kept-answer-bytes-per-user", "1M",
                    "camelsuite.enhancer.jobs.max-answer-size", "8M");
        }
    }

    static final String BATCHER = "batcher";
    static final String BATCHER_PASSWORD = "batcher-secret-1";

    @Test
    void aBatchCountsOneJobADocumentAndIsUncountedWhenDeleted() {
        String two = "{\"id\": \"a\", \"text\": \"Paris.\"}\n{\"id\": \"b\", \"text\": \"Berlin.\"}\n";
        String batch = given().auth().preemptive().basic(BATCHER, BATCHER_PASSWORD).contentType("application/x-ndjson")
                .body(two.getBytes(java.nio.charset.StandardCharsets.UTF_8)).when().post("/enhancer/batches").then()
                .statusCode(202).extract().header("Location");
        // two kept, a batch of two more would make four
        given().auth().preemptive().basic(BATCHER, BATCHER_PASSWORD).contentType("application/x-ndjson")
                .body(two.getBytes(java.nio.charset.StandardCharsets.UTF_8)).when().post("/enhancer/batches").then()
                .statusCode(429).body("detail", containsString("camelsuite.enhancer.jobs.max-kept-per-user"));
        EnhancementBatchesApiTest.awaitFinished(batch, java.time.Duration.ofSeconds(30));
        given().auth().preemptive().basic(BATCHER, BATCHER_PASSWORD).when().delete(batch).then().statusCode(204);
        given().auth().preemptive().basic(BATCHER, BATCHER_PASSWORD).contentType("application/x-ndjson")
                .body((two + "{\"id\": \"c\", \"text\": \"Rome.\"}\n").getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .when().post("/enhancer/batches").then().statusCode(202).body("total", equalTo(3));
    }

    @Test
    void beyondTheJobsAUserKeepsA429SaysWhatToDelete() {
        List<String> jobs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            jobs.add(submitAs(SignedIn.ADMIN, SignedIn.ADMIN_PASSWORD, TEXT));
        }
        for (String job : jobs) {
            awaitState(job, "done");
        }
        given().auth().preemptive().basic(SignedIn.ADMIN, SignedIn.ADMIN_PASSWORD).contentType("text/plain")
                .header("Prefer", "respond-async").body(TEXT).when().post("/enhancer").then().statusCode(429)
                .body("detail", containsString("camelsuite.enhancer.jobs.max-kept-per-user"))
                .body("detail", containsString("DELETE /enhancer/jobs/{id}"));
        given().auth().preemptive().basic(SignedIn.ADMIN, SignedIn.ADMIN_PASSWORD).when().delete(jobs.get(0)).then()
                .statusCode(204);
        awaitState(submitAs(SignedIn.ADMIN, SignedIn.ADMIN_PASSWORD, TEXT), "done");
    }

    @Test
    void anAnswerThatWouldPassTheBytesAUserKeepsFailsItsJobWithA507() {
        String big = submitAs(SignedIn.WRITER, SignedIn.WRITER_PASSWORD, AnswerBoundTest.mentions(40_000));
        awaitState(big, "failed").then().body("resultStatus", equalTo(507))
                .body("detail", containsString("camelsuite.enhancer.jobs.max-kept-answer-bytes-per-user"));
        // a short answer still fits
        awaitState(submitAs(SignedIn.WRITER, SignedIn.WRITER_PASSWORD, TEXT), "done").then()
                .body("resultStatus", equalTo(200));
    }

    private static String submitAs(String user, String password, String text) {
        return given().auth().preemptive().basic(user, password).contentType("text/plain").accept("text/turtle")
                .header("Prefer", "respond-async").body(text).when().post("/enhancer").then().statusCode(202)
                .extract().header("Location");
    }
}
