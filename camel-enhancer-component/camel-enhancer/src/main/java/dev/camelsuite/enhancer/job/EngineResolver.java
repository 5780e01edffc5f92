package dev.camelsuite.enhancer.job;

import dev.camelsuite.enhancer.spi.EnhancementEngine;

/** Finds an engine by the name a chain gives it. */
@FunctionalInterface
public interface EngineResolver {

    /** The engine of this name, or null when there is none. */
    EnhancementEngine resolve(String name);
}
