package dev.camelsuite.app.problem;

import java.util.Set;
import java.util.UUID;

import dev.camelsuite.app.enhancer.jobs.JobStoreFailure;
import dev.camelsuite.app.http.AllowedMethods;
import dev.camelsuite.app.workflow.InvalidRequestException;
import dev.camelsuite.app.workflow.WorkflowStoreFailure;
import dev.camelsuite.workflow.IdempotencyKeyReusedException;
import dev.camelsuite.workflow.WorkflowConflictException;
import dev.camelsuite.workflow.WorkflowNotFoundException;
import dev.camelsuite.workflow.WorkflowStoreUnavailableException;
import jakarta.inject.Inject;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Every failure of both HTTP APIs as a {@link Problem}. What the caller got wrong (4xx) says so in the exception's
 * own words, which this application writes; what failed here (5xx) says only that it failed and under which incident
 * id the log has the rest.
 */
public class ProblemMappers {

    @Inject
    AllowedMethods allowedMethods;

    private static final Logger LOG = Logger.getLogger(ProblemMappers.class);
    /** When a client should ask again after the database could not be reached. */
    private static final int STORE_RETRY_AFTER_SECONDS = 5;

    @ServerExceptionMapper
    public Response invalidRequest(InvalidRequestException e) {
        return Problem.of(400, e.getMessage());
    }

    @ServerExceptionMapper
    public Response notFound(WorkflowNotFoundException e) {
        return Problem.of(404, e.getMessage());
    }

    /** A conditional update ({@code current-status}) that lost: 409, in the workflow service's words. */
    @ServerExceptionMapper
    public Response conflict(WorkflowConflictException e) {
        return Problem.of(409, "Status in params (" + e.getExpectedStatus() + ") does not match current status ("
                               + e.getActualStatus() + ")");
    }

    /** An idempotency key of a create sent again with another request: 422, saying to use a new key. */
    @ServerExceptionMapper
    public Response keyReused(IdempotencyKeyReusedException e) {
        return Problem.of(422, e.getMessage());
    }

    /** The jobs' database is down or not there yet: the client may ask again. */
    @ServerExceptionMapper
    public Response jobStoreUnavailable(JobStoreFailure e) {
        LOG.warnf("The enhancement jobs' database failed: %s", e.getMessage());
        return Problem.builder(503, "The enhancement jobs' database cannot be reached now; ask again later")
                .header(HttpHeaders.RETRY_AFTER, STORE_RETRY_AFTER_SECONDS).build();
    }

    /** The database is down or not there yet: the client may ask again, as after any 503. */
    @ServerExceptionMapper
    public Response storeUnavailable(WorkflowStoreUnavailableException e) {
        LOG.warnf("The workflow database cannot be reached: %s", e.getMessage());
        return Problem.builder(503, "The workflow database cannot be reached now; ask again later")
                .header(HttpHeaders.RETRY_AFTER, STORE_RETRY_AFTER_SECONDS).build();
    }

    @ServerExceptionMapper
    public Response storeFailure(WorkflowStoreFailure e) {
        return internal("The workflow store failed; nothing was changed", e);
    }

    @ServerExceptionMapper
    public Response webApplication(WebApplicationException e, ContainerRequestContext request) {
        Response given = e.getResponse();
        int status = given.getStatus();
        if (status >= 500) {
            return internal("The request failed", e);
        }
        if (given.hasEntity() && given.getMediaType() != null
            && given.getMediaType().toString().startsWith(Problem.MEDIA_TYPE)) {
            return given;
        }
        Set<String> allowed = status == 405 && given.getAllowedMethods().isEmpty()
                ? allowedMethods.of(request.getUriInfo().getPath()) : given.getAllowedMethods();
        Response.ResponseBuilder answer = Problem.builder(status, detail(e, given, request, allowed));
        // keep what the status needs: Allow of a 405, Retry-After of a 503, a challenge of a 401
        given.getStringHeaders().forEach((name, values) -> {
            if (!name.equalsIgnoreCase("Content-Type") && !name.equalsIgnoreCase("Content-Length")) {
                values.forEach(v -> answer.header(name, v));
            }
        });
        if (status == 405 && given.getHeaderString(HttpHeaders.ALLOW) == null && !allowed.isEmpty()) {
            answer.allow(allowed);
        }
        return answer.build();
    }

    /**
     * The exception's own message where this application wrote one; for the framework's bare "HTTP 404 Not Found"
     * and the like, what was wrong with this request and what is allowed.
     */
    private static String detail(WebApplicationException e, Response given, ContainerRequestContext request,
                                 Set<String> allowed) {
        String message = e.getMessage();
        boolean framework = message == null || message.startsWith("HTTP " + given.getStatus())
                            || message.contains("@Consumes") || message.contains("@Produces");
        if (!framework) {
            return message;
        }
        String method = request.getMethod();
        String path = "/" + request.getUriInfo().getPath().replaceFirst("^/", "");
        return switch (given.getStatus()) {
            case 404 -> "Nothing is at " + path + ": the enhancer API is under /enhancer, the workflow API under"
                        + " /objects, /workflow_queue and /workflow_templates, the dashboard at /dashboard/";
            case 405 -> method + " is not allowed on " + path + "; allowed: " + String.join(", ", allowed);
            case 406 -> "No answer of " + path + " has a type the Accept header takes ("
                        + request.getHeaderString(HttpHeaders.ACCEPT) + ")";
            case 415 -> "The body's type (" + request.getHeaderString(HttpHeaders.CONTENT_TYPE) + ") is not one "
                        + method + " " + path + " reads";
            default -> message;
        };
    }

    @ServerExceptionMapper
    public Response unexpected(Throwable e) {
        return internal("The request failed", e);
    }

    private static Response internal(String what, Throwable e) {
        String incident = UUID.randomUUID().toString();
        LOG.errorf(e, "Incident %s: %s", incident, what);
        return Problem.of(500, what + " (incident " + incident + " in the server's log)");
    }
}
