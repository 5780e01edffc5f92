package dev.camelsuite.workflow.store;

import java.util.List;

import dev.camelsuite.workflow.model.Step;

/**
 * What a create answered: the version's steps, and whether they were made now or by an earlier create with the same
 * idempotency key (then they are the steps as they are now, robots' progress included, not reset).
 */
public record Creation(List<Step> steps, boolean repeated) {
}
