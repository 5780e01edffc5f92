package dev.camelsuite.enhancer.spi;

import java.util.Objects;

import dev.camelsuite.enhancer.content.ContentItem;

/** An engine made of a name, an order and a function. */
final class FunctionalEngine implements EnhancementEngine {

    private final String name;
    private final int order;
    private final EngineWork work;

    FunctionalEngine(String name, int order, EngineWork work) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("An engine needs a name");
        }
        this.name = name;
        this.order = order;
        this.work = Objects.requireNonNull(work, "work");
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public int getOrder() {
        return order;
    }

    @Override
    public void computeEnhancements(ContentItem item) throws EngineException {
        work.enhance(item);
    }

    @Override
    public String toString() {
        return "Engine[" + name + ", order " + order + "]";
    }
}
