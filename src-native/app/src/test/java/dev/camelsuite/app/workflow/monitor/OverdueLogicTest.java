package dev.camelsuite.app.workflow.monitor;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The monitor's thresholds, and its log: one line when a process gets overdue steps, one when it has none. */
class OverdueLogicTest {

    private final OverdueThresholds thresholds = new OverdueThresholds(Duration.ofHours(24), Duration.ofHours(48),
            List.of("accessionWF/shelve:queued=2h", " accessionWF/publish:started=30m"));

    @Test
    void aProcessHasItsOwnThresholdElseTheDefault() {
        assertThat(thresholds.of("accessionWF", "shelve", "queued")).isEqualTo(Duration.ofHours(2));
        assertThat(thresholds.of("accessionWF", "shelve", "started")).isEqualTo(Duration.ofHours(48));
        assertThat(thresholds.of("accessionWF", "publish", "started")).isEqualTo(Duration.ofMinutes(30));
        assertThat(thresholds.of("etdSubmitWF", "shelve", "queued")).isEqualTo(Duration.ofHours(24));
        assertThat(thresholds.all("queued")).containsExactly(Duration.ofHours(2), Duration.ofHours(24));
        assertThat(thresholds.all("started")).containsExactly(Duration.ofMinutes(30), Duration.ofHours(48));
    }

    @Test
    void aWrongThresholdIsNamed() {
        assertThatThrownBy(() -> new OverdueThresholds(Duration.ofHours(1), Duration.ofHours(1), List.of("shelve=2h")))
                .hasMessageContaining("'shelve=2h' is not workflow/process:queued=DURATION");
        assertThatThrownBy(() -> new OverdueThresholds(Duration.ofHours(1), Duration.ofHours(1),
                List.of("a/b:waiting=2h"))).hasMessageContaining("is not workflow/process:queued=DURATION");
        assertThatThrownBy(() -> new OverdueThresholds(Duration.ofHours(1), Duration.ofHours(1), List.of("a/b:queued=soon")))
                .hasMessageContaining("has no duration such as 2h");
        assertThatThrownBy(() -> new OverdueThresholds(Duration.ZERO, Duration.ofHours(1), List.of()))
                .hasMessageContaining("camelsuite.workflow.monitor.queued-over must be a positive duration");
    }

    @Test
    void theLogSaysWhenAProcessGetsOverdueStepsAndWhenItHasNoneNotAtEveryLook() {
        Overdue shelve = new Overdue("accessionWF", "shelve", "queued", 3, Duration.ofHours(2));
        Overdue more = new Overdue("accessionWF", "shelve", "queued", 5, Duration.ofHours(2));
        assertThat(WorkflowMonitor.changes(Map.of(), Map.of(shelve.key(), shelve))).singleElement()
                .isEqualTo(new WorkflowMonitor.Change(true,
                        "3 steps of accessionWF/shelve have been queued for more than 2h (camelsuite.workflow.monitor)"));
        assertThat(WorkflowMonitor.changes(Map.of(shelve.key(), shelve), Map.of(more.key(), more))).isEmpty();
        assertThat(WorkflowMonitor.changes(Map.of(more.key(), more), Map.of())).singleElement()
                .isEqualTo(new WorkflowMonitor.Change(false, "No step of accessionWF/shelve has been queued for more"
                                                             + " than 2h any more (camelsuite.workflow.monitor)"));
    }
}
