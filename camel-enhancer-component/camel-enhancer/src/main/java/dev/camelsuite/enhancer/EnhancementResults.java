package dev.camelsuite.enhancer;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.metadata.EngineExecution;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import dev.camelsuite.enhancer.metadata.ExecutionStatus;
import org.apache.camel.Message;

/** Puts an enhanced item on a message the way every enhancer endpoint does: body and headers to branch on. */
public final class EnhancementResults {

    private EnhancementResults() {
    }

    /** Sets the item as the body and the result headers; answers whether the chain failed. */
    public static boolean apply(Message message, ContentItem item) {
        message.setBody(item);
        message.setHeader(EnhancerConstants.REFERENCE_ID, item.getReferenceId());
        String language = item.getLanguage();
        if (language != null) {
            message.setHeader(EnhancerConstants.LANGUAGE, language);
        }
        ExecutionMetadata metadata = item.getExecutionMetadata();
        if (metadata == null) {
            return false;
        }
        boolean failed = metadata.getChainExecution().getStatus() == ExecutionStatus.FAILED;
        message.setHeader(EnhancerConstants.CHAIN, metadata.getChain());
        message.setHeader(EnhancerConstants.CHAIN_STATUS, failed ? "failed" : "completed");
        message.setHeader(EnhancerConstants.FAILED_ENGINES, metadata.getFailedEngines());
        message.setHeader(EnhancerConstants.SKIPPED_ENGINES, metadata.getSkippedEngines());
        message.setHeader(EnhancerConstants.ENGINE_TIMINGS, metadata.getEngineTimings());
        return failed;
    }

    /** The exception for a failed chain: the chain's status message, the failed engine and its own message. */
    public static EnhancementException failure(ExecutionMetadata metadata, String failedEngine, Throwable cause) {
        EngineExecution engine = failedEngine == null ? null : metadata.getEngineExecution(failedEngine);
        return new EnhancementException(metadata.getChainExecution().getStatusMessage(), metadata.getChain(),
                failedEngine, engine == null ? null : engine.getStatusMessage(), metadata, cause);
    }
}
