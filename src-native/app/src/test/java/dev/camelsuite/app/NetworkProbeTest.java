package dev.camelsuite.app;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;

/**
 * What an attacker on the same network meets, as found by a probe from outside: sign-in that cannot be guessed at
 * speed and answers every refusal alike, limits that hold however a body is framed, numbers and ids that cannot cost
 * time or hide characters, a Host header that changes nothing, meters that cannot be flooded, slow headers that do not
 * hold connections, health that tells anonymous callers the status alone, and the usual security headers on every
 * answer. Runs against the packaged application too ({@link NetworkProbeIT}).
 */
@QuarkusTest
class NetworkProbeTest {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void aWrongPasswordGetsTheProblemEveryOther401Gets() {
        for (ValidatableResponse answer : new ValidatableResponse[] {
            given().auth().preemptive().basic(SignedIn.ADMIN, "not-the-password").when().get("/workflow_templates")
                    .then(),
            given().auth().none().when().get("/workflow_templates").then(),
            given().auth().none().header("Authorization", "Basic !!!").when().get("/workflow_templates").then(),
            given().auth().none().header("Authorization", "Bearer abc").when().get("/workflow_templates").then() }) {
            answer.statusCode(401).header("WWW-Authenticate", startsWith("basic"))
                    .contentType(startsWith(ExposedApplicationTest.PROBLEM))
                    .body("status", equalTo(401), "detail", containsString("user and password"));
        }
    }

    @Test
    void repeatedFailedSignInsAreRefusedWith429UntilTheWaitIsOver() throws InterruptedException {
        String user = "guess-" + UUID.randomUUID().toString().substring(0, 6);
        int refusedAt = -1;
        String retryAfter = null;
        for (int i = 0; i < 30 && refusedAt < 0; i++) {
            var answer = given().auth().preemptive().basic(user, "guess-" + i).when().get("/workflow_templates");
            if (answer.statusCode() == 429) {
                refusedAt = i;
                retryAfter = answer.header("Retry-After");
                answer.then().contentType(startsWith(ExposedApplicationTest.PROBLEM))
                        .body("detail", containsString("Too many failed sign-ins"));
            } else {
                assertThat(answer.statusCode()).isEqualTo(401);
            }
        }
        // the default is 10 failures per address; other tests of this run may have failed before
        assertThat(refusedAt).as("refused after at most 10 failures").isBetween(1, 10);
        assertThat(Long.parseLong(retryAfter)).isPositive();
        // while the wait lasts even the right password is not looked at
        given().auth().preemptive().basic(SignedIn.ADMIN, SignedIn.ADMIN_PASSWORD).when().get("/workflow_templates")
                .then().statusCode(429).header("Retry-After", notNullValue());
        Thread.sleep(TimeUnit.SECONDS.toMillis(Long.parseLong(retryAfter)) + 200);
        // then the right password signs in, and the address's failures are forgotten
        given().auth().preemptive().basic(SignedIn.ADMIN, SignedIn.ADMIN_PASSWORD).when().get("/workflow_templates")
                .then().statusCode(200);
        given().auth().preemptive().basic(user, "one more guess").when().get("/workflow_templates")
                .then().statusCode(401);
        given().when().get("/q/metrics").then().statusCode(200)
                .body(containsString("camelsuite_sign_in_failures_total"))
                .body(containsString("camelsuite_sign_in_refused_total{reason=\"address\"}"));
    }

    @Test
    void madeUpPathsShareOneMetricTagAndRealOperationsStayMetered() {
        for (int i = 0; i < 150; i++) {
            given().auth().none().when().get("/made-up-" + i + "/x").then().statusCode(401);
        }
        given().when().get("/made-up-signed-in").then().statusCode(404);
        given().accept("text/turtle").when().get("/enhancer/chain").then().statusCode(200);
        given().accept("text/turtle").when().get("/enhancer/engine").then().statusCode(200);
        given().when().get("/q/metrics").then().statusCode(200)
                .body(containsString("uri=\"/enhancer/chain\""), containsString("uri=\"/enhancer/engine\""),
                        containsString("uri=\"/UNMATCHED\""), not(containsString("made-up")));
    }

