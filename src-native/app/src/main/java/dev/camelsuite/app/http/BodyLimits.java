package dev.camelsuite.app.http;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Optional;

import dev.camelsuite.app.problem.Problem;
import io.quarkus.runtime.configuration.MemorySize;
import jakarta.annotation.PostConstruct;
import io.quarkus.runtime.Startup;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.RoutingContext;
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

    @ConfigProperty(name = "camelsuite.enhancer.jobs.batch-read-timeout", defaultValue = "5M")
    Duration batchReadTimeout;

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
    public Response limit(ContainerRequestContext request, RoutingContext http) {
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
        // a batch is stored as it arrives, a database connection held meanwhile: it must arrive within its deadline
        Duration timeout = request.getUriInfo().getPath().startsWith("/enhancer/batches") ? batchReadTimeout : null;
        if (timeout != null) {
            closeUnread(http);
        }
        request.setEntityStream(new Limited(request.getEntityStream(), limit, timeout));
        return null;
    }

    /**
     * A batch answered before its body ended (refused: no place, its deadline, its role) stops its body once the
     * answer is written: the server would go on reading the rest, holding it as it arrives. A {@code Connection:
     * close} header of the answer's own does not do that. Over HTTP/2 only the request's stream is reset, never the
     * connection that other requests share.
     */
    private static void closeUnread(RoutingContext http) {
        boolean http2 = http.request().version() == HttpVersion.HTTP_2;
        http.addHeadersEndHandler(headers -> {
            if (!http2 && !http.request().isEnded()) {
                // so that the client opens a new connection for its next request instead of reusing this one
                http.response().putHeader("Connection", "close");
            }
        });
        http.addEndHandler(written -> {
            if (!http.request().isEnded()) {
                if (http2) {
                    http.response().reset();
                } else {
                    http.request().connection().close();
                }
            }
        });
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

    /** The 408 of a batch still arriving at its deadline. */
    static Response lateAnswer(Duration timeout) {
        return Problem.of(408, "The batch was still arriving after " + timeout.toSeconds() + " s"
                               + " (camelsuite.enhancer.jobs.batch-read-timeout): send it faster, or as several"
                               + " smaller batches");
    }

    /**
     * A body that ends the request with 413 when more than its limit is read, and with 408 when it is still arriving
     * at its deadline, looked at as each read returns: a client that sends nothing at all is ended by the server's
     * {@code quarkus.http.idle-timeout} (2 minutes).
     */
    private static final class Limited extends FilterInputStream {

        private final long limit;
        private final long deadline;
        private final Duration timeout;
        private long read;

        /** {@code timeout}: how long the body may take to arrive, or null when it has no deadline of its own. */
        Limited(InputStream body, long limit, Duration timeout) {
            super(body);
            this.limit = limit;
            this.timeout = timeout;
            this.deadline = timeout == null ? 0 : System.nanoTime() + timeout.toNanos();
        }

        private boolean late() {
            return timeout != null && System.nanoTime() - deadline > 0;
        }

        /**
         * The server's stream reads the rest of a body when closed, for as long as its client takes to send it; a
         * body past its deadline is not read on: its connection is closed once the 408 is written instead.
         */
        @Override
        public void close() throws IOException {
            if (!late()) {
                super.close();
            }
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n;
            try {
                n = super.read(buffer, offset, length);
            } catch (IOException e) {
                if (late()) {
                    // the server closed the connection under a read that waited past the deadline
                    throw new WebApplicationException(lateAnswer(timeout));
                }
                throw e;
            }
            if (n > 0) {
                count(n);
            } else if (n < 0 && late()) {
                // an end past the deadline is a body cut short (its connection closed), never a whole one
                throw new WebApplicationException(lateAnswer(timeout));
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
            if (late()) {
                throw new WebApplicationException(lateAnswer(timeout));
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
                while (in.read(dropped) >= 0 && !late()) {
                    // dropped
                }
            } catch (IOException e) {
                // the server's limit, or the client went away: nothing more arrives either way
            }
        }
    }
}
