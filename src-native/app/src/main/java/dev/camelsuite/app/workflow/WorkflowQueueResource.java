package dev.camelsuite.app.workflow;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;

import dev.camelsuite.app.security.Needs;
import dev.camelsuite.app.security.Role;
import dev.camelsuite.workflow.StepStatus;
import dev.camelsuite.workflow.WorkflowStoreUnavailableException;
import dev.camelsuite.workflow.model.StepQuery;
import dev.camelsuite.workflow.model.StepRef;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;

/**
 * Queues by query, as the workflow service answers them: objects waiting at a step whose other steps are done,
 * objects in error at a step, the lanes at a step, and the steps queued for long.
 */
@Path("/workflow_queue")
public class WorkflowQueueResource {

    @Inject
    WorkflowOperations operations;

    /**
     * {@code <objects count><object id/>…</objects>} for one of: {@code waiting=wf:process} with any number of
     * {@code completed=wf:process} (steps of any workflow that must be done); {@code error=wf:process}; or
     * {@code completed=process} with {@code workflow=wf} (objects that completed that step). {@code lane-id} and
     * {@code limit} (default {@value RequestParameters#DEFAULT_LIMIT}, at most {@value RequestParameters#MAX_LIMIT})
     * apply to each.
     */
    @Needs(Role.READER)
    @GET
    @Produces(ObjectWorkflowsResource.XML)
    public Response objects(@QueryParam("waiting") String waiting, @QueryParam("error") String error,
                          @QueryParam("completed") List<String> completed, @QueryParam("workflow") String workflow,
                          @QueryParam("lane-id") String laneId, @QueryParam("limit") String limit)
            throws WorkflowStoreUnavailableException {
        String lane = RequestParameters.lane(laneId);
        RequestParameters.Limit page = RequestParameters.limit(limit);
        int n = page.rows();
        if (waiting != null) {
            StepRef at = RequestParameters.step("waiting", waiting);
            List<StepRef> done = completed.stream().map(c -> RequestParameters.step("completed", c)).toList();
            // as the workflow service: steps still waiting, not those queued for robots
            return page.answer(QueueDocuments.objects(operations.objects(new StepQuery(at,
                    List.of(StepStatus.WAITING.label()), done, lane, n))));
        }
        if (error != null) {
            return page.answer(QueueDocuments.objects(operations.errors(RequestParameters.step("error", error), lane, n)));
        }
        if (!completed.isEmpty()) {
            return page.answer(QueueDocuments.objects(operations.objects(new StepQuery(
                    completedStep(completed.get(0), workflow), List.of(StepStatus.COMPLETED.label()), List.of(), lane,
                    n))));
        }
        throw new InvalidRequestException("Give parameter waiting=workflow:process (with any completed=workflow:process),"
                                          + " error=workflow:process, or completed=process with workflow=workflow");
    }

    /** The distinct lanes of the steps waiting at a step, as the workflow service: {@code <lanes><lane id/>…</lanes>}. */
    @Needs(Role.READER)
    @GET
    @Path("lane_ids")
    @Produces(ObjectWorkflowsResource.XML)
    public String lanes(@QueryParam("step") String step) throws WorkflowStoreUnavailableException {
        return QueueDocuments.lanes(operations.lanes(RequestParameters.step("step", step),
                Set.of(StepStatus.WAITING.label())));
    }

    /**
     * Steps of any workflow queued and not claimed since more than {@code hours-ago} hours, oldest first, at most
     * {@code limit}: {@code <workflows><workflow name process druid laneId/>…</workflows>}.
     */
    @Needs(Role.READER)
    @GET
    @Path("all_queued")
    @Produces(ObjectWorkflowsResource.XML)
    public Response allQueued(@QueryParam("limit") String limit, @QueryParam("hours-ago") String hoursAgo)
            throws WorkflowStoreUnavailableException {
        RequestParameters.Limit page = RequestParameters.limit(limit);
        int max = page.rows();
        Integer hours = RequestParameters.nonNegativeInt("hours-ago", hoursAgo);
        OffsetDateTime before = hours == null ? null : OffsetDateTime.now(ZoneOffset.UTC).minusHours(hours);
        return page.answer(QueueDocuments.queuedSteps(operations.inStatus(StepStatus.QUEUED.label(), before, max)));
    }

    /**
     * The started steps of one workflow or all, with who holds each (robot and route), since when and until when its
     * lease runs; the longest held first, at most {@code limit}: {@code <workflows><workflow name process druid version
     * laneId attempts heldBy heldSince leaseUntil/>…</workflows>}. An addition to the workflow service's API, beside
     * {@code all_queued}.
     */
    @Needs(Role.READER)
    @GET
    @Path("all_started")
    @Produces(ObjectWorkflowsResource.XML)
    public Response allStarted(@QueryParam("workflow") String workflow, @QueryParam("limit") String limit)
            throws WorkflowStoreUnavailableException {
        RequestParameters.Limit page = RequestParameters.limit(limit);
        String named = workflow == null || workflow.isBlank() ? null : workflow.trim();
        return page.answer(AttemptDocuments.held(operations.held(named, page.rows())));
    }

    /** {@code completed=process} with {@code workflow=wf}, or {@code completed=wf:process}. */
    private static StepRef completedStep(String completed, String workflow) {
        if (workflow == null || workflow.isBlank()) {
            return RequestParameters.step("completed", completed);
        }
        if (completed.contains(":")) {
            throw new InvalidRequestException("Parameter completed must be a process of workflow " + workflow
                                              + ", not '" + completed + "'");
        }
        if (completed.isBlank()) {
            throw new InvalidRequestException("Parameter completed must name a process of workflow " + workflow);
        }
        return new StepRef(workflow.trim(), completed.trim());
    }
}
