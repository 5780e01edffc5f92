package dev.camelsuite.app.health;

import io.quarkus.arc.Arc;
import io.quarkus.arc.ManagedContext;
import io.quarkus.vertx.http.runtime.security.QuarkusHttpUser;
import io.smallrye.health.SmallRyeHealth;
import io.smallrye.health.SmallRyeHealthReporter;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * Health is open to anyone, so that load balancers and orchestrators can probe without credentials; what anyone gets
 * is the status alone ({@code {"status":"UP"}}, 200, or DOWN with 503). The checks and their data (which routes,
 * queues and workers there are, a process id) are for signed-in readers: a caller who signed in gets Quarkus' whole
 * answer. Runs after sign-in (so the caller is known) and before Quarkus' health routes.
 */
@ApplicationScoped
public class AnonymousHealth {

    /** After Quarkus' authentication and authorization handlers (orders -200 and -100), before its /q routes. */
    static final int ORDER = -50;

    @Inject
    SmallRyeHealthReporter reporter;

    void route(@Observes Router router) {
        router.routeWithRegex(HttpMethod.GET, "/q/health(/live|/ready|/started|/well)?/?").order(ORDER)
                .handler(this::statusOnly);
        router.routeWithRegex(HttpMethod.HEAD, "/q/health(/live|/ready|/started|/well)?/?").order(ORDER)
                .handler(this::statusOnly);
    }

    private void statusOnly(RoutingContext request) {
        if (request.user() instanceof QuarkusHttpUser user && !user.getSecurityIdentity().isAnonymous()) {
            request.next();
            return;
        }
        String path = request.normalizedPath();
        Context answerOn = Vertx.currentContext();
        // some checks need the request context, as in Quarkus' own health handler
        ManagedContext requestContext = Arc.container().requestContext();
        requestContext.activate();
        try {
            Uni<SmallRyeHealth> health = path.contains("/live") ? reporter.getLivenessAsync()
                    : path.contains("/ready") ? reporter.getReadinessAsync()
                    : path.contains("/started") ? reporter.getStartupAsync()
                    : path.contains("/well") ? reporter.getWellnessAsync()
                    : reporter.getHealthAsync();
            health.subscribe().with(result -> answerOn.runOnContext(v -> request.response()
                    .setStatusCode(result.isDown() ? 503 : 200)
                    .putHeader("Content-Type", "application/json; charset=UTF-8")
                    .end("{\"status\":\"" + (result.isDown() ? "DOWN" : "UP") + "\"}")), request::fail);
        } finally {
            requestContext.terminate();
        }
    }
}
