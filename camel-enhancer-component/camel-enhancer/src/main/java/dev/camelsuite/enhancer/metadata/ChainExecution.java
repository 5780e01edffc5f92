package dev.camelsuite.enhancer.metadata;

import dev.camelsuite.enhancer.content.ContentItem;

/** The execution of a chain over one content item (Stanbol's {@code em:ChainExecution}). */
public final class ChainExecution extends Execution {

    private final String chain;
    private final boolean defaultChain;
    private final String enhances;
    private final ContentItem item;

    ChainExecution(String chain, boolean defaultChain, String enhances, ContentItem item) {
        this.chain = chain;
        this.defaultChain = defaultChain;
        this.enhances = enhances;
        this.item = item;
    }

    public String getChain() {
        return chain;
    }

    /** Whether the chain was the default chain ({@code em:defualtChain}, as Stanbol's code spells it). */
    public boolean isDefaultChain() {
        return defaultChain;
    }

    /** The id of the content item the chain enhances ({@code em:enhances}). */
    public String getEnhances() {
        // the item's id is a hash of its content: only computed when somebody asks
        return enhances != null ? enhances : item.getUri();
    }

    /** Whether the id of the enhanced item is taken from the item itself, rather than given. */
    public boolean isBoundToItem() {
        return enhances == null;
    }

    @Override
    public String toString() {
        return "chain " + chain + " " + getStatus() + (getStatusMessage() == null ? "" : ": " + getStatusMessage());
    }
}
