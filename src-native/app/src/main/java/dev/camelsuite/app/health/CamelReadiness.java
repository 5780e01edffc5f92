package dev.camelsuite.app.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.camel.CamelContext;
import org.apache.camel.health.HealthCheckHelper;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready when every Camel readiness check is: robots polling, producers with workers, workers connected. */
@Readiness
@ApplicationScoped
public class CamelReadiness implements HealthCheck {

    @Inject
    CamelContext camelContext;

    @Override
    public HealthCheckResponse call() {
        return CamelHealthChecks.toResponse("camel", HealthCheckHelper.invokeReadiness(camelContext));
    }
}
