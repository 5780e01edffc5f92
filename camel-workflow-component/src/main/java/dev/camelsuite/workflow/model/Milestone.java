package dev.camelsuite.workflow.model;

import java.time.OffsetDateTime;

/** A lifecycle milestone an object reached: a done step that carries a lifecycle. */
public record Milestone(String name, OffsetDateTime date, int version) {
}
