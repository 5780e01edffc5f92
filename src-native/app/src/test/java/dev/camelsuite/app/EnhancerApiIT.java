package dev.camelsuite.app;

import io.quarkus.test.junit.QuarkusIntegrationTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.startsWith;

/** The enhancer API against the packaged application (target/quarkus-app), started as its own process. */
@QuarkusIntegrationTest
class EnhancerApiIT extends EnhancerApiTest {

    /**
     * The packaged application has none of the tests' beans (the engine that always fails): its failing chain is one
     * configured for it (the failsafe arguments in the pom), whose engine is a route that is not there.
     */
    @Override
    @Test
    void aFailedRequiredEngineIs500WithStanbolsMessage() {
        given().contentType("text/plain").body(ENGLISH).when().post("/enhancer/chain/broken").then().statusCode(500)
                .contentType(startsWith("application/problem+json"))
                .body("detail", startsWith("Enhancement Chain failed because of required Engine"
                                           + " 'direct:no-such-route?block=false' failed with Message: "));
    }
}
