package dev.camelsuite.workflow.model;

/** One update of a batch ({@link WorkflowStore#updateAll}): which step, and how it ends. */
public record StepEnd(String objectId, String workflow, String process, StepUpdate update) {
}
