package dev.camelsuite.app.http;

import dev.camelsuite.app.problem.Problem;
import io.quarkus.runtime.configuration.MemorySize;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * The largest body each API takes: {@code camelsuite.enhancer.max-body-size} (1 MB) for content to enhance,
 * {@code camelsuite.workflow.max-body-size} (64 KB) for the workflow API's small XML and JSON bodies. A request that
 * declares a longer body is answered 413 before anything reads it; a chunked one is held to the same limit by
 * {@link #check} once read, and to {@code quarkus.http.limits.max-body-size} while it arrives.
 */
@ApplicationScoped
public class BodyLimits {

    @ConfigProperty(name = "camelsuite.enhancer.max-body-size", defaultValue = "1M")
    MemorySize enhancerLimit;

    @ConfigProperty(name = "camelsuite.workflow.max-body-size", defaultValue = "64K")
    MemorySize workflowLimit;

    @ServerRequestFilter(preMatching = true)
    public Response declaredLength(ContainerRequestContext request) {
        String length = request.getHeaderString(HttpHeaders.CONTENT_LENGTH);
        if (length == null) {
            return null;
        }
        long limit = limitOf(request.getUriInfo().getPath());
        try {
            if (Long.parseLong(length.trim()) > limit) {
                return tooLarge(limit);
            }
        } catch (NumberFormatException e) {
            return Problem.of(400, "Content-Length must be a number of bytes");
        }
        return null;
    }

    /** The enhancer's limit, for a body that came in chunks: a 413 answer when {@code length} is over it, else null. */
    public Response check(long length) {
        long limit = enhancerLimit.asLongValue();
        return length > limit ? tooLarge(limit) : null;
    }

    private long limitOf(String path) {
        return path.startsWith("/enhancer") ? enhancerLimit.asLongValue() : workflowLimit.asLongValue();
    }

    private static Response tooLarge(long limit) {
        return Problem.of(413, "The body is larger than this API takes: at most " + limit + " bytes");
    }
}
