package dev.camelsuite.workflow.store;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;

import javax.sql.DataSource;

import dev.camelsuite.workflow.Templates;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepRef;
import dev.camelsuite.workflow.model.StepUpdate;
import dev.camelsuite.workflow.template.WorkflowTemplate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The reads across objects and workflows, run on every database the suite supports (see the subclasses). */
abstract class StepQueriesTest {

    private static final Set<String> QUEUED = Set.of("queued");
    private static final Set<String> NOT_STARTED = Set.of("queued", "waiting");

    private final WorkflowTemplate accession = Templates.load("accessionWF");
    private final WorkflowTemplate google = Templates.load("googleScannedBookWF");
    private WorkflowStore store;
    private WorkflowStore queries;

    /** A new, empty database for one test. */
    protected abstract DataSource newDatabase() throws Exception;

    @BeforeEach
    void setUp() throws Exception {
        DataSource database = newDatabase();
        store = new WorkflowStore(database);
        store.migrate();
        queries = new WorkflowStore(database);
    }

    private static StepRef step(String workflow, String process) {
        return new StepRef(workflow, process);
    }

    @Test
    void stepsAreEveryWorkflowOfOneObjectByWorkflowThenVersion() throws Exception {
        store.create("druid:st1", google, 1, "default", null);
        store.create("druid:st1", accession, 1, "default", null);
        store.create("druid:st1", accession, 2, "default", null);
        store.create("druid:other", accession, 1, "default", null);
        List<Step> steps = queries.steps("druid:st1");
        assertThat(steps).hasSize(19).allSatisfy(s -> assertThat(s.objectId()).isEqualTo("druid:st1"));
        assertThat(steps).extracting(Step::workflow).startsWith("accessionWF").endsWith("googleScannedBookWF");
        assertThat(steps.subList(0, 7)).allSatisfy(s -> assertThat(s.version()).isEqualTo(1));
        assertThat(steps.subList(7, 14)).allSatisfy(s -> assertThat(s.version()).isEqualTo(2));
        assertThat(steps.subList(0, 7)).extracting(Step::process).startsWith("start-accession", "descriptive-metadata");
        assertThat(queries.steps("druid:nobody")).isEmpty();
    }

    @Test
    void objectsJoinADoneStepOfAnotherWorkflow() throws Exception {
        for (String id : List.of("druid:a", "druid:b", "druid:c")) {
            store.create(id, accession, 1, "default", null);
        }
        store.create("druid:a", google, 1, "default", null);
        store.create("druid:b", google, 1, "default", null);
        store.update("druid:a", "googleScannedBookWF", "google-download", StepUpdate.to("completed"));
        store.update("druid:b", "googleScannedBookWF", "google-download", StepUpdate.to("error"));
        StepRef at = step("accessionWF", "descriptive-metadata");
        StepRef downloaded = step("googleScannedBookWF", "google-download");
        assertThat(queries.objects(at, QUEUED, List.of(), null, 0)).containsExactly("druid:a", "druid:b", "druid:c");
        assertThat(queries.objects(at, QUEUED, List.of(downloaded), null, 0)).containsExactly("druid:a");
        // skipped counts as done
        store.update("druid:b", "googleScannedBookWF", "google-download", StepUpdate.to("skipped"));
        assertThat(queries.objects(at, QUEUED, List.of(downloaded), null, 0)).containsExactly("druid:a", "druid:b");
        // every done step must be done
        assertThat(queries.objects(at, QUEUED, List.of(downloaded, step("googleScannedBookWF", "google-convert")),
                null, 0)).isEmpty();
        // only the active version of the other workflow counts
        store.create("druid:a", google, 2, "default", null);
        assertThat(queries.objects(at, QUEUED, List.of(downloaded), null, 0)).containsExactly("druid:b");
    }

