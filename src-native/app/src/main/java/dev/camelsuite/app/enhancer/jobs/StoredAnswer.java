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

    /** The whole answer of {@code response}, its body written out (its size bounded as the answer's writer bounds it). */
    static StoredAnswer of(Response response) {
        Object entity = response.getEntity();
        byte[] body;
        if (entity == null) {
            body = new byte[0];
        } else if (entity instanceof byte[] bytes) {
            body = bytes;
        } else if (entity instanceof String text) {
            body = text.getBytes(StandardCharsets.UTF_8);
        } else if (entity instanceof StreamingOutput out) {
            ByteArrayOutputStream written = new ByteArrayOutputStream();
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
}
