package dev.camelsuite.app;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dashboard of a new installation, before any work (the packaged application on an empty database), in headless
 * Chromium: each chart with nothing to draw says so in words instead of showing empty axes or a flat zero line, and
 * the last update is a time people read.
 */
class DashboardEmptyIT {

    @TempDir
    Path work;

    @Test
    void beforeAnyWorkTheChartsSayTheyHaveNothingToShow() throws Exception {
        HeadlessChromium chromium = HeadlessChromium.find();
        try (PackagedApplication app = new PackagedApplication(work, Map.of())) {
            app.start().awaitReady(120);
            String page = "http://admin:" + PackagedApplication.PASSWORD + "@localhost:" + app.port() + "/dashboard/";
            HeadlessChromium.Run run = chromium.dumpDom(page, 5000);
            assertThat(run.console()).as("console messages of the page").isEmpty();
            String dom = run.dom();
            assertThat(dom).contains("<p id=\"steps-chart-empty\" class=\"empty\">No active steps yet")
                    .contains("<p id=\"queues-chart-empty\" class=\"empty\">No step is waiting for a robot.")
                    .contains("<p id=\"engines-chart-empty\" class=\"empty\">No enhancement yet")
                    .containsPattern("<p id=\"throughput-chart-empty\" class=\"empty\">(Measuring: the first figures"
                                     + " come with the next update|No robot step and no enhancement since [^<]+)\\.</p>")
                    .contains("<canvas id=\"steps-chart\"").containsPattern("<canvas id=\"steps-chart\"[^>]* hidden")
                    .containsPattern("<time id=\"last-update\" datetime=\"[^\"]+\">[^<T]*\\d{1,2}:\\d{2}:\\d{2}[^<T]*"
                                     + "</time>");
        }
    }
}
