package dev.camelsuite.app.security;

import dev.camelsuite.app.problem.Problem;
import io.quarkus.security.ForbiddenException;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * A signed-in caller lacking the role a request needs gets 403 as a problem naming that role, like every other error
 * of the APIs: Quarkus' HTTP authorization refuses it before any resource or exception mapper sees it, and its own
 * answer has no body. (The 401 of a caller not signed in is {@link ProblemBasicAuthentication}'s.)
 */
@ApplicationScoped
public class SignInRefusals {

    void route(@Observes Router router) {
        // before Quarkus' own failure handler, which would answer without a body
        router.route().order(Integer.MIN_VALUE).failureHandler(this::refused);
    }

    private void refused(RoutingContext request) {
        Throwable failure = request.failure();
        if (request.response().headWritten()) {
            request.next();
            return;
        }
        if (failure instanceof ForbiddenException) {
            Role role = AccessRules.required(request.request().method().name(), request.normalizedPath());
            answer(request, 403, "Your user may not " + request.request().method().name() + " "
                                 + request.normalizedPath() + ": that needs the role "
                                 + (role == null ? "it lacks" : role.roleName()));
        } else {
            request.next();
        }
    }

    private static void answer(RoutingContext request, int status, String detail) {
        Problem.send(request.response(), status, detail);
    }
}
