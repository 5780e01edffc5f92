package dev.camelsuite.app;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.chain.Chain;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import jakarta.inject.Inject;
import org.apache.camel.CamelContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

/**
 * A chain's time limit stops its work, and so does a client that goes away: the answer comes at the limit (503) and
 * the engine still running stops within a second, through its {@link dev.camelsuite.enhancer.spi.Cancellation}.
 * The chain {@code patient} runs the {@link PatientEngine}, which would work for two minutes; the test profile gives a
 * chain 15 s.
 */
@QuarkusTest
class ChainDeadlineTest {

    private static final long LIMIT_MILLIS = 15_000;

    @Inject
    CamelContext camelContext;

    @Inject
    PatientEngine engine;

    @BeforeEach
    void patientChain() {
        EnhancerComponent enhancer = camelContext.getComponent("enhancer", EnhancerComponent.class);
        if (!enhancer.getChainNames().contains("patient")) {
            enhancer.addChain(Chain.list("patient", PatientEngine.NAME));
        }
        engine.reset();
    }

    @Test
    void atTheLimitTheAnswerIs503AndTheEngineStops() throws InterruptedException {
        long start = System.nanoTime();
        given().contentType("text/plain").body("worked on past the chain's time").when().post("/enhancer/chain/patient")
                .then().statusCode(503).header("Retry-After", org.hamcrest.Matchers.notNullValue())
                .body("detail", containsString("did not finish within " + LIMIT_MILLIS + " ms"));
        long answered = System.nanoTime();
        assertThat(TimeUnit.NANOSECONDS.toMillis(answered - start)).isBetween(LIMIT_MILLIS - 1000, LIMIT_MILLIS + 1000);
        awaitStopped();
        assertThat(TimeUnit.NANOSECONDS.toMillis(engine.stoppedNanos - answered)).isLessThan(1000);
        assertThat(engine.stoppedBecause).contains("did not complete within");
    }

    @Test
    void aClientThatGoesAwayStopsTheEngine() throws Exception {
        byte[] body = "nobody will read the answer".getBytes(StandardCharsets.UTF_8);
        long closed;
        try (Socket socket = new Socket("localhost", RestAssured.port)) {
            OutputStream out = socket.getOutputStream();
            String credentials = Base64.getEncoder().encodeToString((SignedIn.WRITER + ":" + SignedIn.WRITER_PASSWORD)
                    .getBytes(StandardCharsets.UTF_8));
            out.write(("POST /enhancer/chain/patient HTTP/1.1\r\nHost: localhost\r\nAuthorization: Basic "
                       + credentials + "\r\nContent-Type: text/plain\r\nContent-Length: " + body.length + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (engine.enteredNanos == 0 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(engine.enteredNanos).as("the engine started").isPositive();
            InputStream in = socket.getInputStream();
            assertThat(in.available()).isZero();
            closed = System.nanoTime();
        }
        awaitStopped();
        assertThat(TimeUnit.NANOSECONDS.toMillis(engine.stoppedNanos - closed)).isLessThan(1000);
        assertThat(engine.stoppedBecause).contains("the client went away");
    }

    private void awaitStopped() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (engine.stoppedNanos == 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(engine.stoppedNanos).as("the engine stopped").isPositive();
    }
}
