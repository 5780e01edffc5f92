package dev.camelsuite.app.enhancer;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.CanEnhance;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EnhancementEngine;

/** An engine under a second name (Stanbol's), doing exactly what the engine does. */
record EngineAlias(String name, EnhancementEngine engine) implements EnhancementEngine {

    @Override
    public String getName() {
        return name;
    }

    @Override
    public CanEnhance canEnhance(ContentItem item) {
        return engine.canEnhance(item);
    }

    @Override
    public String cannotEnhanceReason(ContentItem item) {
        return engine.cannotEnhanceReason(item);
    }

    @Override
    public void computeEnhancements(ContentItem item) throws EngineException {
        engine.computeEnhancements(item);
    }

    @Override
    public int getOrder() {
        return engine.getOrder();
    }

    @Override
    public boolean isThreadSafe() {
        return engine.isThreadSafe();
    }

    @Override
    public void collectionProcessComplete() throws EngineException {
        engine.collectionProcessComplete();
    }
}
