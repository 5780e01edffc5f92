package dev.camelsuite.workflow;

import java.math.BigDecimal;

import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepClaim;
import dev.camelsuite.workflow.model.StepUpdate;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.support.ExceptionHelper;

/**
 * A step as a robot's route sees it — the object id as body, the step's fields as headers ({@code CamelWorkflow…}) —
 * and the route's outcome as the step's end: {@code completed}, or what the route put in {@code CamelWorkflowStatus}
 * with its error, lifecycle and note headers; an exception ends it {@code retrying} while attempts are left, else
 * {@code error}, with the message and the stack trace as error text. Every end names the claim it ends.
 */
final class StepBinding {

    private StepBinding() {
    }

    /** The step into the exchange; its workflow's context too, when the endpoint asks for it. */
    static void bind(Step step, Message in, String context) {
        in.setBody(step.objectId());
        in.setHeader(WorkflowConstants.OBJECT_ID, step.objectId());
        in.setHeader(WorkflowConstants.WORKFLOW, step.workflow());
        in.setHeader(WorkflowConstants.PROCESS, step.process());
        in.setHeader(WorkflowConstants.VERSION, step.version());
        in.setHeader(WorkflowConstants.LANE, step.lane());
        in.setHeader(WorkflowConstants.ATTEMPTS, step.attempts());
        if (context != null) {
            in.setHeader(WorkflowConstants.CONTEXT, context);
        }
    }

    /**
     * The end the route's outcome makes of the step; null when the route said {@code none}: it ends the step some
     * other way.
     */
    static StepUpdate end(Step step, Exchange exchange, BigDecimal elapsed, int maxAttempts) {
        Exception failure = exchange.getException();
        if (failure != null) {
            String status = step.attempts() < maxAttempts ? StepStatus.RETRYING.label() : StepStatus.ERROR.label();
            return new StepUpdate(status, null, messageOf(failure), ExceptionHelper.stackTraceToString(failure), elapsed, null, null, null)
                    .ending(StepClaim.of(step));
        }
        Message out = exchange.getMessage();
        String status = out.getHeader(WorkflowConstants.STATUS, StepStatus.COMPLETED.label(), String.class);
        if (WorkflowConstants.NO_UPDATE.equals(status)) {
            return null;
        }
        // a route that ends its step in error without an exception (an outcome it expected) says why in headers
        return new StepUpdate(status, null, out.getHeader(WorkflowConstants.ERROR_MESSAGE, String.class),
                out.getHeader(WorkflowConstants.ERROR_TEXT, String.class), elapsed,
                out.getHeader(WorkflowConstants.LIFECYCLE, String.class),
                out.getHeader(WorkflowConstants.NOTE, String.class), null).ending(StepClaim.of(step));
    }

    static String messageOf(Throwable t) {
        return t.getMessage() != null ? t.getMessage() : t.getClass().getName();
    }
}
