package dev.camelsuite.app.workflow;

import dev.camelsuite.app.SignedIn;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;

/**
 * {@code Idempotency-Key} on a create: a client that retries after a timeout gets 201 again and the workflow as robots
 * left it (a writer, who may not re-create, is not refused for its own retry); the key with another create is a 422;
 * without a key nothing changes.
 */
@QuarkusTest
class IdempotentCreateApiTest {

    private static io.restassured.specification.RequestSpecification writer() {
        return given().auth().preemptive().basic(SignedIn.WRITER, SignedIn.WRITER_PASSWORD);
    }

    @Test
    void aRetriedCreateAnswersAsTheFirstAndResetsNothing() {
        String id = WorkflowApi.newObjectId("key");
        writer().header("Idempotency-Key", "create-" + id).queryParam("version", 1)
                .when().post("/objects/{id}/workflows/accessionWF", id)
                .then().statusCode(201).header("Location", endsWith("/objects/" + id + "/workflows/accessionWF"));
        WorkflowApi.status(id, "accessionWF", "descriptive-metadata", "completed");

        writer().header("Idempotency-Key", "create-" + id).queryParam("version", 1)
                .when().post("/objects/{id}/workflows/accessionWF", id)
                .then().statusCode(201).header("Location", endsWith("/objects/" + id + "/workflows/accessionWF"));
        given().when().get("/objects/{id}/workflows/accessionWF", id).then().statusCode(200)
                .body(containsString("name=\"descriptive-metadata\"")).body(containsString("status=\"completed\""));

        // without the key, a writer's re-create is refused as before
        writer().queryParam("version", 1).when().post("/objects/{id}/workflows/accessionWF", id)
                .then().statusCode(403).body("detail", containsString("needs the admin role"));
    }

    @Test
    void theKeyWithAnotherCreateIsA422() {
        String id = WorkflowApi.newObjectId("key");
        writer().header("Idempotency-Key", "create-" + id).queryParam("version", 1)
                .when().post("/objects/{id}/workflows/accessionWF", id).then().statusCode(201);
        writer().header("Idempotency-Key", "create-" + id).queryParam("version", 2)
                .when().post("/objects/{id}/workflows/accessionWF", id)
                .then().statusCode(422).body("detail", containsString("use a new key for a new request"));
        writer().header("Idempotency-Key", "x".repeat(201)).queryParam("version", 2)
                .when().post("/objects/{id}/workflows/accessionWF", id)
                .then().statusCode(400).body("detail", containsString("Idempotency-Key must have 1 to 200 characters"));
    }

    @Test
    void keysAreEachUsersOwn() {
        String id = WorkflowApi.newObjectId("key");
        writer().header("Idempotency-Key", "shared-" + id).queryParam("version", 1)
                .when().post("/objects/{id}/workflows/accessionWF", id).then().statusCode(201);
        // the administrator's key of the same name is another key: a create of its own, not a 422
        given().header("Idempotency-Key", "shared-" + id).queryParam("version", 2)
                .when().post("/objects/{id}/workflows/accessionWF", id).then().statusCode(201);
    }
}
