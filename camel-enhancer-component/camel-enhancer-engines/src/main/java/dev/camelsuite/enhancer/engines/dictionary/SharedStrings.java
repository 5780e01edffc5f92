package dev.camelsuite.enhancer.engines.dictionary;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One instance of each text that repeats across a vocabulary — property and type IRIs, languages, datatypes — and of
 * each list of types: a million entities of two types out of a few dozen hold a few dozen strings and lists, not two
 * million copies.
 */
final class SharedStrings {

    private final Map<String, String> strings = new HashMap<>();
    private final Map<List<String>, List<String>> typeLists = new HashMap<>();

    /** The shared instance of a text (null stays null). */
    String share(String s) {
        if (s == null) {
            return null;
        }
        String shared = strings.putIfAbsent(s, s);
        return shared == null ? s : shared;
    }

    /** The shared, unmodifiable instance of a list of shared texts. */
    List<String> share(List<String> types) {
        if (types.isEmpty()) {
            return List.of();
        }
        List<String> copy = List.copyOf(types);
        List<String> shared = typeLists.putIfAbsent(copy, copy);
        return shared == null ? copy : shared;
    }
}
