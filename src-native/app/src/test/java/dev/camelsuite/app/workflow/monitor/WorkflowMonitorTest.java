package dev.camelsuite.app.workflow.monitor;

import java.time.Duration;
import java.util.Map;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

/**
 * The monitor in the running application, its thresholds short: a step queued for longer shows in the health check's
 * warning (UP all the same), the meter and the dashboard, and leaves them once it moved on.
 */
@QuarkusTest
@TestProfile(WorkflowMonitorTest.ShortThresholds.class)
class WorkflowMonitorTest {

    /** Queued over 1 s is overdue, counted every 200 ms; a database of its own. */
    public static class ShortThresholds implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.datasource.jdbc.url", "jdbc:h2:mem:monitor;DB_CLOSE_DELAY=-1",
                    "camelsuite.workflow.monitor.queued-over", "1s",
                    "camelsuite.workflow.monitor.interval", "200ms");
        }
    }

    private static String eventually(String path, String expected, boolean present) throws InterruptedException {
        long until = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        String body = "";
        while (System.nanoTime() < until) {
            body = given().when().get(path).then().extract().asString();
            if (body.contains(expected) == present) {
                return body;
            }
            Thread.sleep(100);
        }
        throw new AssertionError(path + (present ? " never said " : " still says ") + expected + ": " + body);
    }

    @Test
    void aStepQueuedForLongerIsSeenAndThenNoMore() throws Exception {
        given().queryParam("version", 1).when().post("/objects/druid:mon1/workflows/accessionWF")
                .then().statusCode(201);
        eventually("/q/health/ready", "accessionWF/descriptive-metadata:queued", true);
        given().when().get("/q/health/ready").then()
                .body("checks.find { it.name == 'workflow-monitor' }.status", equalTo("UP"))
                .body("checks.find { it.name == 'workflow-monitor' }.data.warning",
                        containsString("have been queued or started for longer than their threshold"));
        // descriptive-metadata and rights-metadata, both queued when the workflow is created
        eventually("/q/metrics", "workflow_steps_overdue{status=\"queued\"} 2.0", true);
        assertThat(eventually("/dashboard/api/status", "\"overdue\":[{", true))
                .contains("\"process\":\"descriptive-metadata\",\"status\":\"queued\"").contains("\"over\":\"1s\"");

        given().contentType("application/xml").body("<process name=\"descriptive-metadata\" status=\"completed\"/>")
                .when().put("/objects/druid:mon1/workflows/accessionWF/descriptive-metadata").then().statusCode(200);
        given().contentType("application/xml").body("<process name=\"rights-metadata\" status=\"completed\"/>")
                .when().put("/objects/druid:mon1/workflows/accessionWF/rights-metadata").then().statusCode(200);
        given().contentType("application/xml").body("<process name=\"publish\" status=\"completed\"/>")
                .when().put("/objects/druid:mon1/workflows/accessionWF/publish").then().statusCode(200);
        eventually("/q/health/ready", "warning", false);
        eventually("/q/metrics", "workflow_steps_overdue{status=\"queued\"} 0.0", true);
    }
}
