package dev.camelsuite.app.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.camel.CamelContext;
import org.apache.camel.health.HealthCheckHelper;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/** Alive unless a Camel liveness check says otherwise (e.g. a worker terminated by an engine's error threshold). */
@Liveness
@ApplicationScoped
public class CamelLiveness implements HealthCheck {

    @Inject
    CamelContext camelContext;

    @Override
    public HealthCheckResponse call() {
        return CamelHealthChecks.toResponse("camel", HealthCheckHelper.invokeLiveness(camelContext));
    }
}
