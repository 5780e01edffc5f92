package dev.camelsuite.app;

import io.quarkus.test.junit.QuarkusIntegrationTest;

/** The enhancer API against the packaged application (target/quarkus-app), started as its own process. */
@QuarkusIntegrationTest
class EnhancerApiIT extends EnhancerApiTest {
}
