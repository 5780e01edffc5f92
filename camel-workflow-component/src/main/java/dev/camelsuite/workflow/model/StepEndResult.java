package dev.camelsuite.workflow.model;

import java.util.List;

/**
 * What became of one update of a batch: the steps it made ready, or why it changed nothing (the step is missing, or
 * not in the expected status any more).
 *
 * @param next    the steps the update made ready; empty when it failed
 * @param failure a {@link WorkflowNotFoundException} or {@link WorkflowConflictException}, or null when it applied
 */
public record StepEndResult(StepEnd end, List<Step> next, Exception failure) {
}
