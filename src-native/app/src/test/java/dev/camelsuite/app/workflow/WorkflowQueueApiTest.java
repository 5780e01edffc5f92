package dev.camelsuite.app.workflow;

import java.util.List;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import static dev.camelsuite.app.workflow.WorkflowApi.create;
import static dev.camelsuite.app.workflow.WorkflowApi.elements;
import static dev.camelsuite.app.workflow.WorkflowApi.newLane;
import static dev.camelsuite.app.workflow.WorkflowApi.newObjectId;
import static dev.camelsuite.app.workflow.WorkflowApi.put;
import static dev.camelsuite.app.workflow.WorkflowApi.queue;
import static dev.camelsuite.app.workflow.WorkflowApi.status;
import static dev.camelsuite.app.workflow.WorkflowApi.xml;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

/**
 * {@code /workflow_queue}: objects waiting at a step with other steps done (of the same workflow or another), objects
 * in error, objects that completed a step, lanes, and long-queued steps. Each test works in a lane of its own, so its
 * queue queries see only its objects.
 */
@QuarkusTest
class WorkflowQueueApiTest {

    @Test
    void waitingListsTheStepsStillWaitingOldestFirstNotThoseQueuedForRobots() {
        String lane = newLane("waiting");
        String first = newObjectId("w1-");
        String second = newObjectId("w2-");
        String ready = newObjectId("w3-");
        String neither = newObjectId("w4-");
        for (String id : List.of(first, second, ready, neither)) {
            create(id, "accessionWF", 1, lane);
        }
        for (String id : List.of(first, second, ready)) {
            status(id, "accessionWF", "descriptive-metadata", "completed");
        }
        // both prerequisites done: publish is queued for its robots, so no longer waiting, as in the workflow service
        status(ready, "accessionWF", "rights-metadata", "completed");
        String query = "waiting=accessionWF:publish&completed=accessionWF:descriptive-metadata&lane-id=" + lane;
        assertThat(queue(query)).containsExactly(first, second);
        assertThat(queue(query + "&limit=1")).containsExactly(first);
        assertThat(queue("waiting=accessionWF:publish&completed=accessionWF:descriptive-metadata"
                         + "&completed=accessionWF:rights-metadata&lane-id=" + lane)).isEmpty();
        // only the named steps must be done
        assertThat(queue("waiting=accessionWF:publish&lane-id=" + lane)).containsExactly(first, second, neither);
        // the repository prefix of older clients is ignored, as the workflow service ignores it
        assertThat(queue("waiting=dor%3AaccessionWF%3Apublish&completed=dor:accessionWF:descriptive-metadata"
                         + "&lane-id=" + lane)).containsExactly(first, second);
        // another lane has none of them
        assertThat(queue(query.replace(lane, newLane("other")))).isEmpty();
        // a step that a robot started is no longer waiting
        status(first, "accessionWF", "publish", "started");
        assertThat(queue(query)).containsExactly(second);
    }

    @Test
    void aSkipQueueStepWaitsForItsSignalAndIsListedOnceItsPrerequisiteIsDone() {
        String lane = newLane("signal");
        String id = newObjectId("s-");
        create(id, "accessionWF", 1, lane);
        for (String step : List.of("descriptive-metadata", "rights-metadata", "publish")) {
            status(id, "accessionWF", step, "completed");
        }
        String query = "waiting=accessionWF:sdr-ingest-received&completed=accessionWF:shelve&lane-id=" + lane;
        assertThat(queue(query)).isEmpty();
        status(id, "accessionWF", "shelve", "completed").body("next_steps", org.hamcrest.Matchers.empty());
        assertThat(queue(query)).containsExactly(id);
        // the store never queues a skip-queue step: one a client set to queued is no longer waiting, as in the original
        status(id, "accessionWF", "sdr-ingest-received", "queued");
        assertThat(queue(query)).isEmpty();
        status(id, "accessionWF", "sdr-ingest-received", "waiting");
        assertThat(queue(query)).containsExactly(id);
        status(id, "accessionWF", "sdr-ingest-received", "completed")
                .body("next_steps.process", org.hamcrest.Matchers.contains("end-accession"));
        assertThat(queue(query)).isEmpty();
    }

    @Test
    void completedStepsOfAnotherWorkflowAreJoined() {
        String lane = newLane("join");
        String downloaded = newObjectId("j1-");
        String notDownloaded = newObjectId("j2-");
        String noBook = newObjectId("j3-");
        for (String id : List.of(downloaded, notDownloaded, noBook)) {
            create(id, "accessionWF", 1, lane);
            status(id, "accessionWF", "descriptive-metadata", "completed");
        }
        create(downloaded, "googleScannedBookWF", 1, lane);
        create(notDownloaded, "googleScannedBookWF", 1, lane);
        status(downloaded, "googleScannedBookWF", "google-download", "completed");
        String query = "waiting=accessionWF:publish&completed=accessionWF:descriptive-metadata"
                       + "&completed=googleScannedBookWF:google-download&lane-id=" + lane;
        assertThat(queue(query)).containsExactly(downloaded);
        assertThat(queue("waiting=accessionWF:publish&completed=accessionWF:descriptive-metadata&lane-id=" + lane))
                .containsExactly(downloaded, notDownloaded, noBook);
        // a new version of the other workflow is not done yet
        create(downloaded, "googleScannedBookWF", 2, lane);
        assertThat(queue(query)).isEmpty();
    }

