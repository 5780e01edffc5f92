package dev.camelsuite.app.workflow;

/** The workflow database cannot be reached now; the same request may succeed later. Answered with 503. */
public class WorkflowStoreUnavailable extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public WorkflowStoreUnavailable(String message, Throwable cause) {
        super(message, cause);
    }
}
