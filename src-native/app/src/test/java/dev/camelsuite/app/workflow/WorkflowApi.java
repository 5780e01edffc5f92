package dev.camelsuite.app.workflow;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import javax.xml.parsers.DocumentBuilderFactory;

import io.restassured.response.ValidatableResponse;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

import static io.restassured.RestAssured.given;

/** Requests of the workflow API as the workflow service's clients make them, for the tests. */
final class WorkflowApi {

    private WorkflowApi() {
    }

    /** A new object id (the tests share one database). */
    static String newObjectId(String prefix) {
        return "druid:" + prefix + UUID.randomUUID().toString().substring(0, 8);
    }

    /** A new lane, so that a test's queue queries see only its own objects. */
    static String newLane(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    static void create(String objectId, String workflow, int version, String lane) {
        given().queryParam("version", version).queryParam("lane-id", lane)
                .when().post("/objects/{id}/workflows/{wf}", objectId, workflow)
                .then().statusCode(201);
    }

    /** PUT of a step as dor-workflow-client sends it; answers the response to check. */
    static ValidatableResponse put(String objectId, String workflow, String process, String processXml) {
        return given().contentType("application/xml").body(processXml)
                .when().put("/objects/{id}/workflows/{wf}/{process}", objectId, workflow, process)
                .then();
    }

    /** Sets a step's status; the update must succeed. */
    static ValidatableResponse status(String objectId, String workflow, String process, String status) {
        return put(objectId, workflow, process, "<process name=\"" + process + "\" status=\"" + status + "\"/>")
                .statusCode(200);
    }

    /** What a robot does (lyber-core): claims a queued step by a conditional update, then completes it. */
    static ValidatableResponse work(String objectId, String workflow, String process) {
        given().contentType("application/xml").queryParam("current-status", "queued")
                .body("<process name=\"" + process + "\" status=\"started\" note=\"robot-host\"/>")
                .when().put("/objects/{id}/workflows/{wf}/{process}", objectId, workflow, process)
                .then().statusCode(200);
        return put(objectId, workflow, process, "<process name=\"" + process
                                                + "\" status=\"completed\" elapsed=\"1.5\" note=\"robot-host\"/>")
                .statusCode(200);
    }

    /** The XML of an object's workflow (every version), as a document. */
    static Document workflow(String objectId, String workflow) {
        return xml(given().when().get("/objects/{id}/workflows/{wf}", objectId, workflow)
                .then().statusCode(200).contentType("application/xml").extract().asString());
    }

    /** A document of the service's XML answers. */
    static Document xml(String text) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return f.newDocumentBuilder().parse(new InputSource(new StringReader(text)));
        } catch (Exception e) {
            throw new AssertionError("Not XML: " + text, e);
        }
    }

    /** The elements of that name, in document order. */
    static List<Element> elements(Node parent, String name) {
        NodeList nodes = parent instanceof Document d ? d.getElementsByTagName(name)
                : ((Element) parent).getElementsByTagName(name);
        List<Element> elements = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            elements.add((Element) nodes.item(i));
        }
        return elements;
    }

    /** The {@code <process>} of that name of the newest version (the last one shown). */
    static Element process(Node workflow, String name) {
        List<Element> found = elements(workflow, "process").stream().filter(p -> p.getAttribute("name").equals(name))
                .toList();
        if (found.isEmpty()) {
            throw new AssertionError("No process " + name);
        }
        return found.get(found.size() - 1);
    }

    /**
     * The object ids of a {@code /workflow_queue} answer, checking that its {@code count} is their number.
     *
     * @param query e.g. {@code waiting=accessionWF:publish&completed=accessionWF:shelve}
     */
    static List<String> queue(String query) {
        Document objects = xml(given().urlEncodingEnabled(false).when().get("/workflow_queue?" + query)
                .then().statusCode(200).contentType("application/xml").extract().asString());
        List<String> ids = elements(objects, "object").stream().map(o -> o.getAttribute("id")).toList();
        org.assertj.core.api.Assertions.assertThat(objects.getDocumentElement().getAttribute("count"))
                .isEqualTo(String.valueOf(ids.size()));
        return ids;
    }
}
