package dev.camelsuite.app.workflow;

import java.net.URI;
import java.util.List;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.camelsuite.workflow.Workflow;
import dev.camelsuite.workflow.WorkflowConflictException;
import dev.camelsuite.workflow.WorkflowNotFoundException;
import dev.camelsuite.workflow.store.Step;
import dev.camelsuite.workflow.store.StepUpdate;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * An object's workflows, as the workflow service serves them: create from a template, read as XML, update a step,
 * skip all, delete. Each request is one operation of the {@code workflow:} component.
 */
@Path("/objects/{objectId}/workflows")
public class ObjectWorkflowsResource {

    static final String XML = MediaType.APPLICATION_XML + ";charset=UTF-8";

    @Inject
    WorkflowOperations operations;

    @Inject
    WorkflowStoreReads reads;

    @Inject
    ObjectMapper json;

    /** Every workflow of the object, every version: {@code <workflows objectId>}. */
    @GET
    @Produces(XML)
    public String workflows(@PathParam("objectId") String objectId) {
        List<Step> steps = reads.steps(objectId);
        return WorkflowDocuments.workflows(objectId, steps, reads.contexts(objectId, versions(steps)));
    }

    /** One workflow, every version: {@code <workflow objectId id>}, empty when the object has no such workflow. */
    @GET
    @Path("{workflow}")
    @Produces(XML)
    public String workflow(@PathParam("objectId") String objectId, @PathParam("workflow") String workflow) {
        Workflow found = operations.get(objectId, workflow);
        return WorkflowDocuments.workflow(objectId, workflow, found.steps(),
                reads.contexts(objectId, versions(found.steps())));
    }

    /**
     * Creates the workflow from its template for a version (re-creating replaces that version's steps); the optional
     * JSON body {@code {"context": {...}}} is the version's context. A body of another type is ignored, as the
     * workflow service ignores it. 201; an unknown template is a 400.
     */
    @POST
    @Path("{workflow}")
    public Response create(@PathParam("objectId") String objectId, @PathParam("workflow") String workflow,
                           @QueryParam("version") String version, @QueryParam("lane-id") String lane,
                           @HeaderParam(HttpHeaders.CONTENT_TYPE) MediaType type, String body) {
        int v = RequestParameters.requiredPositiveInt("version", version);
        String context = isJson(type) ? CreateBody.context(json, body) : null;
        operations.create(objectId, workflow, v, RequestParameters.lane(lane), context);
        return Response.created(URI.create("/objects/" + objectId + "/workflows/" + workflow)).build();
    }

    /**
     * Updates a step of the newest version from {@code <process name status …/>}; answers
     * {@code {"next_steps":[…]}}. 404 when the object has no such step, 400 when the body names another process or
     * is not a valid process element, 409 when {@code current-status} is not the step's status.
     */
    @PUT
    @Path("{workflow}/{process}")
    @Produces(MediaType.APPLICATION_JSON)
    public String update(@PathParam("objectId") String objectId, @PathParam("workflow") String workflow,
                         @PathParam("process") String process, @QueryParam("current-status") String currentStatus,
                         String body)
            throws WorkflowNotFoundException, WorkflowConflictException {
        ProcessElement element = ProcessElement.parse(body);
        StepUpdate update;
        try {
            update = element.updateOf(process, currentStatus);
        } catch (InvalidRequestException e) {
            // as the workflow service: a step that does not exist is a 404 before anything is wrong with the body
            if (operations.get(objectId, workflow).activeStep(process) == null) {
                throw new WorkflowNotFoundException("Object " + objectId + " has no step " + process + " in workflow "
                                                    + workflow);
            }
            throw e;
        }
        List<Step> next = operations.update(objectId, workflow, process, update);
        return NextStepsJson.of(next);
    }

    /** Skips every step of the active version, with the note of the optional {@code <process note/>} body. 204. */
    @POST
    @Path("{workflow}/skip-all")
    public Response skipAll(@PathParam("objectId") String objectId, @PathParam("workflow") String workflow, String body)
            throws WorkflowNotFoundException {
        String note = body == null || body.isBlank() ? null : ProcessElement.parse(body).note();
        operations.skipAll(objectId, workflow, note);
        return Response.noContent().build();
    }

    /** Deletes one version of the workflow, or every version without {@code version}. 204. */
    @DELETE
    @Path("{workflow}")
    public Response delete(@PathParam("objectId") String objectId, @PathParam("workflow") String workflow,
                           @QueryParam("version") String version) {
        operations.delete(objectId, workflow, RequestParameters.positiveInt("version", version));
        return Response.noContent().build();
    }

    /** Deletes every workflow and context of the object. 204. */
    @DELETE
    public Response deleteAll(@PathParam("objectId") String objectId) {
        operations.deleteObject(objectId);
        return Response.noContent().build();
    }

    private static boolean isJson(MediaType type) {
        return type != null && (type.isCompatible(MediaType.APPLICATION_JSON_TYPE) || type.getSubtype().endsWith("+json"));
    }

    private static TreeSet<Integer> versions(List<Step> steps) {
        TreeSet<Integer> versions = new TreeSet<>();
        steps.forEach(s -> versions.add(s.version()));
        return versions;
    }
}
