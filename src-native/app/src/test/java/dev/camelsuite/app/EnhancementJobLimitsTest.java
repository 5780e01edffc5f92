package dev.camelsuite.app;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

/**
 * What one user may have waiting or running: so many jobs, so many bytes of content; beyond, 429 with what to do. The
 * application runs no job here (no runners), so that submitted jobs stay queued.
 */
@QuarkusTest
@TestProfile(EnhancementJobLimitsTest.FewJobs.class)
class EnhancementJobLimitsTest {

    /** Two jobs or 200 bytes a user, nobody to run them, finished jobs kept for two seconds. */
    public static class FewJobs implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("camelsuite.enhancer.jobs.runners", "0", "camelsuite.enhancer.jobs.retention", "2s",
                    "camelsuite.enhancer.jobs.max-unfinished-per-user", "2",
                    "camelsuite.enhancer.jobs.max-unfinished-bytes-per-user", "200");
        }
    }

    @Test
    void beyondTheJobsOfOneUserA429SaysWhatToDo() {
        String first = submit("Paris is in France.");
        submit("Berlin is in Germany.");
        given().contentType("text/plain").header("Prefer", "respond-async").body("Rome is in Italy.").when()
                .post("/enhancer").then().statusCode(429).header("Retry-After", "10")
                .body("detail", containsString("camelsuite.enhancer.jobs.max-unfinished-per-user"));
        // another user has jobs of their own
        given().auth().preemptive().basic(SignedIn.WRITER, SignedIn.WRITER_PASSWORD).contentType("text/plain")
                .header("Prefer", "respond-async").body("Rome is in Italy.").when().post("/enhancer").then()
                .statusCode(202);
        // a cancelled job no longer counts; nobody runs them here, so they wait
        given().when().delete(first).then().statusCode(200).body("state", equalTo("cancelled"));
        String third = submit("Madrid is in Spain.");
        given().when().get(third).then().statusCode(200).body("state", equalTo("queued"));
    }

    @Test
    void aFinishedJobIsDeletedAfterTheRetention() throws InterruptedException {
        String job = given().auth().preemptive().basic(SignedIn.WRITER, SignedIn.WRITER_PASSWORD)
                .contentType("text/plain").header("Prefer", "respond-async").body("Oslo is in Norway.").when()
                .post("/enhancer").then().statusCode(202).extract().header("Location");
        given().auth().preemptive().basic(SignedIn.WRITER, SignedIn.WRITER_PASSWORD).when().delete(job).then()
                .statusCode(200).body("state", equalTo("cancelled"));
        long giveUp = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(15);
        while (given().auth().preemptive().basic(SignedIn.WRITER, SignedIn.WRITER_PASSWORD).when().get(job)
                       .statusCode() == 200) {
            org.assertj.core.api.Assertions.assertThat(System.nanoTime()).as("%s still there", job)
                    .isLessThan(giveUp);
            Thread.sleep(200);
        }
        given().auth().preemptive().basic(SignedIn.WRITER, SignedIn.WRITER_PASSWORD).when().get(job).then()
                .statusCode(404);
    }

    @Test
    void beyondTheBytesOfOneUserToo() {
        given().auth().preemptive().basic(SignedIn.WRITER, SignedIn.WRITER_PASSWORD).contentType("text/plain")
                .header("Prefer", "respond-async").body("x".repeat(201)).when().post("/enhancer").then()
                .statusCode(429).body("detail", containsString("bytes"));
    }

    @Test
    void waitingJobsAreMeteredAndOnTheDashboard() throws InterruptedException {
        given().auth().preemptive().basic(SignedIn.WRITER, SignedIn.WRITER_PASSWORD).contentType("text/plain")
                .header("Prefer", "respond-async").body("Lisbon is in Portugal.").when().post("/enhancer").then()
                .statusCode(202);
        // counted every five seconds
        long giveUp = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(15);
        while (given().when().get("/dashboard/api/status").then().extract().<Integer>path("jobs.queued") < 1) {
            org.assertj.core.api.Assertions.assertThat(System.nanoTime()).isLessThan(giveUp);
            Thread.sleep(200);
        }
        given().when().get("/dashboard/api/status").then().statusCode(200)
                .body("jobs.running", equalTo(0)).body("oldestWaiting", org.hamcrest.Matchers.greaterThan(0f));
        given().when().get("/q/metrics").then().statusCode(200)
                .body(org.hamcrest.Matchers.matchesPattern("(?s).*enhancer_jobs\\{state=\"queued\"\\} [1-9].*"))
                .body(containsString("enhancer_jobs_oldest_waiting_seconds "));
        given().when().get("/dashboard/").then().statusCode(200).body(containsString("id=\"jobs\""));
    }

    private static String submit(String text) {
        return given().contentType("text/plain").header("Prefer", "respond-async").body(text).when().post("/enhancer")
                .then().statusCode(202).extract().header("Location");
    }
}
