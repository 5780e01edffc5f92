package dev.camelsuite.workflow.model;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;

/** One step of an object's workflow, as stored. */
public record Step(String objectId, String workflow, String process, int version, String status, String lane,
                   boolean active, boolean skipQueue, List<String> prerequisites, String lifecycle,
                   String nextWorkflow, int attempts, BigDecimal elapsed, String errorMessage, String errorText,
                   String note, OffsetDateTime statusAt, OffsetDateTime completedAt, OffsetDateTime createdAt) {
}
