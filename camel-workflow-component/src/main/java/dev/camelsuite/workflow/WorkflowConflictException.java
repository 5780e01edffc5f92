package dev.camelsuite.workflow;

/** A conditional update lost: the step's status was not the one expected. */
public class WorkflowConflictException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String expectedStatus;
    private final String actualStatus;

    public WorkflowConflictException(String message, String expectedStatus, String actualStatus) {
        super(message);
        this.expectedStatus = expectedStatus;
        this.actualStatus = actualStatus;
    }

    public String getExpectedStatus() {
        return expectedStatus;
    }

    public String getActualStatus() {
        return actualStatus;
    }
}
