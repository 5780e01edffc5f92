package dev.camelsuite.enhancer.job;

import dev.camelsuite.correlation.Tracing;
import dev.camelsuite.enhancer.metadata.ExecutionStatus;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;

/**
 * The spans of one job when tracing is on: the chain's, a child of whatever span is current where the job starts (an
 * HTTP request's, a worker's receive, a route's), and one per engine under it with its outcome — completed, failed
 * (with the error), skipped, or declined with the engine's reason. Engines may run on other threads; their spans
 * name the chain's as parent explicitly. Off ({@link #OFF}), every method does nothing.
 */
final class JobTrace {

    static final JobTrace OFF = new JobTrace(null, null, null);

    private final Tracing tracing;
    private final Span chain;
    private final Context context;

    private JobTrace(Tracing tracing, Span chain, Context context) {
        this.tracing = tracing;
        this.chain = chain;
        this.context = context;
    }

    static JobTrace start(Tracing tracing, String chainName) {
        if (!tracing.isOn()) {
            return OFF;
        }
        Context parent = Context.current();
        Span span = tracing.start("enhancer chain " + chainName, SpanKind.INTERNAL, parent);
        span.setAttribute("enhancer.chain", chainName);
        return new JobTrace(tracing, span, parent.with(span));
    }

    /** The span of one engine's run, or null when off. */
    Span engineStarted(String engine) {
        if (tracing == null) {
            return null;
        }
        Span span = tracing.start("enhancer engine " + engine, SpanKind.INTERNAL, context);
        span.setAttribute("enhancer.engine", engine);
        return span;
    }

    void engineEnded(Span span, ExecutionStatus status, String message, Throwable cause) {
        if (span == null) {
            return;
        }
        span.setAttribute("enhancer.outcome", status.name().toLowerCase(java.util.Locale.ROOT));
        if (message != null && message.startsWith(EnhancementJob.CANNOT_ENHANCE)) {
            span.setAttribute("enhancer.declined", message);
        } else if (message != null) {
            span.setAttribute("enhancer.status_message", message);
        }
        if (status == ExecutionStatus.FAILED) {
            span.setStatus(StatusCode.ERROR, message == null ? "failed" : message);
            if (cause != null) {
                span.recordException(cause);
            }
        }
        span.end();
    }

    void ended(boolean failed, String failedEngine) {
        if (chain == null) {
            return;
        }
        if (failed) {
            chain.setStatus(StatusCode.ERROR, failedEngine == null ? "chain failed" : "engine " + failedEngine
                                                                                    + " failed");
        }
        chain.end();
    }
}
