package dev.camelsuite.benchmarks;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
        FaultInjectionRun.Report report;
        List<String> log;
        try (RunLog runLog = new RunLog()) {
            report = FaultInjectionRun.run(new FaultInjectionRun.Plan(600, 40, 1500, 250));
            log = runLog.lines();
        }
        Files.write(Path.of("target", "fault-run.log"), log, StandardCharsets.UTF_8);
        System.out.println(report.text());
        assertThat(report.faults()).containsKeys("worker killed", "broker restarted", "database restarted",
                "robot JVM killed");
        assertThat(report.takenOver()).as("steps of the killed robot JVM taken over").isPositive();
        assertThat(report.longestRecovery().get("robot JVM killed")).as("until its steps ended, ms")
                .isLessThan(FaultRunRobots.LEASE_MILLIS + 10_000L);
        assertThat(report.badInputs().entrySet().stream().filter(e -> !e.getKey().contains("may have arrived"))
                .mapToInt(Map.Entry::getValue).sum()).isGreaterThan(4);
        assertThat(report.lost()).as("documents lost").isZero();
        assertThat(report.errors()).as("documents in error").isZero();
        assertThat(report.completedTwice()).as("steps completed twice").isZero();
        assertThat(report.neverEnded()).as("exchanges that never ended").isZero();
        assertThat(report.completed()).isEqualTo(600);
        anOperatorReadsOneLinePerEventAndNoStackTrace(report, log);
    }

    /**
     * The run's log — this JVM's and every child JVM's, as an operator reads it during the faults: every fault and
     * every malformed message is handled as designed, so none gets a stack trace or an ERROR, and each gets one line
     * (per robot, producer or worker that meets it) saying what happened and what is done about it.
     */
    private static void anOperatorReadsOneLinePerEventAndNoStackTrace(FaultInjectionRun.Report report,
            List<String> log) {
        assertThat(log).as("stack trace lines (the whole log is in target/fault-run.log)")
                .noneMatch(l -> l.matches("\\s+at .*") || l.startsWith("Caused by: "));
        assertThat(log).as("ERROR lines").noneMatch(l -> l.contains("] ERROR "));
        assertThat(log).as("Camel's report of each failed poll").noneMatch(l -> l.contains("Failed polling endpoint"));

        int databaseRestarts = report.faults().getOrDefault("database restarted", 0);
        int brokerRestarts = report.faults().getOrDefault("broker restarted", 0);
        // a send the broker's restart cut short may have arrived all the same: counted apart, as what may have
        int control = report.badInputs().getOrDefault("unknown command on the control topic", 0)
                      + report.badInputs().getOrDefault(FaultRunBadInput.MAYBE_CONTROL, 0);
        int onTheQueue = report.badInputs().values().stream().mapToInt(Integer::intValue).sum() - control;
        // three robots meet each database restart (the run's and two robot JVMs', one of them killed)
        assertThat(count(log, "cannot claim steps of documentWF/enhance: the database did not answer"))
                .isLessThanOrEqualTo(3L * databaseRestarts);
        // the run's producer and the robot JVM's each say once that the broker went and once that it is back
        assertThat(count(log, "The connection to the broker of queue fault.docs was interrupted: failing"))
                .isLessThanOrEqualTo(2L * brokerRestarts);
        // a malformed request reaches one worker, a control message both
        assertThat(count(log, "Rejected message ")).isPositive().isLessThanOrEqualTo(onTheQueue);
        assertThat(count(log, "Dropped a control message")).isLessThanOrEqualTo(2L * control);
    }

    private static long count(List<String> log, String text) {
        return log.stream().filter(l -> l.contains(text)).count();
    }
}
