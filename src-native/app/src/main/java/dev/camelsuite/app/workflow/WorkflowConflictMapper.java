package dev.camelsuite.app.workflow;

import dev.camelsuite.workflow.WorkflowConflictException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** A conditional update ({@code current-status}) that lost: 409, in the workflow service's words. */
@Provider
public class WorkflowConflictMapper implements ExceptionMapper<WorkflowConflictException> {

    @Override
    public Response toResponse(WorkflowConflictException e) {
        return PlainText.of(Response.Status.CONFLICT, "Status in params (" + e.getExpectedStatus()
                                                      + ") does not match current status (" + e.getActualStatus() + ")");
    }
}
