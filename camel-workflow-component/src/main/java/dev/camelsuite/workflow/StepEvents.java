package dev.camelsuite.workflow;

import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;

import dev.camelsuite.workflow.model.StepChange;
import dev.camelsuite.workflow.model.StepEvent;
import dev.camelsuite.workflow.store.OutboxRelay;
import dev.camelsuite.workflow.store.StepListener;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.util.json.JsonObject;
import org.apache.camel.util.json.Jsoner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the store's status changes go once committed: every step made ready straight to the robots of this JVM that
 * work on its process — so robots work on arrival instead of waiting for their next poll — and the events to the
 * component's {@code events} endpoint: through the outbox, whose relay is told to look at once, or (outbox=false)
 * each one as JSON sent here, best effort.
 */
final class StepEvents implements StepListener {

    private static final Logger LOG = LoggerFactory.getLogger(StepEvents.class);

    private final ProducerTemplate template;
    private final String eventsUri;
    private final OutboxRelay relay;
    private final Set<WorkflowRobot> robots = new CopyOnWriteArraySet<>();

    /**
     * @param template a template for sending each event after its commit, or null when none is sent so
     * @param relay    the outbox's relay in this JVM, or null
     */
    StepEvents(ProducerTemplate template, String eventsUri, OutboxRelay relay) {
        this.template = template;
        this.eventsUri = eventsUri;
        this.relay = relay;
    }

    void add(WorkflowRobot robot) {
        robots.add(robot);
    }

    void remove(WorkflowRobot robot) {
        robots.remove(robot);
    }

    @Override
    public void changed(List<StepChange> changes) {
        if (relay != null) {
            relay.nudge();
        }
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
        // each robot decides whether a change is its work (RobotWakeUps)
        for (StepChange change : changes) {
            for (WorkflowRobot robot : robots) {
                robot.changed(change);
            }
        }
    }

    /**
     * An event {@link #json} wrote (another JVM's): the change it tells of. Only its names and statuses decide
     * anything; a version or a time it does not have, or not as written here, is left out (0, null).
     *
     * @throws Exception when the text is not a JSON object
     */
    static StepChange parse(String json) throws Exception {
        JsonObject o = (JsonObject) Jsoner.deserialize(json);
        return new StepChange(text(o, "objectId"), text(o, "workflow"), text(o, "process"),
                o.get("version") instanceof Number version ? version.intValue() : 0, text(o, "lane"),
                text(o, "oldStatus"), text(o, "newStatus"), time(o.get("at")));
    }

    private static String text(JsonObject o, String name) {
        return o.get(name) instanceof String value ? value : null;
    }

    private static OffsetDateTime time(Object at) {
        try {
            return at instanceof String text ? OffsetDateTime.parse(text) : null;
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** {@code {eventId, objectId, workflow, process, version, lane, oldStatus, newStatus, at}}. */
    static String json(StepEvent event) {
        StringBuilder json = new StringBuilder(256).append("{\"eventId\":");
        text(json, event.eventId()).append(',');
        return fields(json, event.change()).toString();
    }

    /** {@code {objectId, workflow, process, version, lane, oldStatus, newStatus, at}}. */
    static String json(StepChange change) {
        return fields(new StringBuilder(220).append('{'), change).toString();
    }

    /**
     * Written by hand rather than through a JSON object: the relay writes one per change, and a map per event with
     * its escaping a character at a time was a tenth of what the relay cost.
     */
    private static StringBuilder fields(StringBuilder json, StepChange change) {
        text(json.append("\"objectId\":"), change.objectId());
        text(json.append(",\"workflow\":"), change.workflow());
        text(json.append(",\"process\":"), change.process());
        json.append(",\"version\":").append(change.version());
        text(json.append(",\"lane\":"), change.lane());
        text(json.append(",\"oldStatus\":"), change.oldStatus());
        text(json.append(",\"newStatus\":"), change.newStatus());
        return text(json.append(",\"at\":"), change.at().toString()).append('}');
    }

    /** A JSON string (or null); escaped only when it has a character that needs it. */
    private static StringBuilder text(StringBuilder json, String value) {
        if (value == null) {
            return json.append("null");
        }
        for (int i = 0; i < value.length(); i++) {
            char ch = value.charAt(i);
            if (ch < 0x20 || ch == '"' || ch == '\\' || ch > 0x7e) {
                return json.append('"').append(Jsoner.escape(value)).append('"');
            }
        }
        return json.append('"').append(value).append('"');
    }
}
