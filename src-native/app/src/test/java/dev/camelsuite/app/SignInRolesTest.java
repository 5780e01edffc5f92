package dev.camelsuite.app;

import java.util.UUID;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;

/** What each role may do: readers read, writers also enhance and change steps, administrators also destroy. */
@QuarkusTest
class SignInRolesTest {

    @Test
    void aReaderReadsAndWritesNothing() {
        String id = newObjectId();
        given().auth().preemptive().basic(SignedIn.READER, SignedIn.READER_PASSWORD).when().get("/workflow_templates")
                .then().statusCode(200);
        given().auth().preemptive().basic(SignedIn.READER, SignedIn.READER_PASSWORD).when().get("/dashboard/")
                .then().statusCode(200);
        given().auth().preemptive().basic(SignedIn.READER, SignedIn.READER_PASSWORD).when().get("/q/metrics")
                .then().statusCode(200);
        given().auth().preemptive().basic(SignedIn.READER, SignedIn.READER_PASSWORD).contentType("text/plain")
                .body(EnhancerApiTest.ENGLISH).when().post("/enhancer").then().statusCode(403);
        given().auth().preemptive().basic(SignedIn.READER, SignedIn.READER_PASSWORD).queryParam("version", 1)
                .when().post("/objects/{id}/workflows/accessionWF", id).then().statusCode(403);
    }

    @Test
    void aWriterEnhancesCreatesAndUpdatesButDestroysNothing() {
        String id = newObjectId();
        asWriter().contentType("text/plain").body(EnhancerApiTest.ENGLISH).accept("text/turtle").when()
                .post("/enhancer").then().statusCode(200);
        asWriter().queryParam("version", 1).when().post("/objects/{id}/workflows/accessionWF", id)
                .then().statusCode(201);
        asWriter().contentType("application/xml").body("<process name=\"start-accession\" status=\"completed\"/>")
                .when().put("/objects/{id}/workflows/accessionWF/start-accession", id).then().statusCode(200);
        // re-creating resets the steps: an administrator's decision
        asWriter().queryParam("version", 1).when().post("/objects/{id}/workflows/accessionWF", id)
                .then().statusCode(403).body("detail", containsString("admin role"));
        // a new version is a plain create
        asWriter().queryParam("version", 2).when().post("/objects/{id}/workflows/accessionWF", id)
                .then().statusCode(201);
        asWriter().contentType("application/xml").when().post("/objects/{id}/workflows/accessionWF/skip-all", id)
                .then().statusCode(403);
        asWriter().when().delete("/objects/{id}/workflows/accessionWF", id).then().statusCode(403);
        asWriter().when().delete("/objects/{id}/workflows", id).then().statusCode(403);
    }

    @Test
    void anAdministratorDoesEverything() {
        String id = newObjectId();
        given().queryParam("version", 1).when().post("/objects/{id}/workflows/accessionWF", id).then().statusCode(201);
        given().queryParam("version", 1).when().post("/objects/{id}/workflows/accessionWF", id).then().statusCode(201);
        given().contentType("application/xml").when().post("/objects/{id}/workflows/accessionWF/skip-all", id)
                .then().statusCode(204);
        given().when().delete("/objects/{id}/workflows/accessionWF", id).then().statusCode(204);
        given().when().delete("/objects/{id}/workflows", id).then().statusCode(204);
    }

    private static io.restassured.specification.RequestSpecification asWriter() {
        return given().auth().preemptive().basic(SignedIn.WRITER, SignedIn.WRITER_PASSWORD);
    }

    private static String newObjectId() {
        return "druid:roles" + UUID.randomUUID().toString().substring(0, 8);
    }
}
