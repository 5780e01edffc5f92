package dev.camelsuite.enhancer.remote.wire;

/**
 * The JMS messages between an enhancer producer and its workers. Requests and replies are {@code BytesMessage}s whose
 * body is a content item in the {@link WireFormat} named by {@link #FORMAT}; the properties below say what they are.
 * The reply goes to the request's {@code JMSReplyTo} and carries the request's reference id.
 */
public final class WireProtocol {

    /** {@code request} or {@code reply}. */
    public static final String MESSAGE_TYPE = "CamelEnhancerMessageType";
    public static final String REQUEST = "request";
    public static final String REPLY = "reply";
    /** The property of the protocol version, an int ({@link WireFormat#PROTOCOL_VERSION}); another is rejected. */
    public static final String VERSION_PROPERTY = "CamelEnhancerWireVersion";
    /** {@code json} or {@code binary}. */
    public static final String FORMAT = "CamelEnhancerFormat";
    /** The reference id of the request; the reply echoes it. */
    public static final String REFERENCE_ID = "CamelEnhancerReferenceId";
    /** The chain the request is for; a worker of another chain refuses it. */
    public static final String CHAIN = "CamelEnhancerChain";
    /** On replies: {@code completed}, {@code failed} (the chain failed; the body holds the item) or {@code error}. */
    public static final String STATUS = "CamelEnhancerStatus";
    public static final String COMPLETED = "completed";
    public static final String FAILED = "failed";
    public static final String ERROR = "error";
    /** On failed and error replies: the worker-side exception's class name. */
    public static final String ERROR_CLASS = "CamelEnhancerErrorClass";
    /** On failed and error replies: the worker-side exception's message. */
    public static final String ERROR_MESSAGE = "CamelEnhancerErrorMessage";
    /** On failed and error replies: the worker-side stack trace, as Java prints it. */
    public static final String ERROR_STACK_TRACE = "CamelEnhancerErrorStackTrace";
    /** On failed replies: the required engine that failed. */
    public static final String FAILED_ENGINE = "CamelEnhancerFailedEngine";
    /** On messages a worker moved to the dead-letter queue: why. */
    public static final String REJECT_REASON = "CamelEnhancerRejectReason";
    /** Control commands, on the topic {@code <queue>.control} every worker instance listens to. */
    public static final String METADATA = "metadata";
    public static final String METADATA_REPLY = "metadata-reply";
    public static final String COLLECTION_PROCESS_COMPLETE = "cpc";
    public static final String COLLECTION_PROCESS_COMPLETE_REPLY = "cpc-reply";
    /** Suffix of the control topic of a queue's workers. */
    public static final String CONTROL_SUFFIX = ".control";
    /** On requests: the one worker instance that may take it (a selector on the workers' side). */
    public static final String TARGET_INSTANCE = "CamelEnhancerTargetInstance";
    /**
     * On requests: {@code added} when the requester takes a reply that leaves out the content it sent (the text and
     * parts it holds already) and carries only what the chain added. A worker that does not know the property replies
     * with the whole item, which the requester reads as well.
     */
    public static final String REPLY_CONTENT = "CamelEnhancerReplyContent";
    public static final String ADDED = "added";
    /** On replies: the worker instance that answered. */
    public static final String INSTANCE_ID = "CamelEnhancerInstanceId";

    /** Suffix of the dead-letter queue a worker moves malformed or foreign requests to. */
    public static final String DEAD_LETTER_SUFFIX = ".DLQ";

    private WireProtocol() {
    }
}
