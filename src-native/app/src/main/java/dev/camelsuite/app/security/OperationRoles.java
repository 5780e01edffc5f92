package dev.camelsuite.app.security;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import dev.camelsuite.app.problem.Problem;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Decides whether the caller may run the operation a request was matched to: the role comes from the {@link Needs} of
 * the resource method, never from the text of the path. (Quarkus' HTTP authorization, {@link SignInPolicy}, has
 * already made sure the caller is signed in with the role the HTTP method needs at least.) A signed-in caller lacking
 * the role gets 403 as a problem naming the role; a resource method that names no role is refused to everyone.
 */
public class OperationRoles {

    /** The role of each resource method, looked up once. */
    private static final Map<Method, Optional<Role>> ROLES = new ConcurrentHashMap<>();

    @Inject
    SignIn signIn;

    @Inject
    SecurityIdentity identity;

    @ServerRequestFilter(priority = Priorities.AUTHORIZATION)
    public Response check(ContainerRequestContext request, ResourceInfo operation) {
        Optional<Role> needed = needed(operation.getResourceMethod());
        if (needed.isEmpty()) {
            return Problem.of(403, "Nobody may " + request.getMethod() + " /" + request.getUriInfo().getPath(true)
                                   .replaceFirst("^/", "") + ": the operation names no role");
        }
        if (signIn.allows(identity, needed.get())) {
            return null;
        }
        return Problem.of(403, "Your user may not " + request.getMethod() + " /"
                               + request.getUriInfo().getPath(true).replaceFirst("^/", "") + ": that needs the role "
                               + needed.get().roleName());
    }

    /** The role a resource method needs; empty when it names none. */
    static Optional<Role> needed(Method method) {
        if (method == null) {
            return Optional.empty();
        }
        return ROLES.computeIfAbsent(method, m -> Optional.ofNullable(m.getAnnotation(Needs.class)).map(Needs::value));
    }
}
