package dev.camelsuite.app;

import java.util.function.Supplier;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every error answer of both HTTP APIs is a problem (RFC 9457, {@code application/problem+json}) whose detail says
 * what was wrong, with no stack trace, SQL or class name: the refusals of sign-in and roles, unknown paths and
 * methods, content types, sizes, parameters and bodies.
 */
@QuarkusTest
class ProblemDetailsTest {

    private static void problem(int status, String detailContains, Supplier<Response> request) {
        Response answer = request.get();
        assertThat(answer.statusCode()).as(answer.asString()).isEqualTo(status);
        assertThat(answer.contentType()).as("content type of a %d", status).startsWith("application/problem+json");
        assertThat(answer.jsonPath().getInt("status")).isEqualTo(status);
        String detail = answer.jsonPath().getString("detail");
        assertThat(detail).as("detail of a %d", status).isNotBlank().containsIgnoringCase(detailContains);
        assertThat(answer.asString()).doesNotContain("Exception", "\tat ", "SELECT ", "dev.camelsuite");
    }

    @Test
    void signInAndRoles() {
        problem(401, "sign in", () -> given().auth().none().contentType("text/plain").body("Paris.").post("/enhancer"));
        problem(401, "sign in", () -> given().auth().none().get("/objects/druid:p1/workflows"));
        problem(403, "role", () -> given().auth().preemptive().basic(SignedIn.READER, SignedIn.READER_PASSWORD)
                .contentType("text/plain").body("Paris.").post("/enhancer"));
    }

    @Test
    void pathsMethodsAndContentTypes() {
        problem(404, "/no/such/path", () -> given().get("/no/such/path"));
        problem(404, "no chain named", () -> given().contentType("text/plain").body("Paris.")
                .post("/enhancer/chain/no-such-chain"));
        problem(404, "no engine named", () -> given().contentType("text/plain").body("Paris.")
                .post("/enhancer/engine/no-such-engine"));
        problem(405, "DELETE", () -> given().delete("/enhancer"));
        problem(406, "text/turtle", () -> given().contentType("text/plain").accept("image/png").body("Paris.")
                .post("/enhancer"));
        problem(415, "application/json", () -> given().contentType("application/json").body("{}")
                .put("/objects/druid:p1/workflows/accessionWF/shelve"));
    }

    @Test
    void parametersAndBodies() {
        problem(400, "executionmetadata", () -> given().contentType("text/plain").body("Paris.")
                .queryParam("executionmetadata", "yes").post("/enhancer"));
        problem(400, "rdfFormat", () -> given().contentType("text/plain").body("Paris.")
                .queryParam("rdfFormat", "text/csv").post("/enhancer"));
        problem(400, "content", () -> given().contentType("text/plain").body("").post("/enhancer"));
        problem(400, "active-only", () -> given().queryParam("active-only", "yes").get("/objects/druid:p1/lifecycle"));
        problem(400, "waiting", () -> given().get("/workflow_queue"));
        problem(400, "template", () -> given().queryParam("version", 1).post("/objects/druid:p1/workflows/noSuchWF"));
        problem(413, "1048576", () -> given().contentType("text/plain").body("x".repeat(1024 * 1024 + 1))
                .post("/enhancer"));
    }
}
