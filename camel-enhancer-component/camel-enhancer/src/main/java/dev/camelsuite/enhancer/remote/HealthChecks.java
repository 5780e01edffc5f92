package dev.camelsuite.enhancer.remote;

import org.apache.camel.CamelContext;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckRegistry;

/** Adds and removes checks in the Camel context's health registry, when the application has one. */
public final class HealthChecks {

    private HealthChecks() {
    }

    public static HealthCheck register(CamelContext context, HealthCheck check) {
        HealthCheckRegistry registry = HealthCheckRegistry.get(context);
        if (registry == null || !registry.register(check)) {
            return null;
        }
        return check;
    }

    public static void unregister(CamelContext context, HealthCheck check) {
        HealthCheckRegistry registry = check == null ? null : HealthCheckRegistry.get(context);
        if (registry != null) {
            registry.unregister(check);
        }
    }
}
