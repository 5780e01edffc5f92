package dev.camelsuite.app.workflow;

import java.util.List;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import static dev.camelsuite.app.workflow.WorkflowApi.create;
import static dev.camelsuite.app.workflow.WorkflowApi.elements;
import static dev.camelsuite.app.workflow.WorkflowApi.newObjectId;
import static dev.camelsuite.app.workflow.WorkflowApi.process;
import static dev.camelsuite.app.workflow.WorkflowApi.put;
import static dev.camelsuite.app.workflow.WorkflowApi.status;
import static dev.camelsuite.app.workflow.WorkflowApi.workflow;
import static dev.camelsuite.app.workflow.WorkflowApi.xml;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.emptyString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

/** {@code /objects/{id}/workflows…}: create, read, update a step, skip all, delete — and each error code. */
@QuarkusTest
class ObjectWorkflowsApiTest {

    private static final String DATETIME = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\+00:00";

    @Test
    void createAnswers201AndTheWorkflowShowsEveryProcessInTheServiceShape() {
        String id = newObjectId("create");
        given().queryParam("version", 1).when().post("/objects/{id}/workflows/accessionWF", id)
                .then().statusCode(201).header("Location", endsWith("/objects/" + id + "/workflows/accessionWF"))
                .body(emptyString());
        Document wf = workflow(id, "accessionWF");
        Element root = wf.getDocumentElement();
        assertThat(root.getTagName()).isEqualTo("workflow");
        assertThat(root.getAttribute("objectId")).isEqualTo(id);
        assertThat(root.getAttribute("id")).isEqualTo("accessionWF");
        assertThat(elements(wf, "process")).extracting(p -> p.getAttribute("name")).containsExactly("start-accession",
                "descriptive-metadata", "rights-metadata", "publish", "shelve", "sdr-ingest-received", "end-accession");
        Element start = process(wf, "start-accession");
        assertThat(start.getAttribute("status")).isEqualTo("completed");
        assertThat(start.getAttribute("lifecycle")).isEqualTo("submitted");
        assertThat(start.getAttribute("version")).isEqualTo("1");
        assertThat(start.getAttribute("laneId")).isEqualTo("default");
        assertThat(start.getAttribute("attempts")).isEqualTo("0");
        assertThat(start.getAttribute("datetime")).matches(DATETIME);
        // absent values are empty attributes, as in the workflow service; no error message unless there is one
        assertThat(start.getAttribute("note")).isEmpty();
        assertThat(start.getAttribute("elapsed")).isEmpty();
        assertThat(start.hasAttribute("context")).isTrue();
        assertThat(start.getAttribute("context")).isEmpty();
        assertThat(start.hasAttribute("errorMessage")).isFalse();
        assertThat(start.hasAttribute("errorText")).isFalse();
        // ready steps are queued at once; the others wait
        assertThat(process(wf, "descriptive-metadata").getAttribute("status")).isEqualTo("queued");
        assertThat(process(wf, "rights-metadata").getAttribute("status")).isEqualTo("queued");
        assertThat(process(wf, "publish").getAttribute("status")).isEqualTo("waiting");
        assertThat(process(wf, "publish").getAttribute("lifecycle")).isEqualTo("published");
    }

