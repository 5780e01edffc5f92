package dev.camelsuite.app.security;

import java.util.Set;

import dev.camelsuite.app.problem.Problem;
import io.quarkus.arc.lookup.LookupIfProperty;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.vertx.http.runtime.security.BasicAuthenticationMechanism;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.quarkus.vertx.http.runtime.security.HttpCredentialTransport;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;

/**
 * HTTP Basic sign-in, as Quarkus' own mechanism does it, whose refusal is a problem like every other error of the
 * APIs: 401 with the Basic challenge and a body that says what to send. (Quarkus' mechanism answers its challenge with
 * no body, before any resource or exception mapper sees the request; {@code quarkus.http.auth.basic} is off so that
 * this one is the only Basic mechanism.) {@code camelsuite.sign-in.basic=false} takes it away, for another way to sign
 * in (OpenID Connect).
 */
@ApplicationScoped
@LookupIfProperty(name = "camelsuite.sign-in.basic", stringValue = "true", lookupIfMissing = true)
public class ProblemBasicAuthentication implements HttpAuthenticationMechanism {

    /** The realm of the Basic challenge. */
    static final String REALM = "camelsuite";

    private final BasicAuthenticationMechanism basic = new BasicAuthenticationMechanism(REALM, false);

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identityProviderManager) {
        return basic.authenticate(context, identityProviderManager);
    }

    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        return basic.getChallenge(context);
    }

    @Override
    public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
        return basic.getCredentialTypes();
    }

    @Override
    public Uni<HttpCredentialTransport> getCredentialTransport(RoutingContext context) {
        return basic.getCredentialTransport(context);
    }

    @Override
    public int getPriority() {
        return basic.getPriority();
    }

    @Override
    public Uni<Boolean> sendChallenge(RoutingContext context) {
        return getChallenge(context).map(challenge -> {
            if (context.response().headWritten()) {
                return false;
            }
            Response problem = Problem.of(401, "Sign in: this API needs a user and password (HTTP Basic"
                                               + " authentication), or the ones given are wrong; see docs/security.adoc");
            var response = context.response().setStatusCode(401);
            challenge.getHeaders().forEach(response::putHeader);
            response.putHeader("Content-Type", problem.getMediaType().toString()).end((String) problem.getEntity());
            return true;
        });
    }
}
