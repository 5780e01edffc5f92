package dev.camelsuite.app;

import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The tests' span exporter: Quarkus exports the spans to every SpanExporter bean, here into memory. Idle while the
 * SDK is off (the application's default); {@link TracesTest} turns it on.
 */
@ApplicationScoped
public class SpanCollector {

    @Produces
    @Singleton
    InMemorySpanExporter spans() {
        return InMemorySpanExporter.create();
    }
}
