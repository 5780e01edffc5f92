package dev.camelsuite.workflow;

import java.sql.SQLTransientConnectionException;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A robot's polls while the database is away: taken as the outage they are, counted; anything else is not. */
class DatabaseOutageTest {

    @Test
    void theDatabaseBeingAwayIsCountedAndOtherFailuresGoOnToCamel() throws Exception {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (DefaultCamelContext context = new DefaultCamelContext()) {
            context.getRegistry().bind("meters", registry);
            DatabaseOutage outage = new DatabaseOutage("r1", "wf/p", RobotMetrics.of(context, "wf", "p"));

            Exception lost = new IllegalStateException("claim failed",
                    new SQLTransientConnectionException("Connection is not available", "08001"));
            assertThat(outage.pollFailed(lost)).isTrue();
            assertThat(outage.pollFailed(new WorkflowStoreUnavailableException("no database", null))).isTrue();
            assertThat(outage.pollFailed(new IllegalArgumentException("a bug"))).isFalse();
            outage.pollSucceeded();
            assertThat(outage.pollFailed(lost)).isTrue();

            assertThat(registry.get("workflow.robot.poll.failures").tags("workflow", "wf", "process", "p").counter()
                    .count()).isEqualTo(3);
        }
    }
}
