package dev.camelsuite.workflow;

/** A create's idempotency key was recorded for another request: a new request needs a new key. */
public class IdempotencyKeyReusedException extends WorkflowConflictException {

    private static final long serialVersionUID = 1L;

    private final String key;

    public IdempotencyKeyReusedException(String key) {
        super("Idempotency key '" + key + "' was used for another create (another object, workflow, version, lane,"
              + " context or start date): use a new key for a new request", null, null);
        this.key = key;
    }

    public String getKey() {
        return key;
    }
}
