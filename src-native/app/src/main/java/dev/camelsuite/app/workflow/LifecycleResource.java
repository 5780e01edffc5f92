package dev.camelsuite.app.workflow;

import java.util.List;

import dev.camelsuite.app.security.Needs;
import dev.camelsuite.app.security.Role;
import dev.camelsuite.workflow.WorkflowStoreUnavailableException;
import dev.camelsuite.workflow.model.Milestone;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;

/** An object's lifecycle milestones: {@code <lifecycle objectId><milestone date version>name</milestone>…}. */
@Path("/objects/{objectId}/lifecycle")
public class LifecycleResource {

    @Inject
    WorkflowOperations operations;

    /**
     * The milestones the object reached, of every version. With {@code active-only=true} and a {@code version}:
     * nothing when every step of that version is done, else that version's milestones; nothing without a version. A
     * {@code version} without {@code active-only} is ignored. All as the workflow service answers.
     */
    @Needs(Role.READER)
    @GET
    @Produces(ObjectWorkflowsResource.XML)
    public String lifecycle(@PathParam("objectId") String objectId, @QueryParam("active-only") String activeOnly,
                            @QueryParam("version") String version) throws WorkflowStoreUnavailableException {
        RequestParameters.objectId(objectId);
        boolean active = RequestParameters.bool("active-only", activeOnly);
        Integer v = RequestParameters.positiveInt("version", version);
        // as the workflow service: the version counts with active-only alone; without it every milestone is answered
        List<Milestone> milestones = !active ? operations.lifecycle(objectId, false, null)
                : v == null ? List.of() : operations.lifecycle(objectId, true, v);
        return LifecycleDocument.of(objectId, milestones);
    }
}
