package dev.camelsuite.enhancer.metadata;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The result headers' values as a route reads them: timings in plan order, lists of failed and skipped engines. */
class EngineTimingsTest {

    private final ExecutionMetadata md = ExecutionMetadata.create(
            Chain.list("three", "first", "second", "third").createPlan(engine -> 0), ContentItem.ofText("t"), false);

    @Test
    void timingsAreThoseOfTheEnginesThatRanInPlanOrder() {
        md.getEngineExecution("first").start(System.nanoTime());
        md.getEngineExecution("first").end(ExecutionStatus.COMPLETED, System.nanoTime(), null, 3_000_000, -1);
        md.getEngineExecution("third").start(System.nanoTime());
        md.getEngineExecution("third").end(ExecutionStatus.FAILED, System.nanoTime(), "broke", 12_000_000, -1);
        Map<String, Long> timings = md.getEngineTimings();
        Map<String, Long> expected = new LinkedHashMap<>();
        expected.put("first", 3L);
        expected.put("third", 12L);
        assertThat(timings).isEqualTo(expected).containsExactly(Map.entry("first", 3L), Map.entry("third", 12L));
        assertThat(timings.hashCode()).isEqualTo(expected.hashCode());
        assertThat(timings.toString()).isEqualTo("{first=3, third=12}");
        assertThat(timings.get("second")).isNull();
        assertThat(timings.containsKey("third")).isTrue();
        assertThatThrownBy(() -> timings.put("second", 1L)).isInstanceOf(UnsupportedOperationException.class);
        assertThat(md.getFailedEngines()).isEqualTo(List.of("third"));
        assertThat(md.getSkippedEngines()).isEqualTo(List.of()).isEmpty();
    }

    @Test
    void noEngineRanNoTimings() {
        assertThat(md.getEngineTimings()).isEmpty();
        assertThat(md.getFailedEngines()).isEmpty();
    }
}
