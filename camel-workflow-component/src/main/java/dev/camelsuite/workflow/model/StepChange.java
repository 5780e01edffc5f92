package dev.camelsuite.workflow.model;

import java.time.OffsetDateTime;

/**
 * One status change of a step, as the store made it.
 *
 * @param oldStatus null for a step just created
 */
public record StepChange(String objectId, String workflow, String process, int version, String lane, String oldStatus,
                         String newStatus, OffsetDateTime at) {
}
