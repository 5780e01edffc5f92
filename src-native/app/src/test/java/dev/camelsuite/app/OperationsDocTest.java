package dev.camelsuite.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/operations.adoc lists the meters the application publishes, exactly: each one it names is in {@code /q/metrics}
 * once the application has worked (a chain, a robot, a remote producer and its workers), and each meter of the
 * suite's own ({@code enhancer_*}, {@code workflow_*}) in {@code /q/metrics} is in the page.
 */
@QuarkusTest
class OperationsDocTest {

    private static final Pattern NAME = Pattern.compile("`([^`]+)`");

    /** The first cell of each row of the page's meter table, as names ({@code …_x} continues the row's first name). */
    static List<String> documentedMeters() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("../../docs/operations.adoc"));
        int start = lines.indexOf("== Metrics");
        List<String> meters = new ArrayList<>();
        boolean inTable = false;
        for (String line : lines.subList(start, lines.size())) {
            if (line.equals("|===")) {
                if (inTable) {
                    break;
                }
                inTable = true;
                continue;
            }
            if (!inTable || !line.startsWith("| `")) {
                continue;
            }
            String cell = line.substring(2, line.indexOf(" | ", 2) < 0 ? line.length() : line.indexOf(" | ", 2));
            Matcher m = NAME.matcher(cell);
            String stem = null;
            while (m.find()) {
                String name = m.group(1).replaceAll("\\{.*}", "");
                if (stem == null) {
                    stem = name.substring(0, name.lastIndexOf('_', name.length() - 1 - (name.endsWith("_total") ? 6 : 0)));
                } else if (name.startsWith("…")) {
                    name = stem + name.substring(1);
                }
                meters.add(name.replace("…", ""));
            }
        }
        return meters;
    }

    @Test
    void theMetersThePageNamesAreTheOnesPublished() throws Exception {
        // work for every meter: a chain here, a robot, a remote producer and its workers (camel/documents.yaml)
        given().contentType("text/plain").body(EnhancerApiTest.ENGLISH).when().post("/enhancer").then().statusCode(200);
        TestData.createWithContext("documentWF", "doc:ops-1", "{\"text\": \"Paris is in France.\"}");
        TestData.awaitStatus("doc:ops-1", "documentWF", "enhance", "completed");
        // the page's health data of a remote producer, under the camel check
        given().when().get("/q/health/ready").then().statusCode(200)
                .body("checks.find { it.name == 'camel' }.data.'enhancer-producer-enhancer.default.workers'",
                        org.hamcrest.Matchers.notNullValue())
                .body("checks.find { it.name == 'camel' }.data.'enhancer-producer-enhancer.default.inFlight'",
                        org.hamcrest.Matchers.notNullValue());
        String metrics = given().when().get("/q/metrics").then().statusCode(200).extract().asString();
        Set<String> published = new TreeSet<>();
        for (String line : metrics.split("\n")) {
            if (!line.isBlank() && !line.startsWith("#")) {
                published.add(line.split("[{ ]", 2)[0]);
            }
        }
        List<String> documented = documentedMeters();
        assertThat(documented).hasSizeGreaterThan(10);
        for (String meter : documented) {
            String prefix = meter.endsWith("*") ? meter.substring(0, meter.length() - 1) : meter;
            assertThat(published).as("published meters named as the page's %s", meter)
                    .anyMatch(p -> meter.endsWith("*") ? p.startsWith(prefix) : p.startsWith(prefix));
        }
        for (String meter : published) {
            if (meter.startsWith("enhancer_") || meter.startsWith("workflow_")) {
                assertThat(documented).as("the page's meters for the published %s", meter)
                        .anyMatch(d -> meter.startsWith(d.replace("*", "")));
            }
        }
    }
}
