package dev.camelsuite.app.enhancer.jobs;

import java.util.HashMap;
import java.util.Map;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A job's run in the trace of the request that submitted it: the submission's trace context is kept with the job (its
 * W3C {@code traceparent}), and the runner's span, {@code enhancer job}, is its child, with the chain and its engines
 * under it; so one trace shows a document from its submission to its answer, however long it waited and whichever
 * application ran it. Nothing is kept or started while tracing is off ({@code camelsuite.tracing}).
 */
@ApplicationScoped
public class JobTraces {

    private static final W3CTraceContextPropagator W3C = W3CTraceContextPropagator.getInstance();
    private static final TextMapGetter<Map<String, String>> FROM_MAP = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Map<String, String> carrier) {
            return carrier.keySet();
        }

        @Override
        public String get(Map<String, String> carrier, String key) {
            return carrier == null ? null : carrier.get(key);
        }
    };

    @ConfigProperty(name = "camelsuite.tracing", defaultValue = "false")
    boolean tracing;

    @Inject
    OpenTelemetry openTelemetry;

    /** The trace context of the request now, to keep with its job; null when there is none. */
    String current() {
        if (!tracing || !Span.current().getSpanContext().isValid()) {
            return null;
        }
        Map<String, String> carrier = new HashMap<>();
        W3C.inject(Context.current(), carrier, Map::put);
        return carrier.get("traceparent");
    }

    /** The span of a job's run, a child of its submission's; one that records nothing when there is none. */
    Span start(String traceparent, String jobId, String chain) {
        if (!tracing || traceparent == null) {
            return Span.getInvalid();
        }
        Context submission = W3C.extract(Context.root(), Map.of("traceparent", traceparent), FROM_MAP);
        return openTelemetry.getTracer("dev.camelsuite.app").spanBuilder("enhancer job " + chain)
                .setSpanKind(SpanKind.INTERNAL).setParent(submission).setAttribute("enhancer.job.id", jobId)
                .startSpan();
    }
}
