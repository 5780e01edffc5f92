package dev.camelsuite.app;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;

/** Health (Camel's checks, the broker, the database) and Prometheus metrics of the running application. */
@QuarkusTest
class HealthAndMetricsTest {

    @Test
    void readyWithBrokerDatabaseAndCamelUp() {
        given().when().get("/q/health/ready").then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItems("broker", "camel", "Database connections health check"))
                .body("checks.find { it.name == 'broker' }.status", equalTo("UP"))
                // every robot is a Camel consumer with its own check
                .body("checks.find { it.name == 'camel' }.data.'consumer:checking-robot'", equalTo("UP"));
        given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void chainsAndEnginesAreMetered() {
        given().contentType("text/plain").body(EnhancerApiTest.ENGLISH).when().post("/enhancer")
                .then().statusCode(200);
        given().when().get("/q/metrics").then().statusCode(200)
                .body(containsString("enhancer_chain_items_total{chain=\"default\",status=\"completed\"}"))
                .body(containsString("enhancer_engine_time_seconds_count{chain=\"default\",engine=\"langid\"}"))
                .body(containsString("enhancer_engine_time_seconds_count{chain=\"default\",engine=\"ner\"}"))
                .body(containsString("enhancer_engine_cpu_seconds_count{chain=\"default\",engine=\"langid\"}"));
    }

    @Test
    void robotsAreMetered() {
        TestData.create("dashboardWF", "druid:metered1");
        TestData.awaitStatus("druid:metered1", "dashboardWF", "check", "completed");
        given().when().get("/q/metrics").then().statusCode(200)
                .body(containsString("workflow_robot_steps_total{process=\"check\",status=\"completed\",workflow=\"dashboardWF\"}"))
                .body(containsString("workflow_robot_step_time_seconds_count{process=\"check\",workflow=\"dashboardWF\"}"));
    }
}
