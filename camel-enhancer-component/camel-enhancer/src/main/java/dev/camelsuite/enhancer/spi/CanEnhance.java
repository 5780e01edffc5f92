package dev.camelsuite.enhancer.spi;

/** An engine's answer to "can you enhance this item?" (Stanbol's 0 / 1 / 2). */
public enum CanEnhance {
    /** The engine has nothing to do for this item. */
    CANNOT,
    /** The engine runs while the job manager holds the item's write lock. */
    SYNCHRONOUS,
    /** The engine runs without the item's lock and takes it itself for what it touches. */
    ASYNCHRONOUS
}
