package dev.camelsuite.workflow;

/**
 * The workflow database cannot be reached now (refused or lost connections, an exhausted wait for a pooled one), or
 * was not reachable yet to be brought up to date: nothing was changed, and the same operation may succeed later.
 */
public class WorkflowStoreUnavailableException extends Exception {

    private static final long serialVersionUID = 1L;

    public WorkflowStoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
