package dev.camelsuite.app.workflow;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** A failure answered as the workflow service answers it: a status and a plain-text message. */
final class PlainText {

    private PlainText() {
    }

    static Response of(Response.Status status, String message) {
        return Response.status(status).type(MediaType.TEXT_PLAIN_TYPE.withCharset("UTF-8")).entity(message).build();
    }
}
