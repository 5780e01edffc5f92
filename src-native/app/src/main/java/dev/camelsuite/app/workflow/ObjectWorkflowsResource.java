package dev.camelsuite.app.workflow;

import java.net.URI;
import java.util.List;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.camelsuite.app.http.PublicUrl;
import dev.camelsuite.app.problem.Problem;
import dev.camelsuite.app.security.Needs;
import dev.camelsuite.app.security.Role;
import dev.camelsuite.app.security.SignIn;
import dev.camelsuite.workflow.Workflow;
import dev.camelsuite.workflow.WorkflowConflictException;
import dev.camelsuite.workflow.WorkflowExistsException;
import dev.camelsuite.workflow.WorkflowNotFoundException;
import dev.camelsuite.workflow.WorkflowStoreUnavailableException;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepUpdate;
import io.quarkus.security.identity.SecurityIdentity;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;

/**
 * An object's workflows, as the workflow service serves them: create from a template, read as XML, update a step,
 * skip all, delete. Each request is one operation of the {@code workflow:} component.
 */
@Path("/objects/{objectId}/workflows")
public class ObjectWorkflowsResource {

    static final String XML = MediaType.APPLICATION_XML + ";charset=UTF-8";
    /** The bodies of step updates and skip-all: {@code <process …/>}. */
    static final String[] XML_BODIES = { MediaType.APPLICATION_XML, MediaType.TEXT_XML };

    @Inject
    WorkflowOperations operations;

    @Inject
    ObjectMapper json;

    @Inject
    SignIn signIn;

    @Inject
    SecurityIdentity identity;

    @Inject
    PublicUrl publicUrl;

    /** Every workflow of the object, every version: {@code <workflows objectId>}. */
    @Needs(Role.READER)
    @GET
    @Produces(XML)
    public String workflows(@PathParam("objectId") String objectId) throws WorkflowStoreUnavailableException {
        RequestParameters.objectId(objectId);
        List<Step> steps = operations.steps(objectId);
        return WorkflowDocuments.workflows(objectId, steps, operations.contexts(objectId, versions(steps)));
    }

    /** One workflow, every version: {@code <workflow objectId id>}, empty when the object has no such workflow. */
    @Needs(Role.READER)
    @GET
    @Path("{workflow}")
    @Produces(XML)
    public String workflow(@PathParam("objectId") String objectId, @PathParam("workflow") String workflow)
            throws WorkflowStoreUnavailableException {
        RequestParameters.objectId(objectId);
        Workflow found = operations.get(objectId, workflow);
        return WorkflowDocuments.workflow(objectId, workflow, found.steps(),
                operations.contexts(objectId, versions(found.steps())));
    }

    /**
     * Every attempt robots made at a step, every version, in order: {@code <attempts><attempt version number robot
     * started ended status errorMessage>error text</attempt>…</attempts>}. An addition to the workflow service's API;
     * robots' host names and process ids and the error texts' stack traces are for administrators.
     */
    @Needs(Role.READER)
    @GET
    @Path("{workflow}/{process}/attempts")
    @Produces(XML)
    public String attempts(@PathParam("objectId") String objectId, @PathParam("workflow") String workflow,
                           @PathParam("process") String process) throws WorkflowStoreUnavailableException {
        RequestParameters.objectId(objectId);
        return AttemptDocuments.attempts(objectId, workflow, process, operations.attempts(objectId, workflow, process),
                signIn.allows(identity, Role.ADMIN));
    }

    /**
     * Creates the workflow from its template for a version (re-creating replaces that version's steps, which needs the
     * admin role); the optional JSON body {@code {"context": {...}}} is the version's context. An XML body is ignored,
     * as the workflow service ignores it; no body at all is the common case, but a form's content is refused (415), so
     * a cross-site form cannot create. 201;
     * an unknown template is a 400. With {@code Idempotency-Key} (the user's own), a retry of the same create answers
     * 201 again without creating (robots' progress kept); the key with another create is a 422.
     */
    @Needs(Role.WRITER)
    @POST
    @Path("{workflow}")
    @Consumes({ MediaType.APPLICATION_JSON, MediaType.APPLICATION_XML, MediaType.TEXT_XML,
                MediaType.APPLICATION_OCTET_STREAM, MediaType.APPLICATION_FORM_URLENCODED })
    public Response create(@PathParam("objectId") String objectId, @PathParam("workflow") String workflow,
                           @QueryParam("version") String version, @QueryParam("lane-id") String lane,
                           @HeaderParam(HttpHeaders.CONTENT_TYPE) MediaType type,
                           @HeaderParam("Idempotency-Key") String key, String body,
                           @Context HttpServerRequest request)
            throws WorkflowConflictException, WorkflowStoreUnavailableException {
        RequestParameters.objectId(objectId);
        refuseFormContent(type, body);
        int v = RequestParameters.requiredPositiveInt("version", version);
        String context = isJson(type) ? CreateBody.context(json, body) : null;
        // the location is made before the change, so nothing can fail after it is committed
        URI location = UriBuilder.fromUri(publicUrl.of(request)).path(ObjectWorkflowsResource.class)
                .path("{workflow}").build(objectId, workflow);
        try {
            operations.create(objectId, workflow, v, RequestParameters.lane(lane), context, CreateKeys.of(identity, key),
                    signIn.allows(identity, Role.ADMIN));
        } catch (WorkflowExistsException e) {
            return Problem.of(403, "Version " + v + " of " + workflow + " exists for " + objectId
                                   + ": re-creating it resets its steps, which needs the admin role");
        }
        // a retry with the key gets the first create's answer: the workflow is there, as robots left it
        return Response.created(location).build();
    }

