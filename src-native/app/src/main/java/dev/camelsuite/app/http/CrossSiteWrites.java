package dev.camelsuite.app.http;

import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import dev.camelsuite.app.problem.Problem;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Refuses writes a browser sends on behalf of another site (cross-site request forgery): a browser names the page's
 * origin in {@code Origin} and {@code Sec-Fetch-Site}, and a write from a page of another origin is answered 403.
 * Clients that are not browsers send neither header and are not affected; pages served from other origins can be
 * allowed with {@code camelsuite.http.allowed-origins}. This matters because a browser that signed in once sends its
 * credentials with every request to this server, even one a foreign page makes. (The workflow API's writes also take
 * only XML or JSON bodies, which a plain HTML form cannot send.)
 */
@ApplicationScoped
public class CrossSiteWrites {

    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS");

    @ConfigProperty(name = "camelsuite.http.allowed-origins")
    Optional<List<String>> allowedOrigins;

    /** After matching, so that a body type the API does not take is a 415 first. */
    @ServerRequestFilter
    public Response refuseForeignOrigin(ContainerRequestContext request) {
        if (SAFE_METHODS.contains(request.getMethod())) {
            return null;
        }
        String site = request.getHeaderString("Sec-Fetch-Site");
        String origin = request.getHeaderString("Origin");
        if (origin == null && site == null) {
            return null;
        }
        if (origin != null ? isAllowed(origin, request.getUriInfo().getBaseUri())
                : site.equals("same-origin") || site.equals("none")) {
            return null;
        }
        return Problem.of(403, "A write from a page of another origin" + (origin == null ? "" : " (" + origin + ")")
                               + " is refused; the server's operator can allow that origin in"
                               + " camelsuite.http.allowed-origins");
    }

    private boolean isAllowed(String origin, URI base) {
        String own = base.getScheme() + "://" + base.getRawAuthority();
        return origin.equalsIgnoreCase(own) || allowedOrigins.map(list -> list.contains(origin)).orElse(false);
    }
}
