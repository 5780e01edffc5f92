package dev.camelsuite.workflow.store;

import java.time.Duration;
import java.util.List;

import javax.sql.DataSource;

import dev.camelsuite.workflow.Templates;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.template.WorkflowTemplate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Claims of a lane and of all lanes, oldest first, with the claim's batch size and a lane each their own statement on
 * PostgreSQL ({@link PostgresClaim}); on H2 and PostgreSQL (the subclasses).
 */
abstract class LaneClaimsTest {

    private static final String PROCESS = "descriptive-metadata";

    private final WorkflowTemplate accession = Templates.load("accessionWF");
    private WorkflowStore store;

    protected abstract DataSource newDatabase() throws Exception;

    @BeforeEach
    void setUpStore() throws Exception {
        store = new WorkflowStore(newDatabase());
        store.migrate();
    }

    private List<String> claim(String lane, int limit) throws Exception {
        return store.claim("accessionWF", PROCESS, lane, limit, Duration.ZERO, "robot", "robot (route r)",
                Duration.ofMinutes(5)).stream().map(Step::objectId).toList();
    }

    @Test
    void aRobotOfALaneClaimsOnlyItsLanesStepsAndEveryClaimTakesTheOldestFirst() throws Exception {
        for (String id : List.of("druid:l1", "druid:h1", "druid:l2", "druid:h2", "druid:l3")) {
            store.create(id, accession, 1, id.startsWith("druid:l") ? "low" : "high", null);
            Thread.sleep(2);
        }
        assertThat(claim("low", 2)).containsExactly("druid:l1", "druid:l2");
        assertThat(claim("high", 5)).containsExactly("druid:h1", "druid:h2");
        assertThat(claim(null, 10)).containsExactly("druid:l3");
        assertThat(claim(null, 10)).isEmpty();
        assertThat(store.get("druid:l2", "accessionWF")).filteredOn(s -> s.process().equals(PROCESS))
                .singleElement().satisfies(s -> {
                    assertThat(s.status()).isEqualTo("started");
                    assertThat(s.lane()).isEqualTo("low");
                    assertThat(s.attempts()).isEqualTo(1);
                });
    }
}