    @Test
    void aSlowRequestHeadIsCutOffAndAQuietConnectionIsNot() throws Exception {
        try (Socket slow = new Socket("localhost", RestAssured.port)) {
            slow.setSoTimeout(15_000);
            OutputStream out = slow.getOutputStream();
            out.write("GET /q/health HTTP/1.1\r\nHost: localhost\r\n".getBytes(StandardCharsets.US_ASCII));
            long start = System.nanoTime();
            // one header line a second, never the end of the head: the server closes the connection
            boolean closed = false;
            while (!closed && System.nanoTime() - start < TimeUnit.SECONDS.toNanos(14)) {
                Thread.sleep(1000);
                try {
                    out.write("X-Slow: 1\r\n".getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    closed = slow.getInputStream().available() == 0 && isClosed(slow);
                } catch (IOException e) {
                    closed = true;
                }
            }
            assertThat(closed).as("closed before 14 s").isTrue();
        }
        // a connection that waits between requests is left alone
        try (Socket quiet = new Socket("localhost", RestAssured.port)) {
            quiet.setSoTimeout(10_000);
            assertThat(get(quiet)).startsWith("HTTP/1.1 200");
            Thread.sleep(3000);
            assertThat(get(quiet)).startsWith("HTTP/1.1 200");
        }
    }

    /** Whether the peer closed: a read that ends, without blocking for long. */
    private static boolean isClosed(Socket socket) throws IOException {
        int timeout = socket.getSoTimeout();
        socket.setSoTimeout(50);
        try {
            return socket.getInputStream().read() < 0;
        } catch (java.net.SocketTimeoutException e) {
            return false;
        } finally {
            socket.setSoTimeout(timeout);
        }
    }

    private static String get(Socket socket) throws IOException {
        socket.getOutputStream().write("GET /q/health/live HTTP/1.1\r\nHost: localhost\r\n\r\n"
                .getBytes(StandardCharsets.US_ASCII));
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[4096];
        int n = in.read(buffer);
        String head = new String(buffer, 0, n, StandardCharsets.US_ASCII);
        // read the rest of this answer (a short JSON body) before the next request
        while (!head.contains("\r\n\r\n") || !head.endsWith("}")) {
            n = in.read(buffer);
            head += new String(buffer, 0, n, StandardCharsets.US_ASCII);
        }
        return head;
    }

    @Test
    void aConnectionUpgradedToHttp2IsNotCutOffByTheRequestHeadTimeout() throws Exception {
        // Java's client upgrades a plain connection to HTTP/2 (h2c) with its first request without a body; the
        // connection then carries HTTP/2 frames, busy, for longer than the head timeout (2 s in tests)
        given().auth().preemptive().basic(SignedIn.READER, SignedIn.READER_PASSWORD).when().get("/workflow_templates")
                .then().statusCode(200);
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
        HttpRequest templates = HttpRequest.newBuilder(URI.create("http://localhost:" + RestAssured.port
                                                                  + "/workflow_templates"))
                .header("Authorization", "Basic " + java.util.Base64.getEncoder().encodeToString(
                        (SignedIn.READER + ":" + SignedIn.READER_PASSWORD).getBytes(StandardCharsets.UTF_8)))
                .build();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(4);
        int answered = 0;
        while (System.nanoTime() < until) {
            HttpResponse<String> answer = client.send(templates, HttpResponse.BodyHandlers.ofString());
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(answer.version()).isEqualTo(HttpClient.Version.HTTP_2);
            answered++;
            Thread.sleep(100);
        }
        assertThat(answered).isGreaterThan(20);
    }

    @Test
    void theHostHeaderChangesNoLink() {
        String id = "druid:host" + UUID.randomUUID().toString().substring(0, 6);
        given().header("Host", "evil.example").queryParam("version", 1)
                .when().post("/objects/{id}/workflows/accessionWF", id).then().statusCode(201)
                .header("Location", not(containsString("evil.example")))
                .header("Location", containsString("/objects/" + id + "/workflows/accessionWF"));
        given().header("Host", "evil.example").accept("application/n-triples").when().get("/enhancer/chain")
                .then().statusCode(200).body(not(containsString("evil.example")), containsString("/enhancer/chain/"));
    }

    @Test
    void anonymousHealthIsTheStatusAlone() {
        for (String path : new String[] { "/q/health", "/q/health/ready", "/q/health/live", "/q/health/started" }) {
            given().auth().none().when().get(path).then().statusCode(200)
                    .body("status", equalTo("UP"), "$", not(hasKey("checks")))
                    .body(not(containsString("enhancer")), not(containsString("route")));
        }
        given().when().get("/q/health/ready").then().statusCode(200).body("$", hasKey("checks"));
    }

    @Test
    void idsWithInvisibleCharactersOrInvalidUtf8Are400() {
        for (String id : new String[] { "druid:a%E2%80%AEb", "druid:a%E2%80%A8b", "druid:a%E2%80%8Bb", "druid:a%FFb",
                                        "druid:a%C0%AFb", "druid:a%09b" }) {
            given().urlEncodingEnabled(false).queryParam("version", 1)
                    .when().post("/objects/" + id + "/workflows/accessionWF").then().statusCode(400)
                    .contentType(startsWith(ExposedApplicationTest.PROBLEM)).body("detail", startsWith("The path"));
        }
        given().urlEncodingEnabled(false).when().get("/workflow_queue?waiting=accessionWF:shelve&lane-id=a%E2%80%AE")
                .then().statusCode(400).body("detail", startsWith("The query"));
        // letters of any script are ids like any other
        given().urlEncodingEnabled(false).queryParam("version", 1)
                .when().post("/objects/druid:caf%C3%A9-%E6%9D%B1%E4%BA%AC/workflows/accessionWF").then().statusCode(201);
    }

    @Test
    void everyAnswerHasTheSecurityHeaders() {
        for (ValidatableResponse answer : new ValidatableResponse[] {
            given().when().get("/dashboard/").then().statusCode(200),
            given().when().get("/dashboard/dashboard.js").then().statusCode(200),
            given().when().get("/workflow_templates").then().statusCode(200),
            given().auth().none().when().get("/workflow_templates").then().statusCode(401),
            given().auth().none().when().get("/q/health").then().statusCode(200),
            given().when().get("/no-such-page").then().statusCode(404) }) {
            answer.header("Cache-Control", "private, no-store").header("X-Content-Type-Options", "nosniff")
                    .header("Content-Security-Policy", containsString("frame-ancestors 'none'"))
                    .header("X-Frame-Options", "DENY").header("Referrer-Policy", "no-referrer");
        }
    }

    @Test
    void chunkedBodiesAreHeldToTheSameLimits() throws Exception {
        byte[] note = ("<process name=\"start-accession\" status=\"completed\" errorText=\"" + "x".repeat(1_900_000)
                       + "\"/>").getBytes(StandardCharsets.UTF_8);
        assertThat(chunked("PUT", "/objects/druid:chunk1/workflows/accessionWF/start-accession", "application/xml",
                note).statusCode()).isEqualTo(413);
        byte[] context = ("{\"context\": {\"a\": \"" + "x".repeat(1_900_000) + "\"}}").getBytes(StandardCharsets.UTF_8);
        HttpResponse<String> create = chunked("POST", "/objects/druid:chunk2/workflows/accessionWF?version=1",
                "application/json", context);
        assertThat(create.statusCode()).isEqualTo(413);
        assertThat(create.body()).contains("at most 65536 bytes");
        byte[] text = "a".repeat(1024 * 1024 + 1).getBytes(StandardCharsets.UTF_8);
        assertThat(chunked("POST", "/enhancer", "text/plain", text).statusCode()).isEqualTo(413);
    }

    private static HttpResponse<String> chunked(String method, String path, String type, byte[] body)
            throws IOException, InterruptedException {
        // a body of unknown length: the client sends it in chunks
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + RestAssured.port + path))
                .version(HttpClient.Version.HTTP_1_1).header("Content-Type", type)
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        (SignedIn.ADMIN + ":" + SignedIn.ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8)))
                .method(method, HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body)))
                .timeout(Duration.ofSeconds(30)).build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void numbersFromARequestAreBoundedBeforeAnythingRuns() {
        String id = "druid:num" + UUID.randomUUID().toString().substring(0, 6);
        given().queryParam("version", 1).when().post("/objects/{id}/workflows/accessionWF", id).then().statusCode(201);
        long start = System.nanoTime();
        given().contentType("application/xml")
                .body("<process name=\"start-accession\" status=\"error\" elapsed=\"1e2000000\"/>")
                .when().put("/objects/{id}/workflows/accessionWF/start-accession", id).then().statusCode(400)
                .body("detail", containsString("elapsed"));
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(1000);
        given().contentType("application/xml")
                .body("<process name=\"start-accession\" status=\"completed\" elapsed=\"1e-2000000\"/>")
                .when().put("/objects/{id}/workflows/accessionWF/start-accession", id).then().statusCode(200);
        given().contentType("application/xml")
                .body("<process name=\"descriptive-metadata\" status=\"completed\" elapsed=\"" + "9".repeat(100) + "\"/>")
                .when().put("/objects/{id}/workflows/accessionWF/descriptive-metadata", id).then().statusCode(400)
                .body("detail", containsString("elapsed"));
        given().contentType("application/json").body("{\"context\": {\"pages\": 1e400}}").queryParam("version", 2)
                .when().post("/objects/{id}/workflows/accessionWF", id).then().statusCode(400)
                .body("detail", containsString("context.pages"));
        String deep = "[".repeat(2000) + "]".repeat(2000);
        given().contentType("application/json").body("{\"context\": " + deep + "}").queryParam("version", 2)
                .when().post("/objects/{id}/workflows/accessionWF", id).then().statusCode(400)
                .body("detail", containsString("nested deeper"))
                .body(not(containsString("StreamReadConstraints")), not(containsString("getMaxNestingDepth")));
    }
}
