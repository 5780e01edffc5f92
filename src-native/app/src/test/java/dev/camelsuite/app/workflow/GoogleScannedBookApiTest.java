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
import static dev.camelsuite.app.workflow.WorkflowApi.process;
import static dev.camelsuite.app.workflow.WorkflowApi.put;
import static dev.camelsuite.app.workflow.WorkflowApi.queue;
import static dev.camelsuite.app.workflow.WorkflowApi.status;
import static dev.camelsuite.app.workflow.WorkflowApi.work;
import static dev.camelsuite.app.workflow.WorkflowApi.workflow;
import static dev.camelsuite.app.workflow.WorkflowApi.xml;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;

/**
 * The seed's Google scanned book, driven through HTTP as WorkDo's robots and clients drive the workflow service: the
 * book's workflow is created, robots find their work by queue queries and report their steps (one fails and is
 * retried), the last step starts accessioning, and the lifecycle records the milestones.
 */
@QuarkusTest
class GoogleScannedBookApiTest {

    private static final String BOOK = "googleScannedBookWF";
    private static final String ACCESSION = "accessionWF";

    @Test
    void aBookIsScannedDescribedAndAccessioned() {
        String lane = newLane("books");
        String book = newObjectId("gsb");
        create(book, BOOK, 1, lane);

        // google-convert and google-download work in parallel once the book is registered: both are queued for their
        // robots at once, so no longer waiting, as in the workflow service
        for (String step : List.of("google-convert", "google-download")) {
            assertThat(process(workflow(book, BOOK), step).getAttribute("status")).isEqualTo("queued");
            assertThat(queue("waiting=" + BOOK + ":" + step + "&completed=" + BOOK + ":register-object&lane-id="
                             + lane)).isEmpty();
        }
        List<String> lanes = elements(xml(given().queryParam("step", BOOK + ":google-convert")
                .when().get("/workflow_queue/lane_ids").then().statusCode(200).extract().asString()), "lane")
                .stream().map(l -> l.getAttribute("id")).toList();
        assertThat(lanes).doesNotContain(lane);

        work(book, BOOK, "google-convert").body("next_steps", empty());
        Element converted = process(workflow(book, BOOK), "google-convert");
        assertThat(converted.getAttribute("status")).isEqualTo("completed");
        assertThat(converted.getAttribute("elapsed")).isEqualTo("1.5");
        assertThat(converted.getAttribute("note")).isEqualTo("robot-host");
        assertThat(converted.getAttribute("attempts")).isEqualTo("1");

        // the download robot cannot find the item: the seed's exception, now status error with its message
        given().contentType("application/xml").queryParam("current-status", "queued")
                .body("<process name=\"google-download\" status=\"started\"/>")
                .when().put("/objects/{id}/workflows/{wf}/google-download", book, BOOK).then().statusCode(200);
        put(book, BOOK, "google-download", "<process name=\"google-download\" status=\"error\""
                                           + " errorMessage=\"Item for barcode 0339518 not found\""
                                           + " errorText=\"at Download.fetch(Download.java:42)\"/>")
                .statusCode(200).body("next_steps", empty());
        assertThat(queue("error=" + BOOK + ":google-download&lane-id=" + lane)).containsExactly(book);
        assertThat(queue("waiting=" + BOOK + ":google-download&completed=" + BOOK + ":register-object&lane-id="
                         + lane)).isEmpty();
        Element failed = process(workflow(book, BOOK), "google-download");
        assertThat(failed.getAttribute("status")).isEqualTo("error");
        assertThat(failed.getAttribute("errorMessage")).isEqualTo("Item for barcode 0339518 not found");
        assertThat(failed.getAttribute("attempts")).isEqualTo("1");

        // an operator resets the step: it is ready again at once, queued for its robot (the workflow service would leave
        // it waiting for ever), so no longer listed as waiting
        status(book, BOOK, "google-download", "waiting").body("next_steps.process", contains("google-download"));
        assertThat(process(workflow(book, BOOK), "google-download").getAttribute("status")).isEqualTo("queued");
        assertThat(queue("waiting=" + BOOK + ":google-download&completed=" + BOOK + ":register-object&lane-id="
                         + lane)).isEmpty();
        assertThat(queue("error=" + BOOK + ":google-download&lane-id=" + lane)).isEmpty();
        work(book, BOOK, "google-download").body("next_steps.process", contains("descriptive-metadata"));
        Element downloaded = process(workflow(book, BOOK), "google-download");
        assertThat(downloaded.getAttribute("attempts")).isEqualTo("2");
        assertThat(downloaded.hasAttribute("errorMessage")).isFalse();

        assertThat(process(workflow(book, BOOK), "descriptive-metadata").getAttribute("status")).isEqualTo("queued");
        work(book, BOOK, "descriptive-metadata").body("next_steps.process", contains("cleanup"));
        // the book workflow's last step starts accessioning, in the same transaction, in the book's lane
        work(book, BOOK, "cleanup").body("next_steps", empty());

        Document all = xml(given().when().get("/objects/{id}/workflows", book).then().statusCode(200).extract()
                .asString());
        List<Element> workflows = elements(all, "workflow");
        assertThat(workflows).extracting(w -> w.getAttribute("id")).containsExactly(ACCESSION, BOOK);
        assertThat(elements(workflows.get(1), "process")).allSatisfy(
                p -> assertThat(p.getAttribute("status")).isEqualTo("completed"));
        Element accession = workflows.get(0);
        assertThat(process(accession, "start-accession").getAttribute("status")).isEqualTo("completed");
        assertThat(process(accession, "descriptive-metadata").getAttribute("status")).isEqualTo("queued");
        assertThat(process(accession, "descriptive-metadata").getAttribute("laneId")).isEqualTo(lane);

        // a queue across workflows: books whose book workflow is finished and whose accessioning waits at publish
        assertThat(queue("waiting=" + ACCESSION + ":publish&completed=" + BOOK + ":cleanup&lane-id=" + lane))
                .containsExactly(book);
        assertThat(milestones(book, "")).containsExactly("registered", "submitted");

        work(book, ACCESSION, "descriptive-metadata").body("next_steps", empty());
        work(book, ACCESSION, "rights-metadata").body("next_steps.process", contains("publish"));
        work(book, ACCESSION, "publish").body("next_steps.process", contains("shelve"));
        work(book, ACCESSION, "shelve").body("next_steps", empty());
        // sdr-ingest-received is completed by the preservation system's signal, never queued
        String deposited = "waiting=" + ACCESSION + ":sdr-ingest-received&completed=" + ACCESSION + ":shelve&lane-id="
                           + lane;
        assertThat(queue(deposited)).containsExactly(book);
        assertThat(process(workflow(book, ACCESSION), "sdr-ingest-received").getAttribute("status"))
                .isEqualTo("waiting");
        // as the workflow service: version 1 is not finished, so every lifecycle step of it, reached or not, by date
        // (the steps not reached by their creation, before publish's completion)
        assertThat(milestones(book, "?active-only=true&version=1")).containsExactly("registered", "submitted",
                "deposited", "accessioned", "published");
        status(book, ACCESSION, "sdr-ingest-received", "completed")
                .body("next_steps.process", contains("end-accession"))
                .body("next_steps[0].status", equalTo("queued"));
        assertThat(queue(deposited)).isEmpty();
        work(book, ACCESSION, "end-accession").body("next_steps", empty());

        assertThat(milestones(book, "")).containsExactly("registered", "submitted", "published", "deposited",
                "accessioned");
        // every step of version 1 is done: nothing is active any more
        assertThat(milestones(book, "?active-only=true&version=1")).isEmpty();
    }

    private static List<String> milestones(String objectId, String query) {
        Document lifecycle = xml(given().urlEncodingEnabled(false).when()
                .get("/objects/" + objectId + "/lifecycle" + query).then().statusCode(200).extract().asString());
        return elements(lifecycle, "milestone").stream().map(Element::getTextContent).toList();
    }
}