    /**
     * Updates a step of the newest version from {@code <process name status …/>}; answers
     * {@code {"next_steps":[…]}}. 404 when the object has no such step, 400 when the body names another process or
     * is not a valid process element, 409 when {@code current-status} is not the step's status.
     */
    @Needs(Role.WRITER)
    @PUT
    @Path("{workflow}/{process}")
    @Consumes({ MediaType.APPLICATION_XML, MediaType.TEXT_XML })
    @Produces(MediaType.APPLICATION_JSON)
    public String update(@PathParam("objectId") String objectId, @PathParam("workflow") String workflow,
                         @PathParam("process") String process, @QueryParam("current-status") String currentStatus,
                         String body)
            throws WorkflowNotFoundException, WorkflowConflictException, WorkflowStoreUnavailableException {
        RequestParameters.objectId(objectId);
        StepUpdate update;
        try {
            update = ProcessElement.parse(body).updateOf(process, currentStatus);
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

    /**
     * Skips every step of the active version, with the note of the optional {@code <process note/>} body. 204, also for
     * a workflow the object does not have (nothing to skip), as the workflow service answers.
     */
    @Needs(Role.ADMIN)
    @POST
    @Path("{workflow}/skip-all")
    @Consumes({ MediaType.APPLICATION_XML, MediaType.TEXT_XML, MediaType.APPLICATION_OCTET_STREAM,
                MediaType.APPLICATION_FORM_URLENCODED })
    public Response skipAll(@PathParam("objectId") String objectId, @PathParam("workflow") String workflow,
                            @HeaderParam(HttpHeaders.CONTENT_TYPE) MediaType type, String body)
            throws WorkflowStoreUnavailableException {
        RequestParameters.objectId(objectId);
        refuseFormContent(type, body);
        String note = body == null || body.isBlank() ? null : ProcessElement.parse(body).note();
        try {
            operations.skipAll(objectId, workflow, note);
        } catch (WorkflowNotFoundException e) {
            // as the workflow service: skipping the steps of a workflow the object does not have skips nothing
        }
        return Response.noContent().build();
    }

    /** Deletes one version of the workflow, or every version without {@code version}. 204. */
    @Needs(Role.ADMIN)
    @DELETE
    @Path("{workflow}")
    public Response delete(@PathParam("objectId") String objectId, @PathParam("workflow") String workflow,
                           @QueryParam("version") String version) throws WorkflowStoreUnavailableException {
        RequestParameters.objectId(objectId);
        operations.delete(objectId, workflow, RequestParameters.positiveInt("version", version));
        return Response.noContent().build();
    }

    /** Deletes every workflow and context of the object. 204. */
    @Needs(Role.ADMIN)
    @DELETE
    public Response deleteAll(@PathParam("objectId") String objectId) throws WorkflowStoreUnavailableException {
        RequestParameters.objectId(objectId);
        operations.deleteObject(objectId);
        return Response.noContent().build();
    }

    /**
     * HTTP clients of the workflow service (Faraday's default, RestAssured) label a POST without a body as a form: that
     * is taken. A form with fields is what a page of another site can make a browser send, and no request of this
     * API has fields: 415.
     */
    private static void refuseFormContent(MediaType type, String body) {
        if (type != null && type.isCompatible(MediaType.APPLICATION_FORM_URLENCODED_TYPE) && body != null
            && !body.isEmpty()) {
            throw new NotSupportedException("A form body is not taken here: send no body, XML or JSON");
        }
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
