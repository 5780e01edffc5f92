package dev.camelsuite.app;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;

/** The dashboard's status API and its page, with robots at work on the tests' workflow. */
@QuarkusTest
class DashboardTest {

    @Test
    void statusHasCountsQueuesAndErrorsWithLinksToTheWorkflow() {
        TestData.create("dashboardWF", "druid:dash1", "bad:dash2");
        TestData.awaitStatus("druid:dash1", "dashboardWF", "check", "completed");
        TestData.awaitStatus("bad:dash2", "dashboardWF", "check", "error");

        given().when().get("/dashboard/api/status").then().statusCode(200)
                .body("at", notNullValue())
                .body("steps.find { it.workflow == 'dashboardWF' && it.process == 'release' && it.status == 'queued' }"
                      + ".count", notNullValue())
                .body("errors.find { it.objectId == 'bad:dash2' }.message", equalTo("bad:dash2 does not pass the check"))
                .body("errors.find { it.objectId == 'bad:dash2' }.link",
                        equalTo("/objects/bad%3Adash2/workflows/dashboardWF"))
                .body("errors.find { it.objectId == 'bad:dash2' }.process", equalTo("check"))
                .body("queues.process", hasItem("release"));
        given().when().get("/dashboard/api/status?errors=1").then().statusCode(200).body("errors.size()", equalTo(1));
    }

    @Test
    void engineTimingsOfTheChainsRunHere() {
        given().contentType("text/plain").body("Berlin ist die Hauptstadt Deutschlands.").when().post("/enhancer")
                .then().statusCode(200);
        given().when().get("/dashboard/api/status").then().statusCode(200)
                .body("engines.find { it.chain == 'default' && it.engine == 'sentences' }.runs",
                        org.hamcrest.Matchers.greaterThanOrEqualTo(1))
                .body("enhancedItems", org.hamcrest.Matchers.greaterThanOrEqualTo(1));
    }

    @Test
    void thePageAndItsChartingLibraryAreServed() {
        // the address without its slash leads to the page
        given().redirects().follow(false).when().get("/dashboard").then().statusCode(301)
                .header("Location", org.hamcrest.Matchers.endsWith("/dashboard/"));
        given().when().get("/dashboard/").then().statusCode(200).body(containsString("steps-chart"))
                .body(containsString("/webjars/chart.js/4.4.7/dist/chart.umd.js"));
        given().when().get("/dashboard/dashboard.js").then().statusCode(200).body(containsString("/dashboard/api/status"));
        given().when().get("/webjars/chart.js/4.4.7/dist/chart.umd.js").then().statusCode(200)
                .body(containsString("Chart"));
    }
}
