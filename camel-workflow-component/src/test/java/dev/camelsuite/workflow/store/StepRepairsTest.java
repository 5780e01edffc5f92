package dev.camelsuite.workflow.store;

import java.util.List;

import javax.sql.DataSource;

import dev.camelsuite.workflow.Templates;
import dev.camelsuite.workflow.model.RepairQuery;
import dev.camelsuite.workflow.model.RepairResult;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepUpdate;
import dev.camelsuite.workflow.template.WorkflowTemplate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Bulk repairs (workflow-server-rails #787, #825): steps in error reset, skipped or set, with a dry run, filters and a
 * limit a call, each change an update with its history row. On H2 and PostgreSQL (the subclasses).
 */
abstract class StepRepairsTest {

    private static final String DM = "descriptive-metadata";

    private final WorkflowTemplate accession = Templates.load("accessionWF");
    private WorkflowStore store;

    protected abstract DataSource newDatabase() throws Exception;

    @BeforeEach
    void fiveStepsInError() throws Exception {
        store = new WorkflowStore(newDatabase());
        store.migrate();
        for (int i = 1; i <= 5; i++) {
            String id = "druid:r" + i;
            store.create(id, accession, 1, i <= 3 ? "a" : "b", null);
            store.update(id, "accessionWF", DM, StepUpdate.to("error")
                    .withError(i == 2 ? "timeout talking to the catalog" : "bad data", null));
        }
    }

    private RepairQuery query(String to, String lane, String errorContains, int limit) {
        return new RepairQuery("accessionWF", DM, "error", to, lane, null, errorContains, null, limit);
    }

    private String status(String id, String process) throws Exception {
        return store.get(id, "accessionWF").stream().filter(s -> s.process().equals(process) && s.active())
                .findFirst().orElseThrow().status();
    }

    @Test
    void aDryRunCountsAndListsAndChangesNothing() throws Exception {
        RepairResult dry = store.repair(query("queued", null, null, 100), true);
        assertThat(dry.dryRun()).isTrue();
        assertThat(dry.matched()).isEqualTo(5);
        assertThat(dry.changed()).isZero();
        assertThat(dry.steps()).extracting(Step::objectId)
                .containsExactly("druid:r1", "druid:r2", "druid:r3", "druid:r4", "druid:r5");
        assertThat(status("druid:r1", DM)).isEqualTo("error");
        assertThat(store.repair(query("queued", "a", null, 100), true).matched()).isEqualTo(3);
        assertThat(store.repair(query("queued", null, "timeout", 100), true).steps()).extracting(Step::objectId)
                .containsExactly("druid:r2");
        assertThat(store.repair(query("queued", null, "100%", 100), true).matched()).as("% is a character").isZero();
    }

    @Test
    void aRepairChangesAtMostItsLimitEachWithItsHistory() throws Exception {
        RepairResult first = store.repair(query("queued", null, null, 2), false);
        assertThat(first.matched()).isEqualTo(5);
        assertThat(first.changed()).isEqualTo(2);
        assertThat(status("druid:r1", DM)).isEqualTo("queued");
        assertThat(status("druid:r3", DM)).isEqualTo("error");
        assertThat(store.history("druid:r1", "accessionWF")).filteredOn(h -> h[0].equals(DM))
                .extracting(h -> h[1] + ">" + h[2]).endsWith("error>queued");
        RepairResult rest = store.repair(query("queued", null, null, 100), false);
        assertThat(rest.matched()).isEqualTo(3);
        assertThat(rest.changed()).isEqualTo(3);
        assertThat(store.repair(query("queued", null, null, 100), true).matched()).isZero();
    }

    @Test
    void aSkippedStepReadiesWhatWaitedForIt() throws Exception {
        store.update("druid:r4", "accessionWF", "rights-metadata", StepUpdate.to("completed"));
        assertThat(status("druid:r4", "publish")).isEqualTo("waiting");
        RepairResult skipped = store.repair(new RepairQuery("accessionWF", DM, "error", "skipped", "b", null, null,
                "skipped by the catalog's operators", 100), false);
        assertThat(skipped.changed()).isEqualTo(2);
        assertThat(status("druid:r4", DM)).isEqualTo("skipped");
        assertThat(status("druid:r4", "publish")).isEqualTo("queued");
        assertThat(store.get("druid:r4", "accessionWF")).filteredOn(s -> s.process().equals(DM))
                .extracting(Step::note).containsExactly("skipped by the catalog's operators");
    }

    @Test
    void stepsInAStatusSinceBeforeADateAreCountedByProcess() throws Exception {
        java.time.OffsetDateTime later = java.time.OffsetDateTime.now().plusSeconds(5);
        assertThat(store.counts("error", later)).singleElement()
                .isEqualTo(new dev.camelsuite.workflow.model.StepCount("accessionWF", DM, "error", 5));
        assertThat(store.counts("error", later.minusHours(1))).as("none so old").isEmpty();
        assertThat(store.counts("queued", later)).extracting(dev.camelsuite.workflow.model.StepCount::process)
                .containsExactly("rights-metadata");
    }

    @Test
    void anInactiveVersionIsNotRepairedAndALimitIsBounded() throws Exception {
        store.create("druid:r5", accession, 2, "b", null);
        assertThat(store.repair(query("queued", null, null, 100), true).matched()).isEqualTo(4);
        assertThatThrownBy(() -> query("queued", null, null, 10_001))
                .hasMessage("A repair's limit must be between 1 and 10000 but was 10001");
    }
}
