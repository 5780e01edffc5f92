package dev.camelsuite.examples.engines;

import java.text.BreakIterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.engine.EngineOrder;
import dev.camelsuite.enhancer.engine.EnhancementEngine;

/**
 * Guesses the language of a text from the share of each language's most frequent words. Small and dependency-free,
 * enough for the demo; the OpenNLP engine is the real thing.
 */
public class StopWordLanguageEngine implements EnhancementEngine {

    private static final Map<String, Set<String>> STOP_WORDS = new LinkedHashMap<>();

    static {
        STOP_WORDS.put("en", Set.of("the", "and", "of", "to", "in", "is", "that", "it", "with", "as", "for", "a",
                "such", "each", "through"));
        STOP_WORDS.put("de", Set.of("der", "die", "das", "und", "ist", "von", "mit", "den", "des", "an", "auf",
                "nicht", "ein", "eine"));
        STOP_WORDS.put("fr", Set.of("le", "la", "les", "et", "est", "de", "des", "du", "que", "un", "une", "à",
                "en", "a"));
        STOP_WORDS.put("es", Set.of("el", "la", "los", "las", "y", "es", "de", "del", "que", "en", "un", "una",
                "más", "está"));
    }

    @Override
    public String getName() {
        return "langid";
    }

    @Override
    public int getOrder() {
        return EngineOrder.LANGUAGE_DETECTION;
    }

    @Override
    public void computeEnhancements(ContentItem item) {
        Map<String, Integer> hits = new LinkedHashMap<>();
        int words = 0;
        String text = item.getText().toLowerCase(Locale.ROOT);
        BreakIterator it = BreakIterator.getWordInstance(Locale.ROOT);
        it.setText(text);
        for (int start = it.first(), end = it.next(); end != BreakIterator.DONE; start = end, end = it.next()) {
            String word = text.substring(start, end);
            if (!Character.isLetter(word.charAt(0))) {
                continue;
            }
            words++;
            for (Map.Entry<String, Set<String>> lang : STOP_WORDS.entrySet()) {
                if (lang.getValue().contains(word)) {
                    hits.merge(lang.getKey(), 1, Integer::sum);
                }
            }
        }
        int total = hits.values().stream().mapToInt(Integer::intValue).sum();
        if (total == 0) {
            return; // nothing to go by: the language stays unknown
        }
        String best = null;
        for (Map.Entry<String, Integer> e : hits.entrySet()) {
            if (best == null || e.getValue() > hits.get(best)) {
                best = e.getKey();
            }
        }
        double confidence = Math.min(1.0, hits.get(best) / (double) total * Math.min(1.0, words / 10.0));
        item.addLanguage(best, confidence, getName());
    }
}
