package dev.camelsuite.uima;

import java.util.List;

/**
 * A UIMA AS service answered with an error. The message names the service's queue and its real cause (the innermost
 * exception the service sent); {@link #getRemoteCauses()} has the whole chain as "class: message" strings, read from
 * the serialized exception without deserializing it.
 */
public class UimaServiceException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String queue;
    private final List<String> remoteCauses;

    public UimaServiceException(String message, String queue, List<String> remoteCauses) {
        super(message);
        this.queue = queue;
        this.remoteCauses = List.copyOf(remoteCauses);
    }

    /** The service's input queue. */
    public String getQueue() {
        return queue;
    }

    /** The exceptions the service sent, outermost first, as "class: message". */
    public List<String> getRemoteCauses() {
        return remoteCauses;
    }

    /** The innermost exception the service sent, as "class: message", or null when it sent only text. */
    public String getRootCause() {
        return remoteCauses.isEmpty() ? null : remoteCauses.get(remoteCauses.size() - 1);
    }
}
