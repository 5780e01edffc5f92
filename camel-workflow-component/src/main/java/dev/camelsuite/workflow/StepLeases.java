package dev.camelsuite.workflow;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.workflow.model.Step;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The steps a robot holds under a lease: claimed, their ends not written yet. A thread of their own renews their
 * leases every third of the lease while their routes run, so a slow route keeps its step; a step whose lease ran out
 * meanwhile is no longer the robot's, and its end will be refused. With {@code lease=0} nothing is held.
 */
final class StepLeases {

    /** The robot's log: operators follow a robot under one category. */
    private static final Logger LOG = LoggerFactory.getLogger(WorkflowRobot.class);

    private final WorkflowEndpoint endpoint;
    private final String robotName;
    private final Map<String, Step> held = new ConcurrentHashMap<>();
    private ScheduledExecutorService renewals;

    StepLeases(WorkflowEndpoint endpoint, String robotName) {
        this.endpoint = endpoint;
        this.robotName = robotName;
    }

    boolean isOn() {
        return endpoint.getLease() > 0;
    }

    void start(Object owner) {
        if (isOn()) {
            long every = Math.max(100, endpoint.getLease() / 3);
            renewals = endpoint.getCamelContext().getExecutorServiceManager().newSingleThreadScheduledExecutor(owner,
                    "WorkflowRobotLeases");
            renewals.scheduleWithFixedDelay(this::renew, every, every, TimeUnit.MILLISECONDS);
        }
    }

    void stop() {
        if (renewals != null) {
            endpoint.getCamelContext().getExecutorServiceManager().shutdownNow(renewals);
            renewals = null;
        }
        held.clear();
    }

    /** Steps just claimed, held while leases are on. */
    void hold(List<Step> steps) {
        if (isOn()) {
            steps.forEach(step -> held.put(key(step.objectId(), step.process(), step.version()), step));
        }
    }

    /** The step is no longer held (its end written, refused or given up); whether it was. */
    boolean release(Step step) {
        return release(step.objectId(), step.process(), step.version());
    }

    boolean release(String objectId, String process, int version) {
        return held.remove(key(objectId, process, version)) != null;
    }

    /** Renews the leases of the steps in hand; a step whose lease ran out meanwhile is no longer this robot's. */
    private void renew() {
        List<Step> inHand = List.copyOf(held.values());
        if (inHand.isEmpty()) {
            return;
        }
        try {
            int renewed = endpoint.getComponent().getStore().renew(inHand, Duration.ofMillis(endpoint.getLease()));
            // a step the robot ended while its lease was being renewed is not renewed, and not lost either
            long stillHeld = inHand.stream().filter(step -> held.containsKey(key(step.objectId(), step.process(),
                    step.version()))).count();
            if (renewed < stillHeld) {
                LOG.warn("Robot {} no longer holds {} of its {} step(s) of {}/{}: their lease ran out before it was"
                         + " renewed; their ends will be refused", robotName, stillHeld - renewed, inHand.size(),
                        endpoint.getWorkflowName(), endpoint.getProcessName());
            }
        } catch (Exception e) {
            LOG.warn("Robot {} could not renew the leases of {} step(s) of {}/{}: {}", robotName, inHand.size(),
                    endpoint.getWorkflowName(), endpoint.getProcessName(), e.getMessage());
        }
    }

    private static String key(String objectId, String process, int version) {
        return objectId + '\u0000' + process + '\u0000' + version;
    }
}
