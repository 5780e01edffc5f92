package dev.camelsuite.app.workflow;

import dev.camelsuite.app.security.Needs;
import dev.camelsuite.app.security.Role;
import dev.camelsuite.workflow.WorkflowStoreUnavailableException;
import dev.camelsuite.workflow.template.WorkflowTemplate;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The workflow templates, as JSON: their names, and one template's processes. */
@Path("/workflow_templates")
public class WorkflowTemplatesResource {

    @Inject
    WorkflowOperations operations;

    /** The names of the templates, sorted: {@code ["accessionWF", …]}. */
    @Needs(Role.READER)
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public String names() throws WorkflowStoreUnavailableException {
        return TemplateJson.names(operations.templates());
    }

    /** One template: {@code {"processes":[{"name","label","prerequisites","skipQueue",…}…]}}; 404 when unknown. */
    @Needs(Role.READER)
    @GET
    @Path("{name}")
    @Produces(MediaType.APPLICATION_JSON)
    public String template(@PathParam("name") String name) throws WorkflowStoreUnavailableException {
        WorkflowTemplate template = operations.template(name);
        if (template == null) {
            throw new NotFoundException("No workflow template named '" + name + "'");
        }
        return TemplateJson.of(template);
    }
}
