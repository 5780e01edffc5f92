package dev.camelsuite.app;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

/** The tests' engine that always fails: the optional engine of the chain {@code with-failing}. */
@Singleton
@Named(FailingEngine.NAME)
public class FailingEngine implements EnhancementEngine {

    static final String NAME = "failing";

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public void computeEnhancements(ContentItem item) throws EngineException {
        throw new EngineException("This engine always fails");
    }
}
