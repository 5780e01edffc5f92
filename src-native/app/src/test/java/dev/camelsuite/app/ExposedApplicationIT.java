package dev.camelsuite.app;

import io.quarkus.test.junit.QuarkusIntegrationTest;

/** Sign-in, limits and bad input against the packaged application (target/quarkus-app), started as its own process. */
@QuarkusIntegrationTest
class ExposedApplicationIT extends ExposedApplicationTest {
}
