package dev.camelsuite.app;

import io.quarkus.test.junit.QuarkusIntegrationTest;

/** The probe from outside against the packaged application (target/quarkus-app), at its default settings. */
@QuarkusIntegrationTest
class NetworkProbeIT extends NetworkProbeTest {
}
