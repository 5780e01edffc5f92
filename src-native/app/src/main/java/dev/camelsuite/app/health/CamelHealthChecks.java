package dev.camelsuite.app.health;

import java.util.Collection;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.apache.camel.CamelContext;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.health.HealthCheckRepository;
import io.quarkus.runtime.StartupEvent;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;

/**
 * Camel's health checks (the context, every route consumer such as robots, the enhancer's producers and workers) in
 * Quarkus health: one response whose data name each Camel check with its state and, when down, why, and the check's own
 * data under {@code <check>.<key>} (a remote producer's {@code workers}, {@code inFlight}, {@code waiting}).
 */
@ApplicationScoped
public class CamelHealthChecks {

    @Inject
    CamelContext camelContext;

    void onStart(@Observes StartupEvent started) {
        HealthCheckRegistry registry = HealthCheckRegistry.get(camelContext);
        // every result, not only the first one when all are up
        registry.setExposureLevel("full");
        for (String repository : new String[] { "consumers", "routes" }) {
            Object resolved = registry.resolveById(repository);
            if (resolved instanceof HealthCheckRepository r) {
                registry.register(r);
            }
        }
    }

    static HealthCheckResponse toResponse(String name, Collection<HealthCheck.Result> results) {
        HealthCheckResponseBuilder builder = HealthCheckResponse.named(name).up();
        for (HealthCheck.Result result : results) {
            String id = result.getCheck().getId();
            if (result.getState() == HealthCheck.State.DOWN) {
                builder.down();
                String why = result.getMessage().orElse(result.getError().map(Throwable::getMessage).orElse("down"));
                builder.withData(id, "DOWN: " + why);
            } else {
                builder.withData(id, result.getState().name());
            }
            // a check's own data (a producer's workers, inFlight, waiting) beside Camel's bookkeeping, whose keys
            // are dotted (invocation.count, check.kind…)
            result.getDetails().forEach((key, value) -> {
                if (key.indexOf('.') < 0 && value != null) {
                    builder.withData(id + "." + key, String.valueOf(value));
                }
            });
        }
        return builder.build();
    }
}
