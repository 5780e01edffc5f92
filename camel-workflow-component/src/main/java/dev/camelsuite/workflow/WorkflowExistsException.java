package dev.camelsuite.workflow;

/** A create that may not replace an existing version found it there (header CamelWorkflowReplace=false). */
public class WorkflowExistsException extends WorkflowConflictException {

    private static final long serialVersionUID = 1L;

    public WorkflowExistsException(String message) {
        super(message, null, null);
    }
}
