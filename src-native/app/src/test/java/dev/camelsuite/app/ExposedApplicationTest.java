package dev.camelsuite.app;

import java.util.UUID;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.config.EncoderConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.emptyOrNullString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.hamcrest.Matchers.startsWithIgnoringCase;

/**
 * The application as someone on the network meets it: who may do what without signing in, what a foreign page can
 * make a signed-in browser send, and what bad or oversized requests get. Runs against the packaged application too
 * ({@link ExposedApplicationIT}).
 */
@QuarkusTest
class ExposedApplicationTest {

    static final String PROBLEM = "application/problem+json";
    /** Sends form bodies as the browser does, as they are, instead of RestAssured's own form encoding. */
    private static final RestAssuredConfig FORM_AS_TEXT = RestAssured.config().encoderConfig(EncoderConfig.encoderConfig()
            .encodeContentTypeAs("multipart/form-data", ContentType.TEXT)
            .encodeContentTypeAs("application/x-www-form-urlencoded", ContentType.TEXT));

    @Test
    void withoutSignInOnlyHealthAnswers() {
        given().auth().none().when().get("/q/health/ready").then().statusCode(200);
        given().auth().none().when().get("/q/health").then().statusCode(200)
                // the broker's check names no URL: health is open to anyone
                .body(not(containsString("vm://")), not(containsString("tcp://")));
        given().auth().none().contentType("text/plain").body(EnhancerApiTest.ENGLISH).when().post("/enhancer")
                .then().statusCode(401).header("WWW-Authenticate", startsWithIgnoringCase("basic"));
        given().auth().none().queryParam("version", 1).when().post("/objects/druid:anon1/workflows/accessionWF")
                .then().statusCode(401);
        given().auth().none().when().delete("/objects/druid:anon1/workflows").then().statusCode(401);
        for (String path : new String[] { "/enhancer", "/objects/druid:anon1/workflows", "/workflow_templates",
                                          "/workflow_queue/all_queued", "/dashboard/", "/dashboard/api/status",
                                          "/q/metrics" }) {
            given().auth().none().when().get(path).then().statusCode(401);
        }
        given().auth().preemptive().basic(SignedIn.ADMIN, "not-the-password").when().get("/workflow_templates")
                .then().statusCode(401);
    }

    @Test
    void aFormOfAForeignPageCannotWrite() {
        String id = "druid:csrf" + UUID.randomUUID().toString().substring(0, 8);
        // what an HTML form can send: the workflow API takes none of it for its writes
        for (String type : new String[] { "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
                                          "text/plain" }) {
            given().config(FORM_AS_TEXT).contentType(type).body("a=b").queryParam("version", 1)
                    .when().post("/objects/{id}/workflows/accessionWF", id).then().statusCode(415)
                    .contentType(startsWith(PROBLEM));
            given().config(FORM_AS_TEXT).contentType(type).body("a=b")
                    .when().post("/objects/{id}/workflows/accessionWF/skip-all", id).then().statusCode(415);
        }
        // a form without fields looks like a client's bodiless POST: the page's origin gives it away
        given().contentType("application/x-www-form-urlencoded").header("Origin", "https://foreign.example")
                .queryParam("version", 1).when().post("/objects/{id}/workflows/accessionWF", id)
                .then().statusCode(403);
        // the enhancer takes any content: the page's origin decides
        given().contentType("text/plain").header("Origin", "https://foreign.example").body(EnhancerApiTest.ENGLISH)
                .when().post("/enhancer").then().statusCode(403).contentType(startsWith(PROBLEM))
                .body("detail", containsString("camelsuite.http.allowed-origins"));
        given().contentType("text/plain").header("Sec-Fetch-Site", "cross-site").body(EnhancerApiTest.ENGLISH)
                .when().post("/enhancer").then().statusCode(403);
        // a page of the application itself (the dashboard's origin) and clients that are no browser may
        given().contentType("text/plain").header("Sec-Fetch-Site", "same-origin").body(EnhancerApiTest.ENGLISH)
                .accept("text/turtle").when().post("/enhancer").then().statusCode(200);
        given().auth().none().when().get("/workflow_templates").then().statusCode(401);
        given().queryParam("version", 1).when().post("/objects/{id}/workflows/accessionWF", id).then().statusCode(201);
    }

