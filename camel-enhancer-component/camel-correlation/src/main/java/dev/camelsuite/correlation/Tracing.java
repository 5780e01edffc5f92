package dev.camelsuite.correlation;

import java.util.Set;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapSetter;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import org.apache.camel.AsyncCallback;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;

/**
 * A component's spans, when its {@code tracing} option is on: OpenTelemetry's tracer from the Camel registry (the
 * application's {@link OpenTelemetry} bean, as Quarkus makes one) or else the global one. Off, it is {@link #OFF}:
 * callers test {@link #isOn()} and do nothing else, so tracing that is off costs one field read.
 * <p>
 * Across JVMs the W3C trace context travels in the JMS message's {@code traceparent} and {@code tracestate}
 * properties (their names are valid JMS property names as they are, as camel-jms sends them).
 */
public final class Tracing {

    /** Tracing off. */
    public static final Tracing OFF = new Tracing(null);

    private static final W3CTraceContextPropagator W3C = W3CTraceContextPropagator.getInstance();

    private static final TextMapSetter<Message> INTO_MESSAGE = (message, key, value) -> {
        try {
            message.setStringProperty(key, value);
        } catch (JMSException e) {
            // a read-only message: it goes without a trace context, and the other side starts a trace of its own
        }
    };

    private static final TextMapGetter<Message> FROM_MESSAGE = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Message message) {
            return Set.of("traceparent", "tracestate");
        }

        @Override
        public String get(Message message, String key) {
            try {
                return message == null ? null : message.getStringProperty(key);
            } catch (JMSException | RuntimeException e) {
                return null; // not a string property: no context
            }
        }
    };

    private final Tracer tracer;

    private Tracing(Tracer tracer) {
        this.tracer = tracer;
    }

    /**
     * The tracing of a component: {@link #OFF} unless {@code on}; on, spans named by {@code scope} (the
     * instrumentation scope, e.g. {@code dev.camelsuite.enhancer}).
     */
    public static Tracing of(CamelContext context, boolean on, String scope) {
        if (!on) {
            return OFF;
        }
        OpenTelemetry openTelemetry = context.getRegistry().findSingleByType(OpenTelemetry.class);
        if (openTelemetry == null) {
            openTelemetry = GlobalOpenTelemetry.get();
        }
        return new Tracing(openTelemetry.getTracer(scope));
    }

    public boolean isOn() {
        return tracer != null;
    }

    /** A span started now, a child of {@code parent}; call only when {@link #isOn()}. */
    public Span start(String name, SpanKind kind, Context parent) {
        SpanBuilder builder = tracer.spanBuilder(name).setSpanKind(kind).setParent(parent);
        return builder.startSpan();
    }

    /**
     * The callback that ends a request's span with the exchange's outcome (an error status when it failed) before
     * the route goes on.
     */
    public static AsyncCallback ending(Span span, Exchange exchange, AsyncCallback callback) {
        return doneSync -> {
            Exception failure = exchange.getException();
            if (failure != null) {
                span.setStatus(StatusCode.ERROR, String.valueOf(failure.getMessage()));
            }
            span.end();
            callback.done(doneSync);
        };
    }

    /** Writes the trace context of {@code context} into the message's properties. */
    public static void inject(Context context, Message message) {
        W3C.inject(context, message, INTO_MESSAGE);
    }

    /** The trace context the message carries, as a parent for the receiver's span (the root context if none). */
    public static Context extract(Message message) {
        return W3C.extract(Context.root(), message, FROM_MESSAGE);
    }
}
