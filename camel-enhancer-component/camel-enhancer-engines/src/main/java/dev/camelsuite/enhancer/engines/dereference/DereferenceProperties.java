package dev.camelsuite.enhancer.engines.dereference;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import dev.camelsuite.enhancer.content.EnhancementProperties;
import dev.camelsuite.enhancer.engines.LanguageCodes;
import dev.camelsuite.enhancer.engines.NamespacePrefixes;

/**
 * What the dereference engine copies of an entity for one request, from the request's enhancement properties over the
 * engine's own settings, as Stanbol's dereference engines read them:
 * <ul>
 * <li>{@value #FIELDS}: the properties to copy, as IRIs or prefixed names ({@code rdfs:label}, {@code foaf:depiction});
 * given, they replace the engine's fields; none at all: every property;</li>
 * <li>{@value #LANGUAGES}: the languages of the text values to copy, besides the engine's languages and the text's own
 * language; text without a language is always copied.</li>
 * </ul>
 * Values may also be separated by commas.
 *
 * @param fields    the IRIs of the properties to copy; empty: every property
 * @param languages the languages asked for, normalized ({@link LanguageCodes}); the text's is added by the engine
 */
record DereferenceProperties(Set<String> fields, Set<String> languages) {

    static final String FIELDS = "enhancer.engines.dereference.fields";
    static final String LANGUAGES = "enhancer.engines.dereference.languages";
    /** Stanbol's name for text without a language in a list of languages: such text is copied anyway. */
    private static final String NO_LANGUAGE = "none";

    /**
     * @param properties      the request's properties for the engine
     * @param engineFields    the engine's fields (IRIs), used when the request names none
     * @param engineLanguages the engine's languages (normalized), always copied
     * @throws IllegalArgumentException naming the property, for a field that is no IRI or prefixed name known here
     */
    static DereferenceProperties of(EnhancementProperties properties, List<String> engineFields,
                                    List<String> engineLanguages) {
        Set<String> fields = new LinkedHashSet<>();
        for (String field : values(properties, FIELDS)) {
            try {
                fields.add(NamespacePrefixes.iri(field));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("Enhancement property " + FIELDS + ": " + e.getMessage(), e);
            }
        }
        if (fields.isEmpty()) {
            fields.addAll(engineFields);
        }
        Set<String> languages = new LinkedHashSet<>(engineLanguages);
        for (String language : values(properties, LANGUAGES)) {
            if (!language.equalsIgnoreCase(NO_LANGUAGE)) {
                languages.add(LanguageCodes.normalize(language));
            }
        }
        return new DereferenceProperties(Set.copyOf(fields), Set.copyOf(languages));
    }

    private static List<String> values(EnhancementProperties properties, String key) {
        List<String> values = new ArrayList<>();
        for (String value : properties.values(key)) {
            for (String v : value.split(",")) {
                if (!v.isBlank()) {
                    values.add(v.strip());
                }
            }
        }
        return values;
    }
}
