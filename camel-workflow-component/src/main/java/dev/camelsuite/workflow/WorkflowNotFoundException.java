package dev.camelsuite.workflow;

/** The object has no such workflow or step. */
public class WorkflowNotFoundException extends Exception {

    private static final long serialVersionUID = 1L;

    public WorkflowNotFoundException(String message) {
        super(message);
    }
}
