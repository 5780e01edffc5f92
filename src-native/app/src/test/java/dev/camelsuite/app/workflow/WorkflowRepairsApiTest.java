package dev.camelsuite.app.workflow;

import dev.camelsuite.app.SignedIn;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

/** {@code /workflow_repairs}: a dry run, then the repair of the steps in error of one lane; administrators only. */
@QuarkusTest
class WorkflowRepairsApiTest {

    @Test
    void aDryRunListsWhatARepairThenChanges() {
        String lane = WorkflowApi.newLane("repair");
        String[] ids = { WorkflowApi.newObjectId("rep"), WorkflowApi.newObjectId("rep") };
        for (String id : ids) {
            WorkflowApi.create(id, "accessionWF", 1, lane);
            WorkflowApi.put(id, "accessionWF", "descriptive-metadata",
                    "<process name=\"descriptive-metadata\" status=\"error\" errorMessage=\"catalog timeout\"/>")
                    .statusCode(200);
        }
        given().queryParam("workflow", "accessionWF").queryParam("process", "descriptive-metadata")
                .queryParam("to", "queued").queryParam("lane-id", lane).queryParam("error", "timeout")
                .when().get("/workflow_repairs")
                .then().statusCode(200).body("dryRun", equalTo(true)).body("matched", equalTo(2))
                .body("changed", equalTo(0)).body("steps.size()", equalTo(2))
                .body("steps[0].errorMessage", equalTo("catalog timeout"));
        given().queryParam("workflow", "accessionWF").queryParam("process", "descriptive-metadata")
                .queryParam("to", "queued").queryParam("lane-id", lane).queryParam("limit", 1)
                .when().post("/workflow_repairs")
                .then().statusCode(200).body("dryRun", equalTo(false)).body("matched", equalTo(2))
                .body("changed", equalTo(1));
        given().queryParam("workflow", "accessionWF").queryParam("to", "queued").queryParam("lane-id", lane)
                .when().get("/workflow_repairs").then().statusCode(200).body("matched", equalTo(1));
    }

    @Test
    void badParametersAreNamedAndOnlyAnAdministratorRepairs() {
        given().queryParam("workflow", "accessionWF").when().get("/workflow_repairs")
                .then().statusCode(400).body("detail", containsString("needs workflow= and to="));
        given().queryParam("workflow", "accessionWF").queryParam("to", "queued").queryParam("limit", 10_001)
                .when().get("/workflow_repairs").then().statusCode(400).body("detail", containsString("at most 10000"));
        given().queryParam("workflow", "accessionWF").queryParam("to", "queued").queryParam("before", "yesterday")
                .when().get("/workflow_repairs").then().statusCode(400).body("detail", containsString("ISO-8601"));
        given().auth().preemptive().basic(SignedIn.WRITER, SignedIn.WRITER_PASSWORD)
                .queryParam("workflow", "accessionWF").queryParam("to", "queued")
                .when().post("/workflow_repairs").then().statusCode(403);
    }
}
