package dev.camelsuite.workflow;

import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepEnd;
import dev.camelsuite.workflow.model.StepEndResult;
import dev.camelsuite.workflow.model.StepUpdate;
import dev.camelsuite.workflow.store.WorkflowStore;
import io.opentelemetry.api.trace.Span;
import org.apache.camel.Exchange;
import org.apache.camel.spi.ExceptionHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the ends of a robot's steps: at once, or handed to a {@link CompletionWriter} that writes many in one
 * transaction ({@code completionBatch} over 1). An end applies only while the step is still under the robot's claim;
 * one the store refuses (the sweeper gave the step to another robot, the workflow was created again) is logged and
 * counted. An end that cannot be written at all leaves the step started: its lease runs out, and it is given out
 * again. A route that ends its step some other way ({@code none}) lets go of its lease.
 */
final class StepEnds {

    /** The robot's log: operators follow a robot under one category. */
    private static final Logger LOG = LoggerFactory.getLogger(WorkflowRobot.class);

    private final WorkflowEndpoint endpoint;
    private final String robotName;
    private final StepLeases leases;
    private final RobotMetrics metrics;
    private final DatabaseOutage outage;
    private final RobotTrace trace;
    private final Supplier<ExceptionHandler> exceptionHandler;
    private final LongAdder refused;
    private CompletionWriter writer;

    /** @param refused the robot's count of refused ends, kept across its restarts */
    StepEnds(WorkflowEndpoint endpoint, String robotName, StepLeases leases, RobotMetrics metrics,
             DatabaseOutage outage, RobotTrace trace, Supplier<ExceptionHandler> exceptionHandler, LongAdder refused) {
        this.endpoint = endpoint;
        this.robotName = robotName;
        this.leases = leases;
        this.metrics = metrics;
        this.outage = outage;
        this.trace = trace;
        this.exceptionHandler = exceptionHandler;
        this.refused = refused;
    }

    void start(Object owner) {
        if (endpoint.getCompletionBatch() > 1) {
            writer = new CompletionWriter(this::store, endpoint.getCompletionBatch(), endpoint.getRobots(),
                    this::written);
            writer.start(endpoint.getCamelContext().getExecutorServiceManager().newSingleThreadExecutor(owner,
                    "WorkflowRobotCompletions"));
        }
    }

    /** Writes what was handed over; call once the robots have stopped. */
    void stop() throws InterruptedException {
        if (writer != null) {
            writer.stop();
            writer = null;
        }
    }

    private WorkflowStore store() {
        return endpoint.getComponent().getStore();
    }

    /** The end of a step a route ran over. */
    void write(Step step, StepUpdate update, Exchange exchange) {
        if (writer != null) {
            try {
                writer.submit(new StepEnd(step.objectId(), step.workflow(), step.process(), update));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                LOG.warn("Robot {} was interrupted before handing over the end of {} at {}/{}: the step stays started",
                        robotName, step.objectId(), step.workflow(), step.process());
            }
            return;
        }
        Span ending = trace.ending(update.status());
        Exception notWritten = null;
        try {
            store().update(step.objectId(), step.workflow(), step.process(), update);
            leases.release(step);
            if (metrics != null) {
                metrics.ended(update.status(), update.elapsed());
            }
        } catch (WorkflowConflictException | WorkflowNotFoundException e) {
            notWritten = e;
            leases.release(step);
            refused(step.objectId(), step.workflow(), step.process(), update, e);
        } catch (Exception e) {
            notWritten = e;
            // the end could not be written: the step stays started, its lease runs out and it is given out again
            leases.release(step);
            if (!outage.endFailed(step.objectId(), e)) {
                exceptionHandler.get().handleException("Robot " + robotName + " could not end " + step.objectId()
                                                       + " at " + step.workflow() + "/" + step.process(), exchange, e);
            }
        } finally {
            RobotTrace.ended(ending, notWritten);
        }
    }

    /** A step's end the completion writer wrote, or could not apply. */
    private void written(StepEndResult result) {
        StepEnd end = result.end();
        leases.release(end.objectId(), end.process(), end.update().claim().version());
        if (result.failure() != null) {
            refused(end.objectId(), end.workflow(), end.process(), end.update(), result.failure());
        } else if (metrics != null) {
            metrics.ended(end.update().status(), end.update().elapsed());
        }
    }

    /**
     * An end the store refused: the step is no longer under this robot's claim (the sweeper put it back in the queue
     * and another robot claimed it, the workflow was created again or deleted, someone changed its status). Nothing
     * was applied; the end is logged and counted.
     */
    private void refused(String objectId, String workflow, String process, StepUpdate update, Exception why) {
        refused.increment();
        if (metrics != null) {
            metrics.refused();
        }
        LOG.warn("Robot {} did not end {} at {}/{} as {}: its claim (version {}, attempt {}) is no longer the step's"
                 + " ({})", robotName, objectId, workflow, process, update.status(), update.claim().version(),
                update.claim().attempts(), why.getMessage());
    }

    /** The route left the step as it is (CamelWorkflowStatus none): no lease keeps it, the sweeper watches it. */
    void letGo(Step step) {
        if (!leases.release(step)) {
            return;
        }
        try {
            store().letGo(step);
        } catch (Exception e) {
            LOG.warn("Robot {} could not let go of the lease of {} at {}/{}: {}", robotName, step.objectId(),
                    step.workflow(), step.process(), e.getMessage());
        }
    }
}
