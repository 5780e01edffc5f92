package dev.camelsuite.app.http;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

import dev.camelsuite.app.problem.Problem;
import io.quarkus.runtime.configuration.MemorySize;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * The largest body each API takes: {@code camelsuite.enhancer.max-body-size} (1 MB) for content to enhance,
 * {@code camelsuite.workflow.max-body-size} (64 KB) for the workflow API's small XML and JSON bodies. The limit holds
 * however the body is framed: a request that declares a longer body is answered 413 before anything reads it, and any
 * body, declared or sent in chunks, is read through a count that answers 413 at the first byte over the limit, before
 * the operation sees any of it. ({@code quarkus.http.limits.max-body-size} bounds what the server buffers at all.)
 */
@ApplicationScoped
public class BodyLimits {

    @ConfigProperty(name = "camelsuite.enhancer.max-body-size", defaultValue = "1M")
    MemorySize enhancerLimit;

    @ConfigProperty(name = "camelsuite.workflow.max-body-size", defaultValue = "64K")
    MemorySize workflowLimit;

    @ServerRequestFilter(preMatching = true)
    public Response limit(ContainerRequestContext request) {
        long limit = limitOf(request.getUriInfo().getPath());
        String length = request.getHeaderString(HttpHeaders.CONTENT_LENGTH);
        if (length != null) {
            try {
                if (Long.parseLong(length.trim()) > limit) {
                    return tooLarge(limit);
                }
            } catch (NumberFormatException e) {
                return Problem.of(400, "Content-Length must be a number of bytes");
            }
        }
        request.setEntityStream(new Limited(request.getEntityStream(), limit));
        return null;
    }

    private long limitOf(String path) {
        return path.startsWith("/enhancer") ? enhancerLimit.asLongValue() : workflowLimit.asLongValue();
    }

    private static Response tooLarge(long limit) {
        return Problem.of(413, "The body is larger than this API takes: at most " + limit + " bytes");
    }

    /** A body that ends the request with 413 when more than its limit is read. */
    private static final class Limited extends FilterInputStream {

        private final long limit;
        private long read;

        Limited(InputStream body, long limit) {
            super(body);
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(n);
            count(skipped);
            return skipped;
        }

        private void count(long n) {
            read += n;
            if (read > limit) {
                throw new WebApplicationException(tooLarge(limit));
            }
        }
    }
}
