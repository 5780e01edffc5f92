package dev.camelsuite.correlation;

/**
 * What a {@link Correlator} needs from its producer: how to put a request on the wire, and how a request that got no
 * reply in time fails. The rest of the wire protocol — replies, metadata, control messages — stays in the producer.
 * The notifications have empty defaults: a producer that keeps statistics overrides them.
 */
public interface RequestChannel<R extends CorrelatedRequest<?>> {

    /** Sends the request (again, when it is retried); throws when the broker did not take it. */
    void send(R request) throws Exception;

    /** The failure of a request that got no reply within its timeout, after its last attempt. */
    Exception timedOut(R request);

    /** The request waited this long for a place before it was first sent. */
    default void waitedForPlace(R request, long nanos) {
    }

    /** The broker took the request. */
    default void sent(R request) {
    }

    /** No reply came within the request's timeout (it may be sent again). */
    default void noReplyInTime(R request) {
    }
}
