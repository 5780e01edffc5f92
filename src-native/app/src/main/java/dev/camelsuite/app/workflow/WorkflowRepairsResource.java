package dev.camelsuite.app.workflow;

import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.camelsuite.app.security.Needs;
import dev.camelsuite.app.security.Role;
import dev.camelsuite.workflow.WorkflowStoreUnavailableException;
import dev.camelsuite.workflow.model.RepairQuery;
import dev.camelsuite.workflow.model.RepairResult;
import dev.camelsuite.workflow.model.Step;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * Bulk repairs of steps (an addition; operators of the original asked for them): {@code GET} counts and lists the
 * steps a repair would change (a dry run), {@code POST} changes at most {@code limit} of them, each as an update with
 * its history row. The active steps of a workflow (one process, or every one) in status {@code from} (default
 * {@code error}), optionally in one lane, since before a date, or whose error message contains a text, get status
 * {@code to}. Administrators only.
 */
@Path("/workflow_repairs")
public class WorkflowRepairsResource {

    @Inject
    WorkflowOperations operations;

    @Needs(Role.ADMIN)
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public String dryRun(@QueryParam("workflow") String workflow, @QueryParam("process") String process,
                         @QueryParam("from") String from, @QueryParam("to") String to,
                         @QueryParam("lane-id") String lane, @QueryParam("before") String before,
                         @QueryParam("error") String error, @QueryParam("limit") String limit)
            throws WorkflowStoreUnavailableException {
        return answer(operations.repair(query(workflow, process, from, to, lane, before, error, null, limit), true));
    }

    @Needs(Role.ADMIN)
    @POST
    @Produces(MediaType.APPLICATION_JSON)
    public String repair(@QueryParam("workflow") String workflow, @QueryParam("process") String process,
                         @QueryParam("from") String from, @QueryParam("to") String to,
                         @QueryParam("lane-id") String lane, @QueryParam("before") String before,
                         @QueryParam("error") String error, @QueryParam("note") String note,
                         @QueryParam("limit") String limit) throws WorkflowStoreUnavailableException {
        return answer(operations.repair(query(workflow, process, from, to, lane, before, error, note, limit), false));
    }

    private static RepairQuery query(String workflow, String process, String from, String to, String lane,
                                     String before, String error, String note, String limit) {
        if (workflow == null || to == null) {
            throw new InvalidRequestException("A repair needs workflow= and to= (the status the steps get)");
        }
        Integer max = RequestParameters.positiveInt("limit", limit);
        if (max != null && max > RepairQuery.MAX_LIMIT) {
            throw new InvalidRequestException("limit must be at most " + RepairQuery.MAX_LIMIT);
        }
        try {
            return new RepairQuery(workflow, process, from == null ? "error" : from, to,
                    lane == null ? null : RequestParameters.lane(lane), date(before), error, note,
                    max == null ? 100 : max);
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException(e.getMessage(), e);
        }
    }

    private static OffsetDateTime date(String value) {
        if (value == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(value);
        } catch (DateTimeParseException e) {
            throw new InvalidRequestException("before must be an ISO-8601 date and time with its offset, such as"
                                              + " 2026-11-01T00:00:00Z");
        }
    }

    private static String answer(RepairResult result) {
        ObjectNode answer = JsonNodeFactory.instance.objectNode().put("dryRun", result.dryRun())
                .put("matched", result.matched()).put("changed", result.changed());
        ArrayNode steps = answer.putArray("steps");
        for (Step s : result.steps()) {
            steps.addObject().put("objectId", s.objectId()).put("workflow", s.workflow()).put("process", s.process())
                    .put("version", s.version()).put("status", s.status()).put("lane", s.lane())
                    .put("errorMessage", s.errorMessage()).put("statusAt", String.valueOf(s.statusAt()));
        }
        return answer.toString();
    }
}
