package dev.camelsuite.enhancer.job;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.CanEnhance;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EnhancementEngine;

/**
 * Stands in for an engine a worker took out of its chain's flow (threshold action {@code disable}): its node is
 * skipped, with the reason as status message, and it never runs.
 */
public record DisabledEngine(String name, String reason) implements EnhancementEngine {

    @Override
    public String getName() {
        return name;
    }

    @Override
    public CanEnhance canEnhance(ContentItem item) {
        return CanEnhance.CANNOT;
    }

    @Override
    public void computeEnhancements(ContentItem item) throws EngineException {
        throw new EngineException("Engine '" + name + "' is disabled: " + reason);
    }
}
