package dev.camelsuite.app.enhancer.jobs;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;

/**
 * The answer of a job's request as the synchronous request would have had it: status, type and body, kept to be
 * answered to {@code GET /enhancer/jobs/{id}/result}.
 */
record StoredAnswer(int status, String type, byte[] body) {

    /** The whole answer of {@code response}, its body written out. */
    static StoredAnswer of(Response response) {
        return of(response, Integer.MAX_VALUE - 8);
    }

    /**
     * The whole answer of {@code response}, its body written out into memory.
     *
     * @param limit the most bytes its body may take
     * @throws TooLarge when it takes more
     */
    static StoredAnswer of(Response response, long limit) {
        Object entity = response.getEntity();
        byte[] body;
        if (entity == null) {
            body = new byte[0];
        } else if (entity instanceof byte[] bytes) {
            body = within(bytes, limit);
        } else if (entity instanceof String text) {
            body = within(text.getBytes(StandardCharsets.UTF_8), limit);
        } else if (entity instanceof StreamingOutput out) {
            ByteArrayOutputStream written = new Bounded(limit);
            try {
                out.write(written);
            } catch (IOException e) {
                throw new UncheckedIOException("An answer written into memory failed", e);
            }
            body = written.toByteArray();
        } else {
            throw new IllegalStateException("An enhancement answer of " + entity.getClass().getName());
        }
        // the type as the answer wrote it ("text/turtle; charset=UTF-8"), not as a parsed type prints itself
        String type = response.getHeaderString(HttpHeaders.CONTENT_TYPE);
        return new StoredAnswer(response.getStatus(), type, body);
    }

    Response toResponse() {
        Response.ResponseBuilder answer = Response.status(status).entity(body);
        if (type != null) {
            answer.header(HttpHeaders.CONTENT_TYPE, type);
        }
        return answer.build();
    }

    private static byte[] within(byte[] body, long limit) {
        if (body.length > limit) {
            throw new TooLarge(limit);
        }
        return body;
    }

    /** Memory for an answer that refuses to grow past its limit. */
    private static final class Bounded extends ByteArrayOutputStream {

        private final long limit;

        Bounded(long limit) {
            super(8192);
            this.limit = limit;
        }

        @Override
        public synchronized void write(int b) {
            grow(1);
            super.write(b);
        }

        @Override
        public synchronized void write(byte[] bytes, int offset, int length) {
            grow(length);
            super.write(bytes, offset, length);
        }

        private void grow(int length) {
            if (count + (long) length > limit) {
                throw new TooLarge(limit);
            }
        }
    }

    /** An answer longer than a job keeps. */
    static final class TooLarge extends RuntimeException {

        private static final long serialVersionUID = 1L;

        final long limit;

        TooLarge(long limit) {
            super("The answer is longer than " + limit + " bytes", null, false, false);
            this.limit = limit;
        }
    }
}
