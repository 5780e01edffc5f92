package dev.camelsuite.app;

import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dashboard in headless Chromium: it loads without console errors, its charts draw the numbers the status API
 * reports, its errors link to the object's workflow; a screenshot is kept in target/screenshots.
 */
@QuarkusTest
class DashboardBrowserTest {

    private static final Pattern CANVAS = Pattern.compile("<canvas id=\"([a-z-]+)\"[^>]*data-values=\"([^\"]*)\"");

    @TestHTTPResource("/dashboard/")
    URL page;

    @Test
    void chartsShowWhatTheApiReports() throws Exception {
        HeadlessChromium chromium = HeadlessChromium.find();
        TestData.create("dashboardWF", "druid:browse1", "druid:browse2", "bad:browse3");
        TestData.awaitStatus("druid:browse2", "dashboardWF", "check", "completed");
        TestData.awaitStatus("bad:browse3", "dashboardWF", "check", "error");

        // a reader signs in: the browser takes the credentials from the address and sends them with the page's calls
        String signedIn = page.toString().replace("://", "://" + SignedIn.READER + ":" + SignedIn.READER_PASSWORD + "@");
        HeadlessChromium.Run run = chromium.dumpDom(signedIn, 5000);
        JsonNode api = new ObjectMapper().readTree(given().get("/dashboard/api/status").asString());

        assertThat(run.console()).as("console messages of the page").isEmpty();
        Map<String, JsonNode> charts = charts(run.dom());
        assertThat(charts).containsKeys("steps-chart", "queues-chart", "throughput-chart", "engines-chart");

        // the stacked steps chart: per process, per status, the API's count
        JsonNode steps = charts.get("steps-chart");
        List<String> labels = texts(steps.get("labels"));
        for (JsonNode count : api.get("steps")) {
            String label = count.get("workflow").asText() + "/" + count.get("process").asText();
            JsonNode dataset = dataset(steps, count.get("status").asText());
            assertThat(dataset.get("data").get(labels.indexOf(label)).asLong()).as(label + " " + count.get("status"))
                    .isEqualTo(count.get("count").asLong());
        }
        assertThat(labels).contains("dashboardWF/check", "dashboardWF/release");

        JsonNode queues = charts.get("queues-chart");
        List<String> queueLabels = texts(queues.get("labels"));
        for (JsonNode queue : api.get("queues")) {
            String label = queue.get("workflow").asText() + "/" + queue.get("process").asText();
            assertThat(queues.get("datasets").get(0).get("data").get(queueLabels.indexOf(label)).asLong())
                    .as(label).isEqualTo(queue.get("ready").asLong());
        }
        // the errors table links each error to the object's workflow in the workflow API
        assertThat(run.dom()).contains("<a href=\"/objects/bad%3Abrowse3/workflows/dashboardWF\">bad:browse3</a>")
                .contains("bad:browse3 does not pass the check")
                // and to the attempts robots made at the step
                .contains("<a href=\"/objects/bad%3Abrowse3/workflows/dashboardWF/check/attempts\">attempts</a>")
                // and to the dry run of a repair of the steps in error at that process
                .contains("<a href=\"../workflow_repairs?workflow=dashboardWF&amp;process=check&amp;to=queued\">steps in"
                          + " error here</a>");
        // refreshed at least twice within the budget: the throughput chart has points
        assertThat(charts.get("throughput-chart").get("labels").size()).isGreaterThanOrEqualTo(1);
        // the time of the last update as people read it (the API's instant is in the element's datetime), and the
        // charts with something to draw drawn, not their empty notes
        Matcher lastUpdate = Pattern.compile("<time id=\"last-update\" datetime=\"([^\"]+)\">([^<]+)</time>")
                .matcher(run.dom());
        assertThat(lastUpdate.find()).as("the last update in %s", run.dom()).isTrue();
        assertThat(lastUpdate.group(2)).isNotEqualTo("not yet").doesNotContain("T").doesNotContain("Z")
                .matches(".*\\d{1,2}:\\d{2}:\\d{2}.*");
        assertThat(run.dom()).contains("<p id=\"steps-chart-empty\" class=\"empty\" hidden=\"\">");

        Path screenshot = Path.of("target", "screenshots", "dashboard.png");
        HeadlessChromium.Run shot = chromium.screenshot(signedIn, screenshot, 5000);
        assertThat(shot.console()).isEmpty();
        assertThat(screenshot).exists();
        assertThat(Files.size(screenshot)).isGreaterThan(10_000);
    }

    private static Map<String, JsonNode> charts(String dom) throws Exception {
        Map<String, JsonNode> charts = new java.util.HashMap<>();
        Matcher m = CANVAS.matcher(dom);
        while (m.find()) {
            String json = m.group(2).replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">")
                    .replace("&amp;", "&");
            charts.put(m.group(1), new ObjectMapper().readTree(json));
        }
        return charts;
    }

    private static JsonNode dataset(JsonNode chart, String label) {
        for (JsonNode d : chart.get("datasets")) {
            if (d.get("label").asText().equals(label)) {
                return d;
            }
        }
        throw new AssertionError("no dataset " + label + " in " + chart);
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(n -> texts.add(n.asText()));
        return texts;
    }
}
