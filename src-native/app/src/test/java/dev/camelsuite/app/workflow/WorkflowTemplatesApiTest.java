package dev.camelsuite.app.workflow;

import java.util.List;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;

/** {@code /workflow_templates}: the names, and one template's processes. */
@QuarkusTest
class WorkflowTemplatesApiTest {

    @Test
    void theNamesAreAJsonListInNameOrder() {
        List<String> names = given().when().get("/workflow_templates")
                .then().statusCode(200).contentType("application/json")
                .body("$", hasItems("accessionWF", "documentWF", "etdSubmitWF", "googleScannedBookWF"))
                .extract().jsonPath().getList("$", String.class);
        assertThat(names).isSorted().doesNotHaveDuplicates();
    }

    @Test
    void aTemplateIsItsProcessesWithLabelsAndPrerequisites() {
        given().when().get("/workflow_templates/accessionWF")
                .then().statusCode(200).contentType("application/json")
                .body("processes.name", contains("start-accession", "descriptive-metadata", "rights-metadata",
                        "publish", "shelve", "sdr-ingest-received", "end-accession"))
                .body("processes[0].label", equalTo("Start accessioning"))
                .body("processes[0].lifecycle", equalTo("submitted"))
                .body("processes[0].prerequisites", org.hamcrest.Matchers.empty())
                .body("processes[3].label", equalTo(""))
                .body("processes[3].prerequisites", contains("descriptive-metadata", "rights-metadata"))
                .body("processes[3].skipQueue", equalTo(false))
                .body("processes[5].skipQueue", equalTo(true))
                .body("processes[5].lifecycle", equalTo("deposited"));
        given().when().get("/workflow_templates/googleScannedBookWF")
                .then().statusCode(200)
                .body("processes.find { it.name == 'cleanup' }.nextWorkflow", equalTo("accessionWF"));
    }

    @Test
    void anUnknownTemplateIs404() {
        given().when().get("/workflow_templates/foo").then().statusCode(404).body(containsString("foo"));
    }
}
