package dev.camelsuite.app.workflow;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** A bad parameter or body, or a request the component refuses (e.g. an unknown template): 400. */
@Provider
public class InvalidRequestMapper implements ExceptionMapper<InvalidRequestException> {

    @Override
    public Response toResponse(InvalidRequestException e) {
        return PlainText.of(Response.Status.BAD_REQUEST, e.getMessage());
    }
}
