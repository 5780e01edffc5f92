package dev.camelsuite.app.workflow.monitor;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * The workflow monitor in {@code /q/health}: always UP — steps waiting too long are for people to look at, not a
 * reason for a load balancer to stop sending requests — with a {@code warning} in its data while any process has steps
 * overdue, and how many of each.
 */
@Readiness
@ApplicationScoped
public class MonitorHealth implements HealthCheck {

    @Inject
    WorkflowMonitor monitor;

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder health = HealthCheckResponse.named("workflow-monitor").up();
        long total = 0;
        for (Overdue o : monitor.overdue()) {
            health.withData(o.key(), o.count());
            total += o.count();
        }
        if (total > 0) {
            health.withData("warning", total + " steps have been queued or started for longer than their threshold"
                                       + " (camelsuite.workflow.monitor)");
        }
        return health.build();
    }
}
