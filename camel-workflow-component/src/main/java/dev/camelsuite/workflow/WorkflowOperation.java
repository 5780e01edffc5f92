package dev.camelsuite.workflow;

/** What a {@code workflow:} producer does (option {@code operation}, header {@code CamelWorkflowOperation}). */
public enum WorkflowOperation {
    create, update, get, queue, errors, lifecycle, skipAll, delete, archive, counts, templates,
    steps, context, objects, lanes, inStatus, recentErrors, attempts, held, repair
}
