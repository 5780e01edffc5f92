package dev.camelsuite.workflow.model;

import java.time.OffsetDateTime;

/**
 * A started step and who holds it: the robot (its name and route), since when, and until when its lease runs (null:
 * no lease; such a step is watched by the sweeper).
 */
public record HeldStep(String objectId, String workflow, String process, int version, String lane, int attempts,
                       String heldBy, OffsetDateTime heldSince, OffsetDateTime leaseUntil) {
}