    @Test
    void createTakesTheLaneAndTheContextAndReCreatingReplacesTheVersion() {
        String id = newObjectId("context");
        given().queryParam("version", 1).queryParam("lane-id", "fast").contentType("application/json")
                .body("{\"context\": {\"requireOCR\": true, \"ocrLanguages\": [\"Russian\"]}}")
                .when().post("/objects/{id}/workflows/accessionWF", id).then().statusCode(201);
        Document wf = workflow(id, "accessionWF");
        assertThat(elements(wf, "process")).allSatisfy(p -> {
            assertThat(p.getAttribute("laneId")).isEqualTo("fast");
            assertThat(p.getAttribute("context")).isEqualTo("{\"requireOCR\":true,\"ocrLanguages\":[\"Russian\"]}");
        });
        status(id, "accessionWF", "descriptive-metadata", "completed");
        // re-created without a body: the steps start again, the context stays
        given().queryParam("version", 1).contentType("application/json").body("")
                .when().post("/objects/{id}/workflows/accessionWF", id).then().statusCode(201);
        wf = workflow(id, "accessionWF");
        assertThat(elements(wf, "process")).hasSize(7);
        assertThat(process(wf, "descriptive-metadata").getAttribute("status")).isEqualTo("queued");
        assertThat(process(wf, "publish").getAttribute("context")).contains("requireOCR");
        // a null context keeps it too; a string is stored as JSON; a blank one deletes it
        postContext(id, "{\"context\": null}");
        assertThat(process(workflow(id, "accessionWF"), "publish").getAttribute("context")).contains("requireOCR");
        postContext(id, "{\"context\": \"not JSON\"}");
        assertThat(process(workflow(id, "accessionWF"), "publish").getAttribute("context")).isEqualTo("\"not JSON\"");
        postContext(id, "{\"context\": \"\"}");
        assertThat(process(workflow(id, "accessionWF"), "publish").getAttribute("context")).isEmpty();
    }

