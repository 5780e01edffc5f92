package dev.camelsuite.workflow;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.camelsuite.workflow.model.StepChange;
import org.apache.camel.Consumer;
import org.apache.camel.support.service.ServiceHelper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A robot working on arrival instead of at its next poll: a step of its process (and lane) made ready — queued, or
 * retrying — in this JVM ({@link StepEvents}) or in another one (the JSON events {@code wakeUpFrom} receives) wakes it.
 * Whether a change wakes the robot is decided here alone ({@link #wakes}). Woken, the robot claims and works on its
 * wake-up thread until nothing is left; wake-ups meanwhile fold into one.
 */
final class RobotWakeUps {

    /** The robot's log: operators follow a robot under one category. */
    private static final Logger LOG = LoggerFactory.getLogger(WorkflowRobot.class);

    /** What a wake-up does: a poll, answering how many steps it worked on. */
    @FunctionalInterface
    interface Work {
        int poll() throws Exception;
    }

    private final WorkflowEndpoint endpoint;
    private final WorkflowRobot robot;
    private final String robotName;
    private final Work work;
    private final AtomicBoolean pending = new AtomicBoolean();
    private ExecutorService executor;
    private Consumer events;

    RobotWakeUps(WorkflowEndpoint endpoint, WorkflowRobot robot, String robotName, Work work) {
        this.endpoint = endpoint;
        this.robot = robot;
        this.robotName = robotName;
        this.work = work;
    }

    void startWorking() {
        executor = endpoint.getCamelContext().getExecutorServiceManager().newSingleThreadExecutor(robot,
                "WorkflowRobotWakeUp");
    }

    /** Listens to this JVM's changes, and to other JVMs' events when {@code wakeUpFrom} names where they arrive. */
    void startListening() throws Exception {
        endpoint.getComponent().getStepEvents().add(robot);
        if (endpoint.getWakeUpFrom() != null) {
            events = endpoint.getCamelContext().getEndpoint(endpoint.getWakeUpFrom())
                    .createConsumer(exchange -> onEvent(exchange.getIn().getBody(String.class)));
            ServiceHelper.startService(events);
        }
    }

    void stopListening() {
        endpoint.getComponent().getStepEvents().remove(robot);
        ServiceHelper.stopService(events);
        events = null;
    }

    /** Lets the wake-up in hand finish. */
    void stopWorking() {
        if (executor != null) {
            endpoint.getCamelContext().getExecutorServiceManager().shutdownGraceful(executor);
            executor = null;
        }
    }

    /** Whether the change made a step of this robot's ready: its workflow, process and lane, queued or retrying. */
    boolean wakes(StepChange change) {
        return (StepStatus.QUEUED.is(change.newStatus()) || StepStatus.RETRYING.is(change.newStatus()))
               && endpoint.getWorkflowName().equals(change.workflow())
               && endpoint.getProcessName().equals(change.process())
               && (endpoint.getLane() == null || endpoint.getLane().equals(change.lane()));
    }

    /** A change of this JVM's store. */
    void on(StepChange change) {
        if (wakes(change)) {
            wakeUp();
        }
    }

    /** An event of another JVM's store, as {@link StepEvents#json} wrote it. */
    private void onEvent(String json) {
        StepChange change;
        try {
            change = StepEvents.parse(json);
        } catch (Exception e) {
            LOG.debug("Ignored a step event that is not one: {}", e.getMessage());
            return;
        }
        on(change);
    }

    /** Claims and works until nothing is left, on the robot's wake-up thread; wake-ups meanwhile fold into one. */
    private void wakeUp() {
        ExecutorService wakeUps = executor;
        if (wakeUps == null || !robot.isRunAllowed() || robot.isSuspended() || !pending.compareAndSet(false, true)) {
            return;
        }
        try {
            wakeUps.execute(() -> {
                pending.set(false);
                try {
                    while (robot.isRunAllowed() && !robot.isSuspended() && work.poll() > 0) {
                        // keep going while there is work
                    }
                } catch (Exception e) {
                    LOG.warn("Robot {} could not work on a wake-up: {}", robotName, e.getMessage());
                }
            });
        } catch (RejectedExecutionException e) {
            pending.set(false);
        }
    }
}
