package dev.camelsuite.app.workflow;

import java.util.List;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import static dev.camelsuite.app.workflow.WorkflowApi.create;
import static dev.camelsuite.app.workflow.WorkflowApi.elements;
import static dev.camelsuite.app.workflow.WorkflowApi.newObjectId;
import static dev.camelsuite.app.workflow.WorkflowApi.status;
import static dev.camelsuite.app.workflow.WorkflowApi.xml;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

/** {@code /objects/{id}/lifecycle}: the milestones of done steps, all versions or one, and active-only. */
@QuarkusTest
class LifecycleApiTest {

    private static Document lifecycle(String objectId, String query) {
        return xml(given().urlEncodingEnabled(false).when().get("/objects/" + objectId + "/lifecycle" + query)
                .then().statusCode(200).contentType("application/xml").extract().asString());
    }

    private static List<String> milestones(Document lifecycle) {
        return elements(lifecycle, "milestone").stream().map(m -> m.getTextContent() + "@" + m.getAttribute("version"))
                .toList();
    }

    @Test
    void milestonesAreTheDoneStepsWithALifecycleWithTheirDateAndVersion() {
        String id = newObjectId("life");
        create(id, "accessionWF", 1, "default");
        status(id, "accessionWF", "descriptive-metadata", "completed");
        status(id, "accessionWF", "rights-metadata", "skipped");
        status(id, "accessionWF", "publish", "completed");
        Document all = lifecycle(id, "");
        assertThat(all.getDocumentElement().getTagName()).isEqualTo("lifecycle");
        assertThat(all.getDocumentElement().getAttribute("objectId")).isEqualTo(id);
        assertThat(milestones(all)).containsExactly("submitted@1", "published@1");
        Element published = elements(all, "milestone").get(1);
        assertThat(published.getAttribute("date")).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\+00:00");
        // a milestone not reached yet (shelve, deposited, accessioned) is not listed
        create(id, "accessionWF", 2, "default");
        assertThat(milestones(lifecycle(id, ""))).containsExactly("submitted@1", "published@1", "submitted@2");
        // without active-only the version is ignored, as the workflow service ignores it
        assertThat(milestones(lifecycle(id, "?version=2"))).containsExactly("submitted@1", "published@1",
                "submitted@2");
    }

    @Test
    void activeOnlyIsEmptyOnceEveryStepOfTheVersionIsDone() {
        String id = newObjectId("active");
        create(id, "accessionWF", 1, "default");
        // as the workflow service: an unfinished version lists every lifecycle step of it, reached or not
        assertThat(milestones(lifecycle(id, "?active-only=true&version=1"))).containsExactly("submitted@1",
                "published@1", "deposited@1", "accessioned@1");
        assertThat(milestones(lifecycle(id, "?version=1"))).containsExactly("submitted@1");
        given().contentType("application/xml").body("<process name=\"skip-all\" note=\"done by hand\"/>")
                .when().post("/objects/{id}/workflows/accessionWF/skip-all", id).then().statusCode(204);
        assertThat(milestones(lifecycle(id, "?version=1"))).containsExactly("submitted@1", "published@1",
                "deposited@1", "accessioned@1");
        assertThat(milestones(lifecycle(id, "?active-only=true&version=1"))).isEmpty();
        // as the workflow service: active-only without a version is empty; active-only=false is not active-only
        assertThat(milestones(lifecycle(id, "?active-only=true"))).isEmpty();
        assertThat(milestones(lifecycle(id, "?active-only=false&version=1"))).hasSize(4);
    }

    @Test
    void anUnknownObjectHasNoMilestonesAndBadParametersAre400() {
        assertThat(milestones(lifecycle(newObjectId("nobody"), ""))).isEmpty();
        given().queryParam("active-only", "yes").when().get("/objects/druid:x/lifecycle")
                .then().statusCode(400).body(containsString("Parameter active-only must be true or false"));
        given().queryParam("version", "0").when().get("/objects/druid:x/lifecycle")
                .then().statusCode(400).body(containsString("Parameter version must be a positive integer"));
    }
}
