package dev.camelsuite.workflow.store;

import java.time.Duration;
import java.util.List;

import javax.sql.DataSource;

import dev.camelsuite.workflow.Templates;
import dev.camelsuite.workflow.WorkflowConflictException;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepClaim;
import dev.camelsuite.workflow.model.StepEnd;
import dev.camelsuite.workflow.model.StepEndResult;
import dev.camelsuite.workflow.model.StepUpdate;
import dev.camelsuite.workflow.template.WorkflowTemplate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Robots and versions (lyber-core #297, #300): a step of a version that is no longer the active one is never claimed,
 * and the end of a step whose workflow was created again while a robot held it — as a new version, or the same
 * version again — is refused, never applied to the new steps. On H2 and PostgreSQL (the subclasses).
 */
abstract class VersionAwareRobotsTest {

    private static final String PROCESS = "descriptive-metadata";
    private static final Duration LEASE = Duration.ofMinutes(5);

    private final WorkflowTemplate accession = Templates.load("accessionWF");
    private WorkflowStore store;

    protected abstract DataSource newDatabase() throws Exception;

    @BeforeEach
    void setUpStore() throws Exception {
        store = new WorkflowStore(newDatabase());
        store.migrate();
    }

    private List<Step> claim(String robot) throws Exception {
        return store.claim("accessionWF", PROCESS, null, 10, Duration.ZERO, robot, robot + " (route r)", LEASE);
    }

    private Step active(String objectId) throws Exception {
        return store.get(objectId, "accessionWF").stream().filter(s -> s.process().equals(PROCESS) && s.active())
                .findFirst().orElseThrow();
    }

    @Test
    void aVersionCreatedAgainStartsItsStepsThatNoRobotHoldsAtZero() throws Exception {
        store.create("druid:v4", accession, 1, null, null);
        Step held = claim("robot-a").get(0);
        store.update("druid:v4", "accessionWF", PROCESS, StepUpdate.to("error").ending(StepClaim.of(held)));
        store.create("druid:v4", accession, 1, null, null);
        assertThat(active("druid:v4").attempts()).as("an errored step is tried afresh").isZero();
    }

    @Test
    void aStepOfAnInactiveVersionIsNeverClaimed() throws Exception {
        store.create("druid:v1", accession, 1, null, null);
        store.create("druid:v1", accession, 2, null, null);
        List<Step> claimed = claim("robot-a");
        assertThat(claimed).singleElement().satisfies(s -> assertThat(s.version()).isEqualTo(2));
        assertThat(claim("robot-b")).as("version 1's queued step stays unclaimed").isEmpty();
    }

    @Test
    void theEndOfAStepWhoseWorkflowWasCreatedAgainAsANewVersionIsRefused() throws Exception {
        store.create("druid:v2", accession, 1, null, null);
        Step held = claim("robot-a").get(0);
        store.create("druid:v2", accession, 2, null, null);
        assertThatThrownBy(() -> store.update("druid:v2", "accessionWF", PROCESS,
                StepUpdate.to("completed").ending(StepClaim.of(held)))).isInstanceOf(WorkflowConflictException.class);
        assertThat(active("druid:v2").status()).isEqualTo("queued");
        assertThat(active("druid:v2").version()).isEqualTo(2);
    }

    @Test
    void theEndOfAStepWhoseVersionWasCreatedAgainIsRefusedEvenWhenAnotherRobotHoldsItsNewStep() throws Exception {
        store.create("druid:v3", accession, 1, null, null);
        Step held = claim("robot-a").get(0);
        // the same version created again: its steps start over, but the held one keeps its count, so robot-b's claim
        // of the new step is attempt 2, not a second attempt 1 that robot-a's end would name too
        store.create("druid:v3", accession, 1, null, null);
        Step theirs = claim("robot-b").get(0);
        assertThat(StepClaim.of(theirs)).isNotEqualTo(StepClaim.of(held));
        assertThat(theirs.attempts()).isEqualTo(2);
        assertThatThrownBy(() -> store.update("druid:v3", "accessionWF", PROCESS,
                StepUpdate.to("completed").ending(StepClaim.of(held)))).isInstanceOf(WorkflowConflictException.class);
        List<StepEndResult> batched = store.updateAll(List.of(new StepEnd("druid:v3", "accessionWF", PROCESS,
                StepUpdate.to("completed").ending(StepClaim.of(held)))));
        assertThat(batched).singleElement().satisfies(r -> assertThat(r.failure()).isInstanceOf(WorkflowConflictException.class));
        assertThat(active("druid:v3").status()).as("robot-b's step").isEqualTo("started");
    }
}
