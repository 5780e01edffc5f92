package dev.camelsuite.enhancer.spi;

import dev.camelsuite.enhancer.content.ContentItem;

// tag::spi[]
/**
 * One step of an enhancement chain. Engines are found by name in the Camel registry (or added to the component); a
 * chain names them.
 */
public interface EnhancementEngine {

    /** The name chains use for this engine. */
    String getName();

    /**
     * Whether and how this engine enhances the item. Must be fast and must not change the item. The default answers
     * {@link CanEnhance#SYNCHRONOUS}.
     */
    default CanEnhance canEnhance(ContentItem item) {
        return CanEnhance.SYNCHRONOUS;
    }

    /**
     * Why this engine answers {@link CanEnhance#CANNOT} for the item ("no sentence model for language 'es'"), for
     * the execution metadata, whose status message for the engine is then {@code cannot enhance: <reason>}; null
     * when it gives no reason. Called only after {@link #canEnhance} answered CANNOT; must be fast too.
     */
    default String cannotEnhanceReason(ContentItem item) {
        return null;
    }

    /**
     * Adds this engine's enhancements to the item.
     *
     * @throws EngineException when the engine cannot do its work; the message becomes the engine's status message
     */
    void computeEnhancements(ContentItem item) throws EngineException;

    /** Position in weighted chains: higher runs first (see {@link EngineOrder}). */
    default int getOrder() {
        return EngineOrder.DEFAULT;
    }

    /**
     * Whether one instance may enhance several items at once. An engine answering false is never entered by two
     * threads at the same time.
     */
    default boolean isThreadSafe() {
        return true;
    }

    /**
     * The end of a collection (UIMA's collection process complete): an engine that keeps state across items flushes
     * it here. Called once per worker on the command, never while the engine enhances an item of that worker.
     */
    default void collectionProcessComplete() throws EngineException {
    }

    /** A synchronous engine made of a function, handy for small engines and tests. */
    static EnhancementEngine of(String name, int order, EngineWork work) {
        return new FunctionalEngine(name, order, work);
    }

    /** A synchronous engine of {@link EngineOrder#DEFAULT default order} made of a function. */
    static EnhancementEngine of(String name, EngineWork work) {
        return new FunctionalEngine(name, EngineOrder.DEFAULT, work);
    }

    /** The work of an engine made with {@link #of(String, int, EngineWork)}. */
    @FunctionalInterface
    interface EngineWork {
        void enhance(ContentItem item) throws EngineException;
    }
}
// end::spi[]
