package dev.camelsuite.workflow.model;

import java.time.OffsetDateTime;

/**
 * One attempt a robot made at a step: which robot, when it started, and how it ended — when, with which status
 * ({@code completed}, {@code retrying}, {@code error}…, or {@code queued} when the step was given back: its robot
 * stopped, its lease ran out or the sweeper took it), with which error. An attempt still running has no end.
 */
public record StepAttempt(String objectId, String workflow, String process, int version, int attempt, String robot,
                          OffsetDateTime startedAt, OffsetDateTime endedAt, String status, String errorMessage,
                          String errorText) {
}
