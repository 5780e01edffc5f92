package dev.camelsuite.app.workflow;

/** A request of the workflow API that cannot be served as given: a bad parameter or body. Answered with 400. */
public class InvalidRequestException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public InvalidRequestException(String message) {
        super(message);
    }

    public InvalidRequestException(String message, Throwable cause) {
        super(message, cause);
    }
}
