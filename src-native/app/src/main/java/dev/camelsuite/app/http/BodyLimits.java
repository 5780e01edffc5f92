package dev.camelsuite.app.http;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

import dev.camelsuite.app.problem.Problem;
import io.quarkus.runtime.configuration.MemorySize;
import jakarta.annotation.PostConstruct;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * The largest body each API takes: {@code camelsuite.enhancer.max-body-size} (1 MB) for content to enhance,
 * {@code camelsuite.workflow.max-body-size} (64 KB) for the workflow API's small XML and JSON bodies,
 * {@code camelsuite.enhancer.jobs.max-batch-size} (64 MB) for a batch of documents, which is read as it arrives and
 * never held whole. The limit holds however the body is framed: a request that declares a longer body is answered 413
 * before anything reads it, and any body, declared or sent in chunks, is read through a count that answers 413 at the
 * first byte over the limit, before the operation sees any of it, and drops the rest as it arrives. The operations
 * read their bodies as streams (a blocking operation's body is buffered up to {@code quarkus.rest.input-buffer-size}
 * and then read as it arrives), so these limits, not {@code quarkus.http.limits.max-body-size}, bound what a
 * request's body takes; the server's limit is only the last resort for a body that never ends.
 */
@Startup
@ApplicationScoped
public class BodyLimits {

    @ConfigProperty(name = "camelsuite.enhancer.max-body-size", defaultValue = "1M")
    MemorySize enhancerLimit;

    @ConfigProperty(name = "camelsuite.workflow.max-body-size", defaultValue = "64K")
    MemorySize workflowLimit;

    @ConfigProperty(name = "camelsuite.enhancer.jobs.max-batch-size", defaultValue = "64M")
    MemorySize batchLimit;

    @ConfigProperty(name = "quarkus.http.limits.max-body-size")
    Optional<MemorySize> serverLimit;

    /**
     * The server's own limit must be above every API's: at the server's, a request is cut off with an empty 413, and
     * a client is told nothing of which limit it passed.
     */
    @PostConstruct
    void checkSettings() {
        long largest = Math.max(batchLimit.asLongValue(), Math.max(enhancerLimit.asLongValue(), workflowLimit.asLongValue()));
        if (serverLimit.isPresent() && serverLimit.get().asLongValue() <= largest) {
            throw new IllegalArgumentException("quarkus.http.limits.max-body-size (" + serverLimit.get().asLongValue()
                                               + " bytes) must be more than the largest body an API takes (" + largest
                                               + " bytes: camelsuite.enhancer.max-body-size, camelsuite.workflow"
                                               + ".max-body-size, camelsuite.enhancer.jobs.max-batch-size)");
        }
    }

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
        if (path.startsWith("/enhancer/batches")) {
            return batchLimit.asLongValue();
        }
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
                drain();
                throw new WebApplicationException(tooLarge(limit));
            }
        }

        /**
         * Reads the rest of the body and drops it: a body left unread is kept in memory by the server as it goes on
         * arriving (six bodies of 60 MB at once held 170 MB), one read is dropped as it comes. The server's own limit
         * ({@code quarkus.http.limits.max-body-size}) ends a body that would not end.
         */
        private void drain() {
            byte[] dropped = new byte[16 * 1024];
            try {
                while (in.read(dropped) >= 0) {
                    // dropped
                }
            } catch (IOException e) {
                // the server's limit, or the client went away: nothing more arrives either way
            }
        }
    }
}
