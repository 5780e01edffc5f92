package dev.camelsuite.enhancer.spi;

/**
 * Thrown by an engine that could not enhance an item. Its message becomes the engine execution's status message, so
 * say what went wrong in the user's words, e.g. "No NER model for language 'de' is available".
 */
public class EngineException extends Exception {

    private static final long serialVersionUID = 1L;

    public EngineException(String message) {
        super(message);
    }

    public EngineException(String message, Throwable cause) {
        super(message, cause);
    }
}
