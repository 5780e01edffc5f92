package dev.camelsuite.enhancer;

import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import org.apache.camel.CamelException;

/**
 * A chain failed: a required engine failed (or, remotely, the worker failed). Carries the chain, the engine, the
 * engine's message and the execution metadata; the cause is what the engine threw.
 */
public class EnhancementException extends CamelException {

    private static final long serialVersionUID = 1L;

    private final String chain;
    private final String engine;
    private final String engineMessage;
    private final transient ExecutionMetadata executionMetadata;

    public EnhancementException(String message, String chain, String engine, String engineMessage,
                                ExecutionMetadata executionMetadata, Throwable cause) {
        super(message, cause);
        this.chain = chain;
        this.engine = engine;
        this.engineMessage = engineMessage;
        this.executionMetadata = executionMetadata;
    }

    public String getChain() {
        return chain;
    }

    /** The required engine that failed, or null when the chain failed as a whole. */
    public String getEngine() {
        return engine;
    }

    /** The failed engine's own status message, e.g. "No NER model for language 'de' is available". */
    public String getEngineMessage() {
        return engineMessage;
    }

    public ExecutionMetadata getExecutionMetadata() {
        return executionMetadata;
    }
}
