package dev.camelsuite.app.security;

import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.vertx.http.runtime.security.HttpSecurityPolicy;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Quarkus' HTTP authorization with the application's {@link AccessRules}: every path is given to this policy in
 * {@code application.properties}. A refused caller who has not signed in gets Quarkus' 401 challenge; a signed-in one
 * lacking the role gets 403.
 */
@ApplicationScoped
public class SignInPolicy implements HttpSecurityPolicy {

    /** The name {@code quarkus.http.auth.permission.*.policy} refers to. */
    public static final String NAME = "camelsuite-sign-in";

    @Inject
    SignIn signIn;

    @Override
    public Uni<CheckResult> checkPermission(RoutingContext request, Uni<SecurityIdentity> identity,
                                            AuthorizationRequestContext context) {
        Role role = AccessRules.required(request.request().method().name(), request.normalizedPath());
        if (role == null || !signIn.isEnabled()) {
            return CheckResult.permit();
        }
        return identity.map(id -> signIn.allows(id, role) ? CheckResult.PERMIT : CheckResult.DENY);
    }

    @Override
    public String name() {
        return NAME;
    }
}
