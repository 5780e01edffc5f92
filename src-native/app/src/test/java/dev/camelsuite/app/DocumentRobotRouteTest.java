package dev.camelsuite.app;

import dev.camelsuite.workflow.model.Step;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The YAML route of the application (camel/documents.yaml): the robot of documentWF/enhance. */
@QuarkusTest
class DocumentRobotRouteTest {

    @Test
    void theRobotEnhancesTheContextsTextAndCompletesTheStep() {
        TestData.createWithContext("documentWF", "doc:yaml-1",
                "{\"text\": \"Angela Merkel travelled from Berlin to Paris. She met the mayor there.\"}");
        TestData.awaitStatus("doc:yaml-1", "documentWF", "enhance", "completed");
        Step enhanced = TestData.step("doc:yaml-1", "documentWF", "enhance");
        assertThat(enhanced.note()).isEqualTo("language=en entities=3");
        assertThat(enhanced.lifecycle()).isEqualTo("enhanced");
        // Angela Merkel, Berlin, Paris; publish is completed by an external signal: it waits
        assertThat(TestData.step("doc:yaml-1", "documentWF", "publish").status()).isEqualTo("waiting");
        // the chain ran on the workers of workers.yaml, through the broker: both report ready
        io.restassured.RestAssured.given().when().get("/q/health/ready").then().statusCode(200)
                .body("checks.find { it.name == 'camel' }.data.'enhancer-producer-enhancer.default'",
                        org.hamcrest.Matchers.equalTo("UP"))
                // one worker check (its own data, under <check>.<key>, left out)
                .body("checks.find { it.name == 'camel' }.data.findAll { it.key.startsWith('enhancer-worker-')"
                      + " && (it.value == 'UP' || it.value.startsWith('DOWN')) }.size()",
                        org.hamcrest.Matchers.equalTo(1));
    }

    @Test
    void aContextWithoutTextEndsTheStepInErrorAfterItsAttempts() {
        TestData.createWithContext("documentWF", "doc:yaml-2", "{\"title\": \"no text here\"}");
        TestData.awaitStatus("doc:yaml-2", "documentWF", "enhance", "error");
        Step failed = TestData.step("doc:yaml-2", "documentWF", "enhance");
        assertThat(failed.errorMessage()).isEqualTo("The workflow of doc:yaml-2 has no context with a text to enhance:"
                                                    + " create it with the body {\"context\": {\"text\": \"...\"}}");
        assertThat(failed.attempts()).isEqualTo(2);
    }

    @Test
    void noContextAtAllIsSaidInTheApisWordsNotCamels() {
        io.restassured.RestAssured.given().queryParam("version", 1)
                .when().post("/objects/doc:yaml-4/workflows/documentWF").then().statusCode(201);
        TestData.awaitStatus("doc:yaml-4", "documentWF", "enhance", "error");
        assertThat(TestData.step("doc:yaml-4", "documentWF", "enhance").errorMessage())
                .isEqualTo("The workflow of doc:yaml-4 has no context with a text to enhance: create it with the body"
                           + " {\"context\": {\"text\": \"...\"}}");
    }

    @Test
    void theSweeperGivesAStepLeftStartedBackToTheRobots() {
        TestData.createWithContext("documentWF", "doc:yaml-3",
                "{\"text\": \"Angela Merkel travelled from Berlin to Paris. She met the mayor there.\"}");
        TestData.awaitStatus("doc:yaml-3", "documentWF", "enhance", "completed");
        // a robot that claimed the step again and died: started, and nobody works on it
        io.restassured.RestAssured.given().contentType("application/xml")
                .body("<process name=\"enhance\" status=\"started\"/>")
                .when().put("/objects/doc:yaml-3/workflows/documentWF/enhance").then().statusCode(200);
        assertThat(TestData.step("doc:yaml-3", "documentWF", "enhance").status()).isEqualTo("started");
        // the test profile's stuck-after is 3 s: the sweeper queues it, a robot runs it again
        TestData.awaitStatus("doc:yaml-3", "documentWF", "enhance", "completed");
        assertThat(TestData.step("doc:yaml-3", "documentWF", "enhance").attempts()).isEqualTo(3);
    }
}