    @Test
    void errorListsTheObjectsInErrorAtAStep() {
        String lane = newLane("error");
        String failed = newObjectId("e1-");
        String fine = newObjectId("e2-");
        create(failed, "accessionWF", 1, lane);
        create(fine, "accessionWF", 1, lane);
        put(failed, "accessionWF", "rights-metadata", "<process name=\"rights-metadata\" status=\"error\""
                                                      + " errorMessage=\"no rights\"/>").statusCode(200);
        assertThat(queue("error=accessionWF:rights-metadata&lane-id=" + lane)).containsExactly(failed);
        assertThat(queue("error=accessionWF:rights-metadata")).contains(failed).doesNotContain(fine);
        assertThat(queue("error=accessionWF:descriptive-metadata&lane-id=" + lane)).isEmpty();
    }

    @Test
    void completedWithAWorkflowListsTheObjectsThatCompletedTheStep() {
        String lane = newLane("done");
        String done = newObjectId("d1-");
        String notDone = newObjectId("d2-");
        create(done, "accessionWF", 1, lane);
        create(notDone, "accessionWF", 1, lane);
        status(done, "accessionWF", "rights-metadata", "completed");
        assertThat(queue("completed=rights-metadata&workflow=accessionWF&lane-id=" + lane)).containsExactly(done);
        assertThat(queue("completed=accessionWF:rights-metadata&lane-id=" + lane)).containsExactly(done);
    }

    @Test
    void laneIdsAreTheLanesOfTheStepsNotStartedAtAStep() {
        String fast = newLane("a-fast");
        String slow = newLane("b-slow");
        String started = newLane("c-started");
        create(newObjectId("n1-"), "etdSubmitWF", 1, fast);
        create(newObjectId("n2-"), "etdSubmitWF", 1, slow);
        String busy = newObjectId("n3-");
        create(busy, "accessionWF", 1, started);
        status(busy, "accessionWF", "shelve", "started");
        create(newObjectId("n4-"), "accessionWF", 1, fast);
        Document lanes = xml(given().queryParam("step", "accessionWF:shelve").when().get("/workflow_queue/lane_ids")
                .then().statusCode(200).contentType("application/xml").extract().asString());
        assertThat(lanes.getDocumentElement().getTagName()).isEqualTo("lanes");
        List<String> ids = elements(lanes, "lane").stream().map(l -> l.getAttribute("id")).toList();
        assertThat(ids).contains(fast).doesNotContain(slow, started).isSorted();
    }

    @Test
    void allQueuedListsTheStepsQueuedLongerThanHoursAgo() {
        String lane = newLane("queued");
        String id = newObjectId("aq-");
        create(id, "accessionWF", 1, lane);
        Document all = xml(given().queryParam("hours-ago", 0).when().get("/workflow_queue/all_queued")
                .then().statusCode(200).contentType("application/xml").extract().asString());
        assertThat(all.getDocumentElement().getTagName()).isEqualTo("workflows");
        List<Element> mine = elements(all, "workflow").stream().filter(w -> w.getAttribute("druid").equals(id)).toList();
        assertThat(mine).extracting(w -> w.getAttribute("process")).containsExactly("descriptive-metadata",
                "rights-metadata");
        assertThat(mine).allSatisfy(w -> {
            assertThat(w.getAttribute("name")).isEqualTo("accessionWF");
            assertThat(w.getAttribute("laneId")).isEqualTo(lane);
        });
        Document recent = xml(given().queryParam("hours-ago", 24).when().get("/workflow_queue/all_queued")
                .then().statusCode(200).extract().asString());
        assertThat(elements(recent, "workflow")).noneMatch(w -> w.getAttribute("druid").equals(id));
        Document one = xml(given().queryParam("limit", 1).when().get("/workflow_queue/all_queued")
                .then().statusCode(200).extract().asString());
        assertThat(elements(one, "workflow")).hasSize(1);
        // the workflow service takes any limit: a larger one than an answer holds is capped, and the answer says so
        given().queryParam("limit", 100_000).when().get("/workflow_queue/all_queued").then().statusCode(200)
                .header("X-Limit-Capped", "10000");
        given().queryParam("limit", 100).when().get("/workflow_queue/all_queued").then().statusCode(200)
                .header("X-Limit-Capped", org.hamcrest.Matchers.nullValue());
    }

    @Test
    void badParametersAre400AndNameTheParameter() {
        given().urlEncodingEnabled(false).when().get("/workflow_queue?waiting=accessionWF")
                .then().statusCode(400).body(containsString("Parameter waiting must be workflow:process"));
        given().urlEncodingEnabled(false).when().get("/workflow_queue?waiting=accessionWF:publish&completed=publish")
                .then().statusCode(400).body(containsString("Parameter completed must be workflow:process"));
        given().urlEncodingEnabled(false).when().get("/workflow_queue?waiting=accessionWF:publish&limit=0")
                .then().statusCode(400).body(containsString("Parameter limit must be a positive integer"));
        given().urlEncodingEnabled(false).when().get("/workflow_queue?error=accessionWF:publish&limit=many")
                .then().statusCode(400).body(containsString("Parameter limit"));
        given().urlEncodingEnabled(false).when().get("/workflow_queue?error=:publish")
                .then().statusCode(400).body(containsString("Parameter error"));
        given().urlEncodingEnabled(false).when().get("/workflow_queue?completed=a:b&workflow=accessionWF")
                .then().statusCode(400).body(containsString("Parameter completed"));
        given().when().get("/workflow_queue")
                .then().statusCode(400).body(containsString("waiting=workflow:process"));
        given().when().get("/workflow_queue/lane_ids")
                .then().statusCode(400).body(containsString("Parameter step is required"));
        given().queryParam("hours-ago", -1).when().get("/workflow_queue/all_queued")
                .then().statusCode(400).body(containsString("Parameter hours-ago"));
    }
}
