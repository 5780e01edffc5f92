package dev.camelsuite.enhancer;

import org.apache.camel.spi.Metadata;

/** Headers of the enhancer component. */
public final class EnhancerConstants {

    @Metadata(description = "The id of one request. Kept when the caller sets it, else a new unique id.",
              javaType = "String")
    public static final String REFERENCE_ID = "CamelEnhancerReferenceId";
    @Metadata(label = "producer", description = "The name of the chain that ran.", javaType = "String")
    public static final String CHAIN = "CamelEnhancerChain";
    @Metadata(label = "producer", description = "How the chain ended: completed or failed.", javaType = "String")
    public static final String CHAIN_STATUS = "CamelEnhancerChainStatus";
    @Metadata(label = "producer", description = "The language of the text, if known (set by the caller or detected).",
              javaType = "String")
    public static final String LANGUAGE = "CamelEnhancerLanguage";
    @Metadata(label = "producer", description = "Engines whose execution failed, in plan order.",
              javaType = "java.util.List<String>")
    public static final String FAILED_ENGINES = "CamelEnhancerFailedEngines";
    @Metadata(label = "producer", description = "Engines whose execution was skipped, in plan order.",
              javaType = "java.util.List<String>")
    public static final String SKIPPED_ENGINES = "CamelEnhancerSkippedEngines";
    @Metadata(label = "producer", description = "Milliseconds each engine that ran took, in plan order.",
              javaType = "java.util.Map<String, Long>")
    public static final String ENGINE_TIMINGS = "CamelEnhancerEngineTimings";
    @Metadata(label = "producer", description = "Remote mode: the worker instance that answered (out).",
              javaType = "String")
    public static final String INSTANCE_ID = "CamelEnhancerInstanceId";
    @Metadata(label = "producer", description = "Remote mode: send this exchange to one worker instance only (its"
                                                + " instanceId); overrides the targetServiceId option (in).",
              javaType = "String")
    public static final String TARGET_SERVICE_ID = "CamelEnhancerTargetServiceId";
    @Metadata(label = "producer", description = "Remote mode: set to true to send collection process complete to every"
                                                + " worker instance instead of a document. The body becomes the list of"
                                                + " the instances that answered (in).",
              javaType = "Boolean")
    public static final String COLLECTION_PROCESS_COMPLETE = "CamelEnhancerCollectionProcessComplete";
    @Metadata(label = "producer", description = "Overrides the timeout option for this exchange (milliseconds).",
              javaType = "Long")
    public static final String TIMEOUT = "CamelEnhancerTimeout";
    @Metadata(label = "producer", description = "Stanbol's enhancement properties of this document, read by the"
                                                + " engines that know them: a map of a name (enhancer.max-suggestions,"
                                                + " or ner:enhancer.max-suggestions for one engine) to its value or a"
                                                + " list of values (in). See Enhancement properties in the docs.",
              javaType = "java.util.Map<String, Object>")
    public static final String PROPERTIES = "CamelEnhancerProperties";
    @Metadata(label = "producer", description = "The name of the engine (its endpoint URI) on the exchange an"
                                                + " endpoint engine receives.",
              javaType = "String")
    public static final String ENGINE = "CamelEnhancerEngine";
    @Metadata(description = "The id of a job: answered by a producer with job=true (the body too), set on what the"
                            + " jobs consumer receives (out).",
              javaType = "String")
    public static final String JOB_ID = "CamelEnhancerJobId";
    @Metadata(description = "Where a job stands: queued (answered by a producer with job=true), done or failed (set by"
                            + " the jobs consumer) (out).",
              javaType = "String")
    public static final String JOB_STATE = "CamelEnhancerJobState";
    @Metadata(label = "consumer", description = "Why a job failed: the message of what its endpoint threw (its chain,"
                                                + " its timeout, the broker), or that it was started jobMaxAttempts"
                                                + " times without finishing (out).",
              javaType = "String")
    public static final String JOB_ERROR = "CamelEnhancerJobError";

    /**
     * Exchange property (not a header): a {@link dev.camelsuite.enhancer.spi.Cancellation} of the caller's; when
     * the caller cancels it, a chain running in this JVM for the exchange stops and the exchange fails with a
     * {@link java.util.concurrent.CancellationException}.
     */
    public static final String CANCELLATION = "CamelEnhancerCancellation";

    /** Standard header read as the caller's language when the body is not yet a content item. */
    public static final String CONTENT_LANGUAGE = "Content-Language";

    private EnhancerConstants() {
    }
}
