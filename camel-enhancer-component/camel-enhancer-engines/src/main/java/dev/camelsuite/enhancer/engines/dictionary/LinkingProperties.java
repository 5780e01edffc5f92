package dev.camelsuite.enhancer.engines.dictionary;

import java.util.ArrayList;
import java.util.List;

import dev.camelsuite.enhancer.content.EnhancementProperties;
import dev.camelsuite.enhancer.engines.LanguageCodes;

/**
 * The enhancement properties the linking engine reads, from the request's properties for it:
 * <ul>
 * <li>{@value #MAX_SUGGESTIONS}: at most this many entities for one mention, the likeliest (default: all);</li>
 * <li>{@value #MIN_CONFIDENCE}: an entity whose match is less sure than this (0 to 1) is not suggested; a mention left
 * with none is not marked (default 0);</li>
 * <li>{@value #LABEL_LANGUAGES} (Stanbol's dereference languages): the entity's label is given in the first of these
 * languages it has a preferred label in, else in the text's (values may also be separated by commas).</li>
 * </ul>
 *
 * @param maxSuggestions at most this many entities a mention
 * @param minConfidence  the least confidence of a match
 * @param labelLanguages languages of the labels, most wanted first, normalized
 */
record LinkingProperties(int maxSuggestions, double minConfidence, List<String> labelLanguages) {

    static final String MAX_SUGGESTIONS = "enhancer.max-suggestions";
    static final String MIN_CONFIDENCE = "enhancer.min-confidence";
    static final String LABEL_LANGUAGES = "enhancer.engines.dereference.languages";

    static final LinkingProperties DEFAULTS = new LinkingProperties(Integer.MAX_VALUE, 0, List.of());

    /** @throws IllegalArgumentException naming a property whose value is not one */
    static LinkingProperties of(EnhancementProperties properties) {
        if (properties.isEmpty()) {
            return DEFAULTS;
        }
        List<String> languages = new ArrayList<>();
        for (String value : properties.values(LABEL_LANGUAGES)) {
            for (String language : value.split(",")) {
                String normalized = LanguageCodes.normalize(language.trim());
                if (normalized != null && !languages.contains(normalized)) {
                    languages.add(normalized);
                }
            }
        }
        return new LinkingProperties(properties.wholeNumber(MAX_SUGGESTIONS, Integer.MAX_VALUE, 1, Integer.MAX_VALUE),
                properties.number(MIN_CONFIDENCE, 0, 0, 1), List.copyOf(languages));
    }
}
