package dev.camelsuite.workflow;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;

import dev.camelsuite.workflow.model.StepChange;
import dev.camelsuite.workflow.store.StepListener;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.util.json.JsonObject;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the store's status changes go: each one as JSON to the component's {@code events} endpoint (any Camel
 * endpoint, e.g. a JMS topic other JVMs listen to), and every step made ready straight to the robots of this JVM that
 * work on its process — so robots work on arrival instead of waiting for their next poll.
 */
final class StepEvents implements StepListener {

    private static final Logger LOG = LoggerFactory.getLogger(StepEvents.class);

    private final ProducerTemplate template;
    private final String eventsUri;
    private final Set<WorkflowRobot> robots = new CopyOnWriteArraySet<>();

    StepEvents(ProducerTemplate template, String eventsUri) {
        this.template = template;
        this.eventsUri = eventsUri;
    }

    void add(WorkflowRobot robot) {
        robots.add(robot);
    }

    void remove(WorkflowRobot robot) {
        robots.remove(robot);
    }

    @Override
    public void changed(List<StepChange> changes) {
        // every event of the change goes out before a robot is woken: what the robot then does comes after it
        if (template != null) {
            for (StepChange change : changes) {
                try {
                    template.sendBody(eventsUri, json(change));
                } catch (Exception e) {
                    // the change is committed; an event that cannot be sent is lost, and polling remains the net
                    LOG.warn("Could not publish the change of {} at {}/{} to {}: {}", change.objectId(),
                            change.workflow(), change.process(), eventsUri, e.getMessage());
                }
            }
        }
        for (StepChange change : changes) {
            if (StepStatus.QUEUED.is(change.newStatus()) || StepStatus.RETRYING.is(change.newStatus())) {
                for (WorkflowRobot robot : robots) {
                    robot.wakeUpFor(change);
                }
            }
        }
    }

    /** {@code {objectId, workflow, process, version, lane, oldStatus, newStatus, at}}. */
    static String json(StepChange change) {
        JsonObject o = new JsonObject();
        o.put("objectId", change.objectId());
        o.put("workflow", change.workflow());
        o.put("process", change.process());
        o.put("version", change.version());
        o.put("lane", change.lane());
        o.put("oldStatus", change.oldStatus());
        o.put("newStatus", change.newStatus());
        o.put("at", change.at().toString());
        return o.toJson();
    }
}
