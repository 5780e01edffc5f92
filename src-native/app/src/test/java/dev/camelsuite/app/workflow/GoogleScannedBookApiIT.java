package dev.camelsuite.app.workflow;

import io.quarkus.test.junit.QuarkusIntegrationTest;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The Google scanned book through the workflow API of the packaged application, started as its own process. Failsafe
 * runs it after packaging (it sets native.image.path); a surefire run selecting this package skips it, as there may be
 * no packaged application yet.
 */
@QuarkusIntegrationTest
@EnabledIfSystemProperty(named = "native.image.path", matches = ".+")
class GoogleScannedBookApiIT extends GoogleScannedBookApiTest {
}
