package dev.camelsuite.enhancer.engines;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.engine.CanEnhance;
import dev.camelsuite.enhancer.engine.EngineException;

/** What the engines of this module that work on an item's text have in common. */
public final class TextEngines {

    private TextEngines() {
    }

    /**
     * Engines that only read the text and add annotations run without the item's write lock (the item takes it for
     * each annotation), as Stanbol's text engines do; an item without text is nothing for them.
     */
    public static CanEnhance canEnhanceText(ContentItem item) {
        String text = item.getText();
        return text == null || text.isBlank() ? CanEnhance.CANNOT : CanEnhance.ASYNCHRONOUS;
    }

    /** The item's language, normalized; fails the engine when nobody knows it. */
    public static String requireLanguage(ContentItem item, String engine) throws EngineException {
        String language = LanguageCodes.normalize(item.getLanguage());
        if (language == null) {
            throw new EngineException("The language of the text is unknown: engine '" + engine + "' needs it; run a"
                                      + " language identification engine before it or give the language"
                                      + " (Content-Language)");
        }
        return language;
    }
}
