package dev.camelsuite.workflow.model;

/**
 * A step change as the outbox keeps it until a relay sent it.
 *
 * @param position where it stands in the outbox: events leave in this order
 * @param eventId  the event's identity for its consumers, the same each time it is sent
 */
public record StepEvent(long position, String eventId, StepChange change) {
}