    @Test
    void bodiesOverTheLimitsAre413() {
        byte[] overMegabyte = new byte[1024 * 1024 + 1];
        java.util.Arrays.fill(overMegabyte, (byte) 'a');
        given().contentType("text/plain").body(overMegabyte).when().post("/enhancer")
                .then().statusCode(413).contentType(startsWith(PROBLEM))
                .body("detail", containsString("at most 1048576 bytes"));
        String bigNote = "x".repeat(64 * 1024);
        given().contentType("application/xml").body("<process name=\"start\" status=\"completed\" note=\"" + bigNote
                                                    + "\"/>")
                .when().put("/objects/druid:big1/workflows/accessionWF/start").then().statusCode(413);
    }

    @Test
    void badParametersAndIdsAre400NamingWhatIsWrong() {
        // the content item's id must be an absolute IRI; refused before any engine runs
        for (String uri : new String[] { "doc-1", "urn:a b", "urn:a\"b", "" }) {
            problem(given().contentType("text/plain").body("Paris.").queryParam("uri", uri).when().post("/enhancer")
                    .then(), 400).body("detail", containsString("Parameter uri"));
        }
        // outputContent is read for a multipart answer, as Stanbol reads it
        problem(given().contentType("text/plain").accept("multipart/form-data").body("Paris.")
                .queryParam("outputContent", "not a type").when().post("/enhancer").then(), 400).body("detail", containsString("outputContent"));
        problem(given().when().get("/objects/{id}/workflows", "x".repeat(256)).then(), 400)
                .body("detail", containsString("object id"));
        problem(given().urlEncodingEnabled(false).when().get("/objects/druid:ctl%01x/workflows").then(), 400)
                .body("detail", containsString("control or invisible character U+0001"));
        problem(given().queryParam("version", "one").when().post("/objects/druid:v1/workflows/accessionWF").then(),
                400).body("detail", containsString("version"));
        problem(given().queryParam("version", 1).queryParam("lane-id", "l".repeat(101))
                .when().post("/objects/druid:lane1/workflows/accessionWF").then(), 400)
                .body("detail", containsString("lane-id"));
        // a limit over the most an answer holds is taken, as the workflow service takes it, and capped
        given().queryParam("waiting", "accessionWF:shelve").queryParam("limit", 10_001)
                .when().get("/workflow_queue").then().statusCode(200).header("X-Limit-Capped", "10000");
        problem(given().queryParam("errors", 100_000).when().get("/dashboard/api/status").then(), 400)
                .body("detail", containsString("errors"));
        given().queryParam("version", 1).when().post("/objects/druid:xml1/workflows/accessionWF").then().statusCode(201);
        problem(given().contentType("application/xml").body("<process name=")
                .when().put("/objects/druid:xml1/workflows/accessionWF/shelve").then(), 400)
                .body("detail", containsString("not well-formed XML"));
    }

    @Test
    void aCreatedWorkflowIsAtAnEscapedLocation() {
        String id = "druid:a b%c" + UUID.randomUUID().toString().substring(0, 4);
        given().queryParam("version", 1).when().post("/objects/{id}/workflows/accessionWF", id)
                .then().statusCode(201)
                .header("Location", allOf(containsString("/objects/druid:a%20b%25c"), endsWith("/workflows/accessionWF")));
        given().when().get("/objects/{id}/workflows/accessionWF", id).then().statusCode(200)
                .body(containsString("objectId=\"" + id + "\""));
    }

    @Test
    void noAnswerShowsSqlOrClassNames() {
        ValidatableResponse[] answers = {
            given().queryParam("version", 1).queryParam("lane-id", "l".repeat(101))
                    .when().post("/objects/druid:sql1/workflows/accessionWF").then(),
            given().when().post("/objects/druid:sql1/workflows/noSuchWF?version=1").then(),
            given().contentType("application/xml").body("<process name=\"shelve\" status=\"no such status\"/>")
                    .when().put("/objects/druid:sql1/workflows/accessionWF/shelve").then(),
            given().contentType("text/plain").body("Paris.").queryParam("executionmetadata", "yes")
                    .when().post("/enhancer").then(),
            given().when().get("/enhancer/chain/noSuchChain/ep").then(),
        };
        for (ValidatableResponse answer : answers) {
            answer.contentType(startsWith(PROBLEM)).body("title", not(emptyOrNullString()))
                    .body(not(containsString("SQL")), not(containsString("Exception")), not(containsString("org.")),
                            not(containsString("java.")), not(containsString("\tat ")));
        }
    }

    private static ValidatableResponse problem(ValidatableResponse answer, int status) {
        return answer.statusCode(status).contentType(startsWith(PROBLEM)).body("status", equalTo(status));
    }
}
