package dev.camelsuite.app.workflow;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** The store failed (its transaction was rolled back): 500 with what failed. */
@Provider
public class WorkflowStoreFailureMapper implements ExceptionMapper<WorkflowStoreFailure> {

    @Override
    public Response toResponse(WorkflowStoreFailure e) {
        return PlainText.of(Response.Status.INTERNAL_SERVER_ERROR, e.getMessage());
    }
}
