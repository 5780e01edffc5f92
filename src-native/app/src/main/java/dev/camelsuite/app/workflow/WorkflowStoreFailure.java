package dev.camelsuite.app.workflow;

/** The workflow store failed (e.g. the database); nothing was half-written. Answered with 500. */
public class WorkflowStoreFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public WorkflowStoreFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
