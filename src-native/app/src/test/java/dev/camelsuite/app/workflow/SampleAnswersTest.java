package dev.camelsuite.app.workflow;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

import static dev.camelsuite.app.workflow.WorkflowApi.create;
import static dev.camelsuite.app.workflow.WorkflowApi.newObjectId;
import static dev.camelsuite.app.workflow.WorkflowApi.status;
import static dev.camelsuite.app.workflow.WorkflowApi.xml;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample answers of docs/workflow-api.adoc are the shapes a real run answers: for each, the same request is sent
 * and the answer's elements and attributes (XML, in their order) or keys (JSON) are the sample's. Values differ from
 * run to run (dates, ids); the shape is what a client depends on.
 */
@QuarkusTest
class SampleAnswersTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The sample blocks of the page, in order: its XML and JSON blocks that are answers (the update body is not). */
    static List<String> samples() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("../../docs/workflow-api.adoc"));
        List<String> samples = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).matches("\\[source,(xml|json)\\]") && lines.get(i + 1).equals("----")) {
                StringBuilder block = new StringBuilder();
                for (int j = i + 2; !lines.get(j).equals("----"); j++) {
                    // "…" stands for more of the same in the samples
                    if (!lines.get(j).strip().equals("…")) {
                        block.append(lines.get(j).replace(",\n     …]", "]")).append('\n');
                    }
                }
                String text = block.toString().replaceAll(",\\s*…\\s*]", "]");
                if (!text.startsWith("<process ")) {
                    samples.add(text);
                }
            }
        }
        return samples;
    }

    @Test
    void everySampleAnswerHasTheShapeOfARealOne() throws Exception {
        List<String> samples = samples();
        assertThat(samples).hasSize(8);
        String id = newObjectId("sample");
        create(id, "accessionWF", 1, "default");
        status(id, "accessionWF", "rights-metadata", "error");
        status(id, "accessionWF", "descriptive-metadata", "completed");
        String nextSteps = status(id, "accessionWF", "rights-metadata", "completed").extract().asString();
        String workflow = given().when().get("/objects/{id}/workflows/accessionWF", id).then().statusCode(200)
                .extract().asString();
        String lifecycle = given().when().get("/objects/{id}/lifecycle", id).then().statusCode(200).extract().asString();
        String queue = given().urlEncodingEnabled(false).when()
                .get("/workflow_queue?waiting=accessionWF:shelve&completed=accessionWF:descriptive-metadata"
                     + "&completed=accessionWF:rights-metadata&lane-id=default&limit=100")
                .then().statusCode(200).extract().asString();
        String queued = given().when().get("/workflow_queue/all_queued?hours-ago=0&limit=100").then().statusCode(200)
                .extract().asString();
        String template = given().when().get("/workflow_templates/accessionWF").then().statusCode(200).extract()
                .asString();
        // the tests' robot of dashboardWF/check holds slow:* for 3 s and fails bad:* twice
        String slow = "slow:sample" + java.util.UUID.randomUUID().toString().substring(0, 8);
        String bad = "bad:sample" + java.util.UUID.randomUUID().toString().substring(0, 8);
        create(slow, "dashboardWF", 1, "default");
        create(bad, "dashboardWF", 1, "default");
        String started = awaitAnswer("/workflow_queue/all_started?workflow=dashboardWF", "druid=\"" + slow + "\"");
        String attempts = awaitAnswer("/objects/" + bad + "/workflows/dashboardWF/check/attempts", "status=\"error\"");

        assertSameXmlShape(samples.get(0), workflow);
        assertSameJsonShape(samples.get(1), nextSteps);
        assertSameXmlShape(samples.get(2), lifecycle);
        assertSameXmlShape(samples.get(3), queue);
        assertSameXmlShape(samples.get(4), queued);
        assertSameXmlShape(samples.get(5), started);
        assertSameXmlShape(samples.get(6), attempts);
        assertSameJsonShape(samples.get(7), template);
    }

    /** The answer of {@code path} once it holds {@code text}, within 30 s. */
    private static String awaitAnswer(String path, String text) throws InterruptedException {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
        String answer = "";
        while (System.nanoTime() < deadline) {
            answer = given().urlEncodingEnabled(false).when().get(path).then().statusCode(200).extract().asString();
            if (answer.contains(text)) {
                return answer;
            }
            Thread.sleep(50);
        }
        throw new AssertionError(path + " never held " + text + ": " + answer);
    }

    /** Each element name of the sample with the attribute names of its first occurrence, in order. */
    private static void assertSameXmlShape(String sample, String answer) {
        assertThat(shape(xml(answer))).as("the shape of %s", answer).containsAllEntriesOf(shape(xml(sample)));
    }

    private static Map<String, List<String>> shape(Document document) {
        Map<String, List<String>> shape = new LinkedHashMap<>();
        collect(document.getDocumentElement(), shape);
        return shape;
    }

    private static void collect(Element element, Map<String, List<String>> shape) {
        List<String> attributes = new ArrayList<>();
        NamedNodeMap map = element.getAttributes();
        for (int i = 0; i < map.getLength(); i++) {
            attributes.add(map.item(i).getNodeName());
        }
        // the attributes a client reads, whatever order the parser keeps them in; errorMessage only when set
        attributes.sort(String::compareTo);
        attributes.remove("errorMessage");
        shape.putIfAbsent(element.getTagName(), attributes);
        for (Node child = element.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element e) {
                collect(e, shape);
            }
        }
    }

    /** The sample's keys, at every level (the first element of an array), are the answer's. */
    private static void assertSameJsonShape(String sample, String answer) throws IOException {
        assertThat(keys(JSON.readTree(answer), "")).as("the keys of %s", answer)
                .containsAll(keys(JSON.readTree(sample), ""));
    }

    private static List<String> keys(JsonNode node, String path) {
        List<String> keys = new ArrayList<>();
        if (node.isArray() && !node.isEmpty()) {
            keys.addAll(keys(node.get(0), path + "[]"));
        } else if (node.isObject()) {
            for (Iterator<String> names = node.fieldNames(); names.hasNext();) {
                String name = names.next();
                keys.add(path + "." + name);
                keys.addAll(keys(node.get(name), path + "." + name));
            }
        }
        return keys;
    }
}
