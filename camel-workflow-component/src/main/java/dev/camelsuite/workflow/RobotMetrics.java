package dev.camelsuite.workflow;

import java.math.BigDecimal;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import org.apache.camel.CamelContext;

/**
 * A robot's meters, when the Camel registry holds a {@link MeterRegistry}: {@code workflow.robot.steps} (steps ended,
 * by the status the robot gave them), {@code workflow.robot.step.time} (the work's time),
 * {@code workflow.robot.ends.refused} (ends the store refused because the step was no longer under the robot's claim)
 * and {@code workflow.robot.poll.failures} (polls that could not claim: the database did not answer), tagged with
 * workflow and process.
 */
final class RobotMetrics {

    private final MeterRegistry registry;
    private final String workflow;
    private final String process;
    private final Map<String, Counter> steps = new ConcurrentHashMap<>();
    private final Timer time;
    private final Counter refused;
    private final Counter pollFailures;

    private RobotMetrics(MeterRegistry registry, String workflow, String process) {
        this.registry = registry;
        this.workflow = workflow;
        this.process = process;
        this.time = Timer.builder("workflow.robot.step.time").tags("workflow", workflow, "process", process)
                .description("time a robot's route took over one step").register(registry);
        this.refused = Counter.builder("workflow.robot.ends.refused").tags("workflow", workflow, "process", process)
                .description("ends refused because the step was no longer under the robot's claim")
                .register(registry);
        this.pollFailures = Counter.builder("workflow.robot.poll.failures").tags("workflow", workflow, "process", process)
                .description("robots' polls that could not claim because the database did not answer")
                .register(registry);
    }

    /** The robot's meters, or null when the application has no meter registry. */
    static RobotMetrics of(CamelContext context, String workflow, String process) {
        var registries = context.getRegistry().findByType(MeterRegistry.class);
        return registries.isEmpty() ? null : new RobotMetrics(registries.iterator().next(), workflow, process);
    }

    /** An end the store refused: the step was no longer under the robot's claim. */
    void refused() {
        refused.increment();
    }

    /** A poll that could not claim: the database did not answer. */
    void pollFailed() {
        pollFailures.increment();
    }

    void ended(String status, BigDecimal elapsedSeconds) {
        steps.computeIfAbsent(status, s -> Counter.builder("workflow.robot.steps")
                .tags("workflow", workflow, "process", process, "status", s)
                .description("steps robots ended, by the status they gave them").register(registry)).increment();
        time.record(elapsedSeconds.movePointRight(6).longValue(), TimeUnit.MICROSECONDS);
    }
}
