package dev.camelsuite.benchmarks;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The small variant of the outbox fault run (docs/reliability.adoc): 1,800 step changes on PostgreSQL, the broker of
 * their events stopped for 4 s and started again, the application killed with SIGKILL and started again — every
 * change's event arrives, in order per object, none before its commit.
 */
class OutboxFaultRunTest {

    @Test
    @Timeout(value = 8, unit = TimeUnit.MINUTES) // the run ends itself within 5; a hang fails instead of waiting
    void everyChangesEventArrivesInOrderThroughABrokerOutageAndAKilledApplication() throws Exception {
        OutboxFaultRun.Report report = OutboxFaultRun.run(new OutboxFaultRun.Plan(200, 20, 4000, 3000));
        System.out.println(report.text());
        assertThat(report.changes()).as("step changes").isGreaterThanOrEqualTo(1800);
        assertThat(report.missing()).as("changes without an event").isZero();
        assertThat(report.events()).as("events, each once").isEqualTo(report.changes());
        assertThat(report.outOfOrder()).as("objects whose events came out of order").isZero();
        assertThat(report.early()).as("events before their commit").isZero();
        assertThat(report.idMismatches()).as("event ids unlike their header").isZero();
        assertThat(report.waitingLeft()).as("events left in the outbox").isZero();
        assertThat(report.killedAtChanges()).as("killed while changes were made").isLessThan(1800);
    }
}
