package dev.camelsuite.app;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;

import io.quarkus.test.junit.QuarkusIntegrationTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasItem;

/**
 * The packaged application on a real PostgreSQL, switched by configuration alone (the profile postgresql and the
 * server's address, as docs/quarkus-app.adoc gives them): its workflows are stored there, not in H2.
 */
@QuarkusIntegrationTest
@TestProfile(PostgresqlProfile.class)
class PostgresqlApplicationIT {

    @Test
    void workflowsAreStoredInPostgresql() throws Exception {
        given().queryParam("version", 1).when().post("/objects/druid:pg1/workflows/accessionWF").then().statusCode(201);
        given().contentType("application/xml").body("<process name=\"descriptive-metadata\" status=\"completed\"/>")
                .when().put("/objects/druid:pg1/workflows/accessionWF/descriptive-metadata").then().statusCode(200);
        given().when().get("/objects/druid:pg1/workflows/accessionWF").then().statusCode(200)
                .body(containsString("name=\"descriptive-metadata\""));
        try (Connection c = EmbeddedPostgresResource.server.getPostgresDatabase().getConnection();
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT status FROM workflow_step WHERE object_id = 'druid:pg1'"
                                           + " AND process = 'descriptive-metadata'")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("completed");
        }
        // health: the database check is PostgreSQL's, and up once the application is ready (its workers attach to
        // their queue a moment after the start, on a loaded machine later)
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline
               && given().auth().none().when().get("/q/health/ready").statusCode() != 200) {
            Thread.sleep(250);
        }
        // the checks are for signed-in callers; anyone gets the status alone
        given().when().get("/q/health/ready").then().log().ifValidationFails().statusCode(200)
                .body("checks.name", hasItem(containsString("Database")));
    }
}
