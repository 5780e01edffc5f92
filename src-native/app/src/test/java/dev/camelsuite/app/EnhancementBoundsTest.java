package dev.camelsuite.app;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.chain.Chain;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

/**
 * The enhancer API's bounds: a full set of turns answers 503 with Retry-After at once (the test profile: two turns,
 * one waiting place; a chain out of time: {@link ChainDeadlineTest}). The chain {@code slow} is an endpoint engine that
 * holds each document until the test lets it go.
 */
@QuarkusTest
class EnhancementBoundsTest {

    static volatile CountDownLatch release = new CountDownLatch(1);
    static final AtomicInteger inside = new AtomicInteger();

    @Inject
    CamelContext camelContext;

    private final ExecutorService clients = Executors.newFixedThreadPool(4);

    @BeforeEach
    void slowChain() throws Exception {
        if (camelContext.getRoute("slow-engine") == null) {
            camelContext.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("direct:slow").routeId("slow-engine").process(e -> {
                        inside.incrementAndGet();
                        try {
                            release.await(30, TimeUnit.SECONDS);
                        } finally {
                            inside.decrementAndGet();
                        }
                    });
                }
            });
            camelContext.getComponent("enhancer", EnhancerComponent.class).addChain(Chain.list("slow", "direct:slow"));
        }
        release = new CountDownLatch(1);
    }

    @AfterEach
    void letGo() {
        release.countDown();
        clients.shutdownNow();
    }

    @Test
    void fullTurnsAnswer503WithRetryAfterAtOnce() throws Exception {
        List<CompletableFuture<Integer>> admitted = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            admitted.add(CompletableFuture.supplyAsync(EnhancementBoundsTest::enhanceSlowly, clients));
        }
        // two turns taken, one request waiting for a turn
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (inside.get() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(inside.get()).isEqualTo(2);
        Thread.sleep(300);

        long start = System.nanoTime();
        given().contentType("text/plain").body("one too many").when().post("/enhancer/chain/slow")
                .then().statusCode(503).header("Retry-After", equalTo("2"))
                .body("detail", containsString("Every enhancement turn is taken"));
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(1500);

        release.countDown();
        for (CompletableFuture<Integer> request : admitted) {
            assertThat(request.get(30, TimeUnit.SECONDS)).isEqualTo(200);
        }
        given().when().get("/q/metrics").then().statusCode(200)
                .body(containsString("enhancer_http_refused_total"));
    }

    private static int enhanceSlowly() {
        return given().auth().preemptive().basic(SignedIn.ADMIN, SignedIn.ADMIN_PASSWORD).contentType("text/plain")
                .body("held until released").accept("text/turtle").when().post("/enhancer/chain/slow")
                .then().extract().statusCode();
    }
}
