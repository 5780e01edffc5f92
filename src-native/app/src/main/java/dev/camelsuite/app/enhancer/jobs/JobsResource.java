package dev.camelsuite.app.enhancer.jobs;

import dev.camelsuite.app.http.PublicUrl;
import dev.camelsuite.app.problem.Problem;
import dev.camelsuite.app.security.Needs;
import dev.camelsuite.app.security.Role;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;

/**
 * Enhancement jobs over HTTP: a job's state, its answer once it has one, and cancelling or deleting it. Only the
 * job's submitter, or an administrator, sees a job; to anyone else it is not there.
 */
@Path("/enhancer/jobs")
public class JobsResource {

    @Inject
    EnhancementJobs jobs;

    @Inject
    PublicUrl publicUrl;

    @Context
    HttpServerRequest request;

    @Needs(Role.READER)
    @GET
    @Path("{id}")
    public Response job(@PathParam("id") String id) {
        return Response.ok(JobJson.of(jobs.find(id), publicUrl.of(request).toString()), "application/json").build();
    }

    /** What the synchronous request would have answered, once the job has finished. */
    @Needs(Role.READER)
    @GET
    @Path("{id}/result")
    public Response result(@PathParam("id") String id) {
        Job job = jobs.find(id);
        return switch (job.state()) {
            case DONE, FAILED -> {
                StoredAnswer answer = jobs.answer(job);
                yield answer == null ? Problem.of(410, "The answer of job " + id + " is gone") : answer.toResponse();
            }
            case CANCELLED -> Problem.of(410, "Job " + id + " was cancelled and has no answer");
            default -> Problem.of(409, "Job " + id + " is " + job.state().label() + ": its result is there once"
                                       + " GET /enhancer/jobs/" + id + " says done or failed");
        };
    }

    /** Cancels a job that waits or runs (200, the job as it is now), or deletes a finished one (204). */
    @Needs(Role.WRITER)
    @DELETE
    @Path("{id}")
    public Response cancelOrDelete(@PathParam("id") String id) {
        Job cancelled = jobs.cancelOrDelete(id);
        if (cancelled == null) {
            return Response.noContent().build();
        }
        return Response.ok(JobJson.of(cancelled, publicUrl.of(request).toString()), "application/json").build();
    }
}
