package dev.camelsuite.uima;

import org.apache.camel.spi.Metadata;

/** Headers of the {@code uimadriver:} component. */
public final class UimaDriverConstants {

    @Metadata(description = "The CAS reference id the request was sent with (producer: out; consumer: the client's id"
                            + " of the CAS the route serves, in).",
              javaType = "String")
    public static final String CAS_REFERENCE_ID = "CamelUimaCasReferenceId";
    @Metadata(description = "How many child CASes a CAS multiplier in the service produced for this document (out).",
              javaType = "Integer")
    public static final String CHILD_CAS_COUNT = "CamelUimaChildCasCount";
    @Metadata(description = "The analysis time of each component of the service, in milliseconds by component name,"
                            + " when the service reports it (out). The same header as the enhancer's engine timings.",
              javaType = "java.util.Map<String, Double>")
    public static final String TIMINGS = "CamelEnhancerEngineTimings";
    @Metadata(description = "The service's own timings for this CAS, in milliseconds by name: serialize, deserialize,"
                            + " waitingForCas, process, idle, service, analytic (out).",
              javaType = "java.util.Map<String, Double>")
    public static final String SERVICE_TIMINGS = "CamelUimaServiceTimings";
    @Metadata(description = "Sends this exchange to one service instance only (its id, by default ip:pid); overrides"
                            + " the targetServiceId option (in).",
              javaType = "String")
    public static final String TARGET_SERVICE_ID = "CamelUimaTargetServiceId";
    @Metadata(description = "Set to true to send Collection Process Complete instead of a document: the service's"
                            + " components finish their collection (flush, write summaries); the exchange completes"
                            + " when the service answers, within cpcTimeout (in).",
              javaType = "Boolean")
    public static final String COLLECTION_PROCESS_COMPLETE = "CamelUimaCollectionProcessComplete";

    /**
     * The exchange property holding the CAS a served route works on (consumer): the body starts as this CAS, and
     * whatever is in it when the route ends goes back to the client, whatever the body has become.
     */
    public static final String CAS = "CamelUimaCas";

    /**
     * The exchange property holding a CAS multiplier's {@link dev.camelsuite.uima.service.ChildCases} (consumer, when
     * the descriptor outputs new CASes): the route takes child CASes from it, fills them and sends them to the client,
     * before the input CAS goes back.
     */
    public static final String CHILD_CASES = "CamelUimaChildCases";

    private UimaDriverConstants() {
    }
}