    @Test
    void aBodyThatIsNotJsonIsIgnoredAsTheWorkflowServiceIgnoresIt() {
        String id = newObjectId("plain");
        given().queryParam("version", 1).contentType("application/octet-stream")
                .body("{\"context\": {\"a\": 1}} or not".getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .when().post("/objects/{id}/workflows/accessionWF", id).then().statusCode(201);
        Document wf = workflow(id, "accessionWF");
        assertThat(elements(wf, "process")).hasSize(7);
        assertThat(process(wf, "publish").getAttribute("context")).isEmpty();
    }

    private static void postContext(String id, String body) {
        given().queryParam("version", 1).contentType("application/json").body(body)
                .when().post("/objects/{id}/workflows/accessionWF", id).then().statusCode(201);
    }

    @Test
    void aNewVersionIsShownAfterTheOldOneAndUpdatesGoToIt() {
        String id = newObjectId("versions");
        create(id, "accessionWF", 1, "default");
        create(id, "accessionWF", 2, "default");
        status(id, "accessionWF", "descriptive-metadata", "completed");
        Document wf = workflow(id, "accessionWF");
        List<Element> processes = elements(wf, "process");
        assertThat(processes).hasSize(14);
        assertThat(processes.subList(0, 7)).allSatisfy(p -> assertThat(p.getAttribute("version")).isEqualTo("1"));
        assertThat(processes.subList(7, 14)).allSatisfy(p -> assertThat(p.getAttribute("version")).isEqualTo("2"));
        assertThat(processes.get(1).getAttribute("status")).isEqualTo("queued");
        assertThat(processes.get(8).getAttribute("status")).isEqualTo("completed");
    }

    @Test
    void createRefusesAnUnknownTemplateAndBadParametersWith400() {
        String id = newObjectId("bad");
        given().queryParam("version", 1).when().post("/objects/{id}/workflows/xaccessionWF", id)
                .then().statusCode(400).body(containsString("xaccessionWF"));
        given().when().post("/objects/{id}/workflows/accessionWF", id)
                .then().statusCode(400).body(containsString("Parameter version is required"));
        given().queryParam("version", "two").when().post("/objects/{id}/workflows/accessionWF", id)
                .then().statusCode(400).body(containsString("Parameter version must be a positive integer"));
        given().queryParam("version", 1).contentType("application/json").body("{\"context\": ")
                .when().post("/objects/{id}/workflows/accessionWF", id)
                .then().statusCode(400).body(containsString("The body must be JSON"));
        // nothing was created
        assertThat(elements(workflow(id, "accessionWF"), "process")).isEmpty();
    }

    @Test
    void anUnknownWorkflowIsAnEmptyWorkflowElement() {
        String id = newObjectId("none");
        Document wf = workflow(id, "accessionWF");
        assertThat(wf.getDocumentElement().getAttribute("objectId")).isEqualTo(id);
        assertThat(wf.getDocumentElement().getAttribute("id")).isEqualTo("accessionWF");
        assertThat(wf.getDocumentElement().getChildNodes().getLength()).isZero();
    }

    @Test
    void allWorkflowsOfAnObjectAreOneWorkflowsElement() {
        String id = newObjectId("all");
        create(id, "etdSubmitWF", 1, "default");
        create(id, "accessionWF", 1, "default");
        given().contentType("application/json").body("{\"context\": {\"a\": 1}}").queryParam("version", 1)
                .when().post("/objects/{id}/workflows/googleScannedBookWF", id).then().statusCode(201);
        for (String path : List.of("/objects/{id}/workflows", "/objects/{id}/workflows/")) {
            Document all = xml(given().when().get(path, id).then().statusCode(200).contentType("application/xml")
                    .extract().asString());
            assertThat(all.getDocumentElement().getTagName()).isEqualTo("workflows");
            assertThat(all.getDocumentElement().getAttribute("objectId")).isEqualTo(id);
            List<Element> workflows = elements(all, "workflow");
            assertThat(workflows).extracting(w -> w.getAttribute("id"))
                    .containsExactly("accessionWF", "etdSubmitWF", "googleScannedBookWF");
            assertThat(workflows).allSatisfy(w -> assertThat(w.getAttribute("objectId")).isEqualTo(id));
            assertThat(elements(workflows.get(1), "process")).hasSize(5);
            // the context belongs to the object version, so every workflow of that version shows it
            assertThat(process(workflows.get(0), "publish").getAttribute("context")).isEqualTo("{\"a\":1}");
        }
        Document none = xml(given().when().get("/objects/{id}/workflows", newObjectId("nobody"))
                .then().statusCode(200).extract().asString());
        assertThat(elements(none, "workflow")).isEmpty();
    }

    @Test
    void updatingAStepAnswersTheNextStepsItQueued() {
        String id = newObjectId("update");
        create(id, "accessionWF", 1, "default");
        put(id, "accessionWF", "descriptive-metadata", "<process name=\"descriptive-metadata\" status=\"completed\"/>")
                .statusCode(200).contentType("application/json").body(equalTo("{\"next_steps\":[]}"));
        put(id, "accessionWF", "rights-metadata", "<?xml version=\"1.0\"?>\n<process name=\"rights-metadata\""
                                                  + " status=\"completed\" elapsed=\"2.5\" note=\"robot-host\""
                                                  + " lifecycle=\"rights-done\"/>")
                .statusCode(200)
                .body("next_steps", hasSize(1))
                .body("next_steps[0].druid", equalTo(id))
                .body("next_steps[0].workflow", equalTo("accessionWF"))
                .body("next_steps[0].process", equalTo("publish"))
                .body("next_steps[0].status", equalTo("queued"))
                .body("next_steps[0].version", equalTo(1))
                .body("next_steps[0].lane_id", equalTo("default"))
                .body("next_steps[0].lifecycle", equalTo("published"))
                .body("next_steps[0].attempts", equalTo(0))
                .body("next_steps[0].active_version", equalTo(true))
                .body("next_steps[0].error_msg", nullValue())
                .body("next_steps[0].completed_at", nullValue());
        Element rights = process(workflow(id, "accessionWF"), "rights-metadata");
        assertThat(rights.getAttribute("status")).isEqualTo("completed");
        assertThat(rights.getAttribute("elapsed")).isEqualTo("2.5");
        assertThat(rights.getAttribute("note")).isEqualTo("robot-host");
        assertThat(rights.getAttribute("lifecycle")).isEqualTo("rights-done");
        // an update without an elapsed time stores 0, as the workflow service does
        assertThat(process(workflow(id, "accessionWF"), "descriptive-metadata").getAttribute("elapsed"))
                .isEqualTo("0.0");
        put(id, "accessionWF", "rights-metadata", "<process name=\"rights-metadata\" status=\"completed\"/>")
                .statusCode(200);
        assertThat(process(workflow(id, "accessionWF"), "rights-metadata").getAttribute("elapsed")).isEqualTo("0.0");
    }

    @Test
    void anErrorShowsItsMessageNotItsTextCountsAnAttemptAndASuccessClearsIt() {
        String id = newObjectId("error");
        create(id, "accessionWF", 1, "default");
        put(id, "accessionWF", "rights-metadata", "<process name=\"rights-metadata\" status=\"error\""
                                                  + " errorMessage=\"failed to do the thing\" errorText=\"box1.foo.edu\"/>")
                .statusCode(200).body("next_steps", hasSize(0));
        Element rights = process(workflow(id, "accessionWF"), "rights-metadata");
        assertThat(rights.getAttribute("status")).isEqualTo("error");
        assertThat(rights.getAttribute("errorMessage")).isEqualTo("failed to do the thing");
        assertThat(rights.hasAttribute("errorText")).isFalse();
        assertThat(rights.getAttribute("attempts")).isEqualTo("1");
        status(id, "accessionWF", "rights-metadata", "completed");
        rights = process(workflow(id, "accessionWF"), "rights-metadata");
        assertThat(rights.hasAttribute("errorMessage")).isFalse();
        assertThat(rights.getAttribute("attempts")).isEqualTo("1");
    }

    @Test
    void attemptsCountEveryStartAndAStepResetToWaitingIsReadyAgain() {
        String id = newObjectId("retry");
        create(id, "accessionWF", 1, "default");
        status(id, "accessionWF", "descriptive-metadata", "started");
        status(id, "accessionWF", "descriptive-metadata", "error");
        // reset by hand: its prerequisites are done, so it is queued again at once and is a next step
        status(id, "accessionWF", "descriptive-metadata", "waiting")
                .body("next_steps.process", contains("descriptive-metadata"))
                .body("next_steps[0].status", equalTo("queued"));
        status(id, "accessionWF", "descriptive-metadata", "started");
        Element step = process(workflow(id, "accessionWF"), "descriptive-metadata");
        assertThat(step.getAttribute("status")).isEqualTo("started");
        assertThat(step.getAttribute("attempts")).isEqualTo("2");
    }

    @Test
    void aStepThatDoesNotExistIs404() {
        String id = newObjectId("missing");
        create(id, "accessionWF", 1, "default");
        put(id, "accessionWF", "no-such-step", "<process name=\"no-such-step\" status=\"completed\"/>")
                .statusCode(404).body(containsString("no-such-step"));
        put(newObjectId("nobody"), "accessionWF", "publish", "<process name=\"publish\" status=\"completed\"/>")
                .statusCode(404);
        // as the workflow service: a missing step is a 404 before a body that does not match it is a 400
        put(id, "accessionWF", "no-such-step", "<process name=\"publish\" status=\"completed\"/>").statusCode(404);
        put(id, "accessionWF", "no-such-step", "<process name=").statusCode(404);
        put(id, "accessionWF", "no-such-step", "<workflow/>").statusCode(404);
        put(id, "accessionWF", "publish", "<process name=").statusCode(400);
    }

    @Test
    void aBodyThatIsNoGoodProcessElementIs400AndChangesNothing() {
        String id = newObjectId("body");
        create(id, "accessionWF", 1, "default");
        put(id, "accessionWF", "publish", "<process name=\"shelve\" status=\"completed\"/>").statusCode(400)
                .body("detail", equalTo("Process name in body (shelve) does not match process name in URI (publish)"));
        put(id, "accessionWF", "publish", "<process status=\"completed\"/>").statusCode(400)
                .body(containsString("Process name in body (none)"));
        put(id, "accessionWF", "publish", "<process name=\"publish\" status=\"finished\"/>").statusCode(400)
                .body(containsString("Unknown status 'finished'")).body(containsString("completed"));
        put(id, "accessionWF", "publish", "<process name=\"publish\"/>").statusCode(400)
                .body(containsString("needs a status"));
        put(id, "accessionWF", "publish", "<process name=\"publish\" status=\"completed\" elapsed=\"soon\"/>")
                .statusCode(400).body(containsString("elapsed"));
        put(id, "accessionWF", "publish", "<process name=\"publish\" status=").statusCode(400)
                .body(containsString("not well-formed XML"));
        put(id, "accessionWF", "publish", "<!DOCTYPE process [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                                          + "<process name=\"publish\" status=\"completed\" note=\"&x;\"/>")
                .statusCode(400).body(containsString("document type declaration"))
                .body(not(containsString("apache.org")), not(containsString("feature")));
        put(id, "accessionWF", "publish", "<workflow/>").statusCode(400).body(containsString("no <process> element"));
        assertThat(process(workflow(id, "accessionWF"), "publish").getAttribute("status")).isEqualTo("waiting");
    }

    @Test
    void aCurrentStatusThatDiffersIs409AndOneThatMatchesUpdates() {
        String id = newObjectId("conflict");
        create(id, "accessionWF", 1, "default");
        given().contentType("application/xml").queryParam("current-status", "queued")
                .body("<process name=\"publish\" status=\"started\"/>")
                .when().put("/objects/{id}/workflows/accessionWF/publish", id)
                .then().statusCode(409)
                .body("detail", equalTo("Status in params (queued) does not match current status (waiting)"));
        assertThat(process(workflow(id, "accessionWF"), "publish").getAttribute("status")).isEqualTo("waiting");
        given().contentType("application/xml").queryParam("current-status", "queued")
                .body("<process name=\"rights-metadata\" status=\"started\"/>")
                .when().put("/objects/{id}/workflows/accessionWF/rights-metadata", id)
                .then().statusCode(200);
        assertThat(process(workflow(id, "accessionWF"), "rights-metadata").getAttribute("status"))
                .isEqualTo("started");
    }

    @Test
    void skipAllSkipsEveryStepWithTheNoteOfTheBody() {
        String id = newObjectId("skip");
        create(id, "accessionWF", 1, "default");
        given().contentType("application/xml")
                .body("<?xml version=\"1.0\"?><process name=\"skip-all\" status=\"skipped\" note=\"no files\"/>")
                .when().post("/objects/{id}/workflows/accessionWF/skip-all", id)
                .then().statusCode(204);
        assertThat(elements(workflow(id, "accessionWF"), "process")).hasSize(7).allSatisfy(p -> {
            assertThat(p.getAttribute("status")).isEqualTo("skipped");
            assertThat(p.getAttribute("note")).isEqualTo("no files");
        });
        // a workflow the object does not have: nothing to skip, 204 as the workflow service answers
        given().when().post("/objects/{id}/workflows/accessionWF/skip-all", newObjectId("nobody"))
                .then().statusCode(204);
        given().contentType("application/xml").body("<process")
                .when().post("/objects/{id}/workflows/accessionWF/skip-all", id)
                .then().statusCode(400);
    }

    @Test
    void deleteRemovesAVersionTheWholeWorkflowOrEverything() {
        String id = newObjectId("delete");
        create(id, "accessionWF", 1, "default");
        create(id, "accessionWF", 2, "default");
        create(id, "etdSubmitWF", 1, "default");
        given().queryParam("version", 1).when().delete("/objects/{id}/workflows/accessionWF", id)
                .then().statusCode(204);
        assertThat(elements(workflow(id, "accessionWF"), "process")).hasSize(7)
                .allSatisfy(p -> assertThat(p.getAttribute("version")).isEqualTo("2"));
        given().queryParam("version", "latest").when().delete("/objects/{id}/workflows/accessionWF", id)
                .then().statusCode(400).body(containsString("Parameter version"));
        given().when().delete("/objects/{id}/workflows/accessionWF", id).then().statusCode(204);
        assertThat(elements(workflow(id, "accessionWF"), "process")).isEmpty();
        assertThat(elements(workflow(id, "etdSubmitWF"), "process")).hasSize(5);
        given().when().delete("/objects/{id}/workflows", id).then().statusCode(204);
        assertThat(elements(workflow(id, "etdSubmitWF"), "process")).isEmpty();
        // deleting what is not there is no error, as in the workflow service
        given().when().delete("/objects/{id}/workflows", id).then().statusCode(204);
    }
}
