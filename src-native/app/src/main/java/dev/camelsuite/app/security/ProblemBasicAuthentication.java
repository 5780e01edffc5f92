package dev.camelsuite.app.security;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Set;

import dev.camelsuite.app.problem.Problem;
import io.quarkus.arc.lookup.LookupIfProperty;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.vertx.http.runtime.security.BasicAuthenticationMechanism;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.quarkus.vertx.http.runtime.security.HttpCredentialTransport;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * HTTP Basic sign-in, as Quarkus' own mechanism does it, whose refusal is a problem like every other error of the
 * APIs: 401 with the Basic challenge and a body that says what to send, for missing, malformed and wrong credentials
 * alike. Password guessing is slowed down by the {@link SignInThrottle}: a client it refuses gets 429 with
 * {@code Retry-After}, and its password is not looked at. (Quarkus' mechanism answers its challenge with
 * no body, before any resource or exception mapper sees the request; {@code quarkus.http.auth.basic} is off so that
 * this one is the only Basic mechanism.) {@code camelsuite.sign-in.basic=false} takes it away, for another way to sign
 * in (OpenID Connect).
 */
@ApplicationScoped
@LookupIfProperty(name = "camelsuite.sign-in.basic", stringValue = "true", lookupIfMissing = true)
public class ProblemBasicAuthentication implements HttpAuthenticationMechanism {

    /** The realm of the Basic challenge. */
    static final String REALM = "camelsuite";

    /** Where Quarkus keeps the mechanism that tried to sign the request in. */
    private static final String MECHANISM = HttpAuthenticationMechanism.class.getName();
    /** The seconds a throttled client must wait, for the answer. */
    private static final String RETRY_AFTER = ProblemBasicAuthentication.class.getName() + ".retryAfter";

    private final BasicAuthenticationMechanism basic = new BasicAuthenticationMechanism(REALM, false);

    @Inject
    SignInThrottle throttle;

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identityProviderManager) {
        String user = userOf(context.request().getHeader(HttpHeaders.AUTHORIZATION));
        String address = context.request().remoteAddress() == null ? "unknown"
                : context.request().remoteAddress().hostAddress();
        if (user != null) {
            long wait = throttle.secondsToWait(address, user);
            if (wait > 0) {
                context.put(RETRY_AFTER, wait);
                context.put(MECHANISM, this);
                return Uni.createFrom().failure(new AuthenticationFailedException("Too many failed sign-ins"));
            }
        }
        Uni<SecurityIdentity> signedIn = basic.authenticate(context, identityProviderManager);
        // Quarkus answers a failed sign-in with the challenge of the mechanism that tried it: this one, not the
        // wrapped one, whose answer has no body
        if (context.get(MECHANISM) == basic) {
            context.put(MECHANISM, this);
        }
        if (user == null) {
            return signedIn;
        }
        return signedIn.onItemOrFailure().invoke((identity, failure) -> {
            if (failure != null) {
                throttle.failed(address, user);
            } else if (identity != null && !identity.isAnonymous()) {
                throttle.succeeded(address);
            }
        });
    }

    /** The user name of a Basic {@code Authorization} header, or null when there is none to read. */
    static String userOf(String authorization) {
        if (authorization == null || authorization.length() < 6
            || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            return null;
        }
        try {
            String credentials = new String(Base64.getDecoder().decode(authorization.substring(6).trim()),
                    StandardCharsets.UTF_8);
            int colon = credentials.indexOf(':');
            return colon < 0 ? null : credentials.substring(0, colon);
        } catch (IllegalArgumentException e) {
            return null;
        }
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
            Long wait = context.get(RETRY_AFTER);
            if (wait != null) {
                context.response().putHeader(HttpHeaders.RETRY_AFTER, String.valueOf(wait));
                Problem.send(context.response(), 429, "Too many failed sign-ins from this address or for this user:"
                                                      + " wait " + wait + " s before signing in again");
                return true;
            }
            challenge.getHeaders().forEach(context.response()::putHeader);
            Problem.send(context.response(), 401, "Sign in: this API needs a user and password (HTTP Basic"
                                                  + " authentication), or the ones given are wrong; see"
                                                  + " docs/security.adoc");
            return true;
        });
    }
}
