package dev.camelsuite.app.workflow;

import dev.camelsuite.workflow.WorkflowNotFoundException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** No such step or workflow: 404. */
@Provider
public class WorkflowNotFoundMapper implements ExceptionMapper<WorkflowNotFoundException> {

    @Override
    public Response toResponse(WorkflowNotFoundException e) {
        return PlainText.of(Response.Status.NOT_FOUND, e.getMessage());
    }
}
