package dev.camelsuite.workflow;

import java.time.Duration;
import java.util.UUID;

import dev.camelsuite.workflow.model.StepEvent;
import dev.camelsuite.workflow.store.OutboxRelay;
import dev.camelsuite.workflow.store.WorkflowStore;
import org.apache.camel.CamelContext;
import org.apache.camel.Endpoint;
import org.apache.camel.ProducerTemplate;

/**
 * How a component's step events reach its {@code events} endpoint: through the outbox (its default) — each change's
 * event written in the change's transaction, sent by this JVM's relay while it holds the outbox's lease, with the
 * outbox's meters — or, with {@code outbox=false}, sent after each commit, best effort. Nothing without an
 * {@code events} endpoint.
 */
final class EventDelivery {

    private final ProducerTemplate template;
    private final OutboxRelay relay;
    private final OutboxMetrics metrics;
    private final StepEvents stepEvents;

    private EventDelivery(ProducerTemplate template, OutboxRelay relay, OutboxMetrics metrics, StepEvents stepEvents) {
        this.template = template;
        this.relay = relay;
        this.metrics = metrics;
        this.stepEvents = stepEvents;
    }

    /** The delivery the component's options ask for, started, and told of the store's changes. */
    static EventDelivery start(WorkflowComponent component, WorkflowStore store) throws Exception {
        String events = component.getEvents();
        CamelContext context = component.getCamelContext();
        boolean outbox = events != null && component.isOutbox();
        store.outbox().setOn(outbox);
        ProducerTemplate template = events == null ? null : context.createProducerTemplate();
        if (template != null) {
            template.start();
        }
        OutboxRelay relay = null;
        OutboxMetrics metrics = null;
        if (outbox) {
            // resolved once: resolving its URI at every send was a tenth of what the relay cost
            Endpoint endpoint = context.getEndpoint(events);
            relay = new OutboxRelay(store.outbox(), event -> send(template, endpoint, event),
                    RobotNames.defaultName() + "/" + UUID.randomUUID().toString().substring(0, 8), events,
                    Duration.ofMillis(component.getOutboxLease()), component.getOutboxPollInterval(),
                    component::prepareStore);
            metrics = OutboxMetrics.of(context, store.outbox(), relay);
            relay.start();
        }
        StepEvents stepEvents = new StepEvents(outbox ? null : template, events, relay);
        store.setListener(stepEvents);
        return new EventDelivery(template, relay, metrics, stepEvents);
    }

    private static void send(ProducerTemplate template, Endpoint events, StepEvent event) {
        template.sendBodyAndHeader(events, StepEvents.json(event), WorkflowConstants.EVENT_ID, event.eventId());
    }

    StepEvents stepEvents() {
        return stepEvents;
    }

    /** Stops the relay (after the send in progress, at most 5 s) and gives up its lease. */
    void stop() throws Exception {
        if (relay != null) {
            relay.stop(Duration.ofSeconds(5));
        }
        if (metrics != null) {
            metrics.remove();
        }
        if (template != null) {
            template.stop();
        }
    }
}
