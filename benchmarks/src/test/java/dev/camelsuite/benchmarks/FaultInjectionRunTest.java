package dev.camelsuite.benchmarks;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The small variant of the fault-injection run (docs/reliability.adoc): 600 documents over 15 s, each kind of fault
 * once (a robot JVM killed among them: its steps are taken over once their lease ran out), malformed messages all
 * along — nothing lost, nothing completed twice, no exchange left hanging.
 */
class FaultInjectionRunTest {

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES) // the run ends itself within 5; a hang fails instead of waiting
    void documentsGoThroughAKilledWorkerABrokerRestartADatabaseRestartAndAKilledRobotJvm() throws Exception {
        FaultInjectionRun.Report report = FaultInjectionRun.run(new FaultInjectionRun.Plan(600, 40, 1500, 250));
        System.out.println(report.text());
        assertThat(report.faults()).containsKeys("worker killed", "broker restarted", "database restarted",
                "robot JVM killed");
        assertThat(report.takenOver()).as("steps of the killed robot JVM taken over").isPositive();
        assertThat(report.longestRecovery().get("robot JVM killed")).as("until its steps ended, ms")
                .isLessThan(FaultRunRobots.LEASE_MILLIS + 10_000L);
        assertThat(report.badInputs().values().stream().mapToInt(Integer::intValue).sum()).isGreaterThan(4);
        assertThat(report.lost()).as("documents lost").isZero();
        assertThat(report.errors()).as("documents in error").isZero();
        assertThat(report.completedTwice()).as("steps completed twice").isZero();
        assertThat(report.neverEnded()).as("exchanges that never ended").isZero();
        assertThat(report.completed()).isEqualTo(600);
    }
}
