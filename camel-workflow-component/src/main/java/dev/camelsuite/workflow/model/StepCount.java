package dev.camelsuite.workflow.model;

/** How many active steps of a workflow's process have a status. */
public record StepCount(String workflow, String process, String status, long count) {
}
