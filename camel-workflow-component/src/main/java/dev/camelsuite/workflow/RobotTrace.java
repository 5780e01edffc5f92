package dev.camelsuite.workflow;

import dev.camelsuite.workflow.model.Step;
import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import org.apache.camel.CamelContext;

/**
 * A robot's spans when the component's {@code tracing} option is on: one per step, from its claim to its end, with
 * the ids an operator searches by, and under it the writing of the end. The robot makes the step's span current
 * while its route runs, so that a remote enhancer the route calls joins the trace. Off ({@link #OFF}), the robot
 * starts no span and reads no clock for it.
 */
final class RobotTrace {

    static final RobotTrace OFF = new RobotTrace(null);

    private final Tracer tracer;

    private RobotTrace(Tracer tracer) {
        this.tracer = tracer;
    }

    static RobotTrace of(CamelContext context, boolean on) {
        if (!on) {
            return OFF;
        }
        OpenTelemetry openTelemetry = context.getRegistry().findSingleByType(OpenTelemetry.class);
        return new RobotTrace((openTelemetry != null ? openTelemetry : GlobalOpenTelemetry.get())
                .getTracer("dev.camelsuite.workflow"));
    }

    boolean isOn() {
        return tracer != null;
    }

    /** The span of a claimed step (call only when on). */
    Span claimed(Step step, String robot) {
        Span span = tracer.spanBuilder("workflow robot " + step.workflow() + "/" + step.process())
                .setSpanKind(SpanKind.INTERNAL).setParent(Context.current()).startSpan();
        span.setAttribute("workflow.object_id", step.objectId());
        span.setAttribute("workflow.name", step.workflow());
        span.setAttribute("workflow.process", step.process());
        span.setAttribute("workflow.version", step.version());
        span.setAttribute("workflow.attempt", step.attempts());
        span.setAttribute("workflow.robot", robot);
        return span;
    }

    /** The span of writing a step's end, under the current (the step's) span; null when off. */
    Span ending(String status) {
        if (tracer == null) {
            return null;
        }
        Span span = tracer.spanBuilder("workflow end " + status).setSpanKind(SpanKind.INTERNAL)
                .setParent(Context.current()).startSpan();
        span.setAttribute("workflow.status", status);
        return span;
    }

    static void ended(Span span, Exception failure) {
        if (span == null) {
            return;
        }
        if (failure != null) {
            span.setStatus(StatusCode.ERROR, String.valueOf(failure.getMessage()));
        }
        span.end();
    }
}
