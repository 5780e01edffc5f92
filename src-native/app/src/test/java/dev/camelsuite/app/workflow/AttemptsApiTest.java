package dev.camelsuite.app.workflow;

import java.util.List;

import dev.camelsuite.app.SignedIn;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import static dev.camelsuite.app.workflow.WorkflowApi.create;
import static dev.camelsuite.app.workflow.WorkflowApi.elements;
import static dev.camelsuite.app.workflow.WorkflowApi.process;
import static dev.camelsuite.app.workflow.WorkflowApi.workflow;
import static dev.camelsuite.app.workflow.WorkflowApi.xml;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.notNullValue;

/**
 * What this API adds to the workflow service's: every attempt robots made at a step, and who holds the started steps
 * (robot and route, since when, until when the lease runs), in the API and on the dashboard.
 */
@QuarkusTest
class AttemptsApiTest {

    @Test
    void everyAttemptOfTheRobotsIsListedWithItsRobotEndAndError() {
        create("bad:attempts1", "dashboardWF", 1, "default");
        awaitStatus("bad:attempts1", "error");
        Document attempts = xml(given().when().get("/objects/bad:attempts1/workflows/dashboardWF/check/attempts")
                .then().statusCode(200).contentType("application/xml").extract().asString());
        assertThat(attempts.getDocumentElement().getAttribute("process")).isEqualTo("check");
        List<Element> each = elements(attempts, "attempt");
        assertThat(each).hasSize(2);
        assertThat(each.get(0).getAttribute("status")).isEqualTo("retrying");
        assertThat(each.get(1).getAttribute("status")).isEqualTo("error");
        assertThat(each).allSatisfy(a -> {
            assertThat(a.getAttribute("robot")).contains("(route checking-robot)");
            assertThat(a.getAttribute("errorMessage")).isEqualTo("bad:attempts1 does not pass the check");
            assertThat(a.getTextContent()).contains("IllegalStateException");
            assertThat(a.getAttribute("ended")).isNotEmpty();
        });
        // a reader gets the robot's route and the error's first line: hosts, process ids and stack traces are an
        // administrator's
        Document read = xml(given().auth().preemptive().basic(SignedIn.READER, SignedIn.READER_PASSWORD).when()
                .get("/objects/bad:attempts1/workflows/dashboardWF/check/attempts").then().statusCode(200).extract()
                .asString());
        assertThat(elements(read, "attempt")).hasSize(2).allSatisfy(a -> {
            assertThat(a.getAttribute("robot")).isEqualTo("route checking-robot");
            assertThat(a.getTextContent()).contains("IllegalStateException").doesNotContain("\n", "\tat ");
        });
        // a step no robot ever claimed has none
        given().when().get("/objects/bad:attempts1/workflows/dashboardWF/release/attempts").then().statusCode(200)
                .body(containsString("<attempts objectId=\"bad:attempts1\" workflow=\"dashboardWF\" process=\"release\">"
                                     + "</attempts>"));
    }

    @Test
    void theStartedStepsShowWhoHoldsThemUntilWhen() {
        create("slow:held1", "dashboardWF", 1, "default");
        awaitStatus("slow:held1", "started");
        Document started = xml(given().queryParam("workflow", "dashboardWF").when().get("/workflow_queue/all_started")
                .then().statusCode(200).extract().asString());
        Element held = elements(started, "workflow").stream().filter(w -> w.getAttribute("druid").equals("slow:held1"))
                .findFirst().orElseThrow();
        assertThat(held.getAttribute("process")).isEqualTo("check");
        assertThat(held.getAttribute("heldBy")).contains("(route checking-robot)");
        assertThat(held.getAttribute("leaseUntil")).isNotEmpty();
        given().when().get("/dashboard/api/status").then().statusCode(200)
                .body("held.find { it.objectId == 'slow:held1' }.heldBy", containsString("checking-robot"))
                .body("held.find { it.objectId == 'slow:held1' }.leaseUntil", notNullValue())
                .body("held.find { it.objectId == 'slow:held1' }.attempts",
                        org.hamcrest.Matchers.equalTo("/objects/slow%3Aheld1/workflows/dashboardWF/check/attempts"));
        // the route takes 3 s, three times the lease: the renewals keep the step, it runs once
        awaitStatus("slow:held1", "completed");
        assertThat(process(workflow("slow:held1", "dashboardWF"), "check").getAttribute("attempts")).isEqualTo("1");
    }

    /** Waits, at most 30 s, until the object's dashboardWF/check step has the status. */
    private static void awaitStatus(String objectId, String status) {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
        String now = "";
        while (System.nanoTime() < deadline) {
            now = process(workflow(objectId, "dashboardWF"), "check").getAttribute("status");
            if (now.equals(status)) {
                return;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        assertThat(now).as(objectId + " at dashboardWF/check").isEqualTo(status);
    }
}