    @Test
    void objectsHonourStatusesLaneAndLimitOldestFirst() throws Exception {
        store.create("druid:l1", accession, 1, "default", null);
        store.create("druid:l2", accession, 1, "fast", null);
        store.create("druid:l3", accession, 1, "default", null);
        store.update("druid:l3", "accessionWF", "descriptive-metadata", StepUpdate.to("completed"));
        StepRef publish = step("accessionWF", "publish");
        StepRef described = step("accessionWF", "descriptive-metadata");
        // publish waits for rights-metadata too: waiting, not queued
        assertThat(queries.objects(publish, QUEUED, List.of(described), null, 0)).isEmpty();
        assertThat(queries.objects(publish, NOT_STARTED, List.of(described), null, 0)).containsExactly("druid:l3");
        assertThat(queries.objects(publish, NOT_STARTED, List.of(), null, 0))
                .containsExactly("druid:l1", "druid:l2", "druid:l3");
        StepRef rights = step("accessionWF", "rights-metadata");
        assertThat(queries.objects(rights, QUEUED, List.of(), "default", 0)).containsExactly("druid:l1", "druid:l3");
        assertThat(queries.objects(rights, QUEUED, List.of(), "fast", 0)).containsExactly("druid:l2");
        assertThat(queries.objects(rights, QUEUED, List.of(), null, 2)).containsExactly("druid:l1", "druid:l2");
        assertThat(queries.objects(rights, QUEUED, List.of(), "default", 1)).containsExactly("druid:l1");
        assertThatThrownBy(() -> queries.objects(rights, Set.of(), List.of(), null, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> queries.objects(rights, QUEUED, List.of(), null, -1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1");
    }

    @Test
    void objectsAndInStatusLeaveOutFutureDatedWorkflows() throws Exception {
        store.create("druid:now", accession, 1, "default", null);
        store.create("druid:later", accession, 1, "default", null, OffsetDateTime.now().plusDays(1));
        assertThat(queries.objects(step("accessionWF", "rights-metadata"), QUEUED, List.of(), null, 0))
                .containsExactly("druid:now");
        assertThat(queries.inStatus("queued", null, 0)).extracting(Step::objectId).containsOnly("druid:now");
    }

    @Test
    void lanesAreTheDistinctLanesOfActiveStepsInTheStatuses() throws Exception {
        store.create("druid:n1", accession, 1, "default", null);
        store.create("druid:n2", accession, 1, "fast", null);
        store.create("druid:n3", accession, 1, "slow", null);
        store.update("druid:n3", "accessionWF", "rights-metadata", StepUpdate.to("completed"));
        store.create("druid:n4", accession, 1, "old", null);
        store.create("druid:n4", accession, 2, "default", null);
        StepRef rights = step("accessionWF", "rights-metadata");
        assertThat(queries.lanes(rights, NOT_STARTED)).containsExactly("default", "fast");
        assertThat(queries.lanes(rights, Set.of("completed"))).containsExactly("slow");
        assertThat(queries.lanes(step("accessionWF", "no-such-step"), NOT_STARTED)).isEmpty();
    }

    @Test
    void inStatusListsActiveStepsLongInAStatusOldestFirst() throws Exception {
        store.create("druid:q1", accession, 1, "default", null);
        store.create("druid:q2", accession, 1, "fast", null);
        store.update("druid:q2", "accessionWF", "rights-metadata", StepUpdate.to("started"));
        OffsetDateTime soon = OffsetDateTime.now().plusSeconds(5);
        assertThat(queries.inStatus("queued", soon, 0)).extracting(Step::objectId, Step::process).containsExactly(
                org.assertj.core.groups.Tuple.tuple("druid:q1", "descriptive-metadata"),
                org.assertj.core.groups.Tuple.tuple("druid:q1", "rights-metadata"),
                org.assertj.core.groups.Tuple.tuple("druid:q2", "descriptive-metadata"));
        assertThat(queries.inStatus("queued", null, 2)).hasSize(2);
        assertThat(queries.inStatus("queued", OffsetDateTime.now().minusHours(1), 0)).isEmpty();
        // an inactive version's queued steps are in no queue
        store.create("druid:q1", accession, 2, "default", null);
        store.update("druid:q1", "accessionWF", "descriptive-metadata", StepUpdate.to("started"));
        store.update("druid:q1", "accessionWF", "rights-metadata", StepUpdate.to("started"));
        assertThat(queries.inStatus("queued", soon, 0)).extracting(Step::objectId).containsExactly("druid:q2");
    }
}
