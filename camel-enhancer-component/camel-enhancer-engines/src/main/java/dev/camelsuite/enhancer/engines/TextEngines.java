package dev.camelsuite.enhancer.engines;

import java.util.Set;
import java.util.TreeSet;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.CanEnhance;
import dev.camelsuite.enhancer.spi.EngineException;

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

    /**
     * For engines with a model per language: they decline (cannot enhance) an item without text, or whose language
     * is unknown or one they have no model for, so that any text gets an answer — the execution metadata says which
     * engine declined and why ({@link #whyNotInLanguage}).
     */
    public static CanEnhance canEnhanceInLanguage(ContentItem item, Set<String> languages) {
        CanEnhance text = canEnhanceText(item);
        if (text == CanEnhance.CANNOT) {
            return text;
        }
        String language = LanguageCodes.normalize(item.getLanguage());
        return language != null && languages.contains(language) ? text : CanEnhance.CANNOT;
    }

    /** Why {@link #canEnhanceInLanguage} declined: "no sentence model for language 'es' (engine 'sentences' has de, en)". */
    public static String whyNotInLanguage(ContentItem item, String model, String engine, Set<String> languages) {
        if (canEnhanceText(item) == CanEnhance.CANNOT) {
            return "the item has no text";
        }
        String language = LanguageCodes.normalize(item.getLanguage());
        if (language == null) {
            return "the language of the text is unknown (engine '" + engine + "' needs it)";
        }
        return "no " + model + " for language '" + language + "' (engine '" + engine + "' has "
               + String.join(", ", new TreeSet<>(languages)) + ")";
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
