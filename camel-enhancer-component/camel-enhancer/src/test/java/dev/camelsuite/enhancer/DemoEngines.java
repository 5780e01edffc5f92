package dev.camelsuite.enhancer;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EngineOrder;
import dev.camelsuite.enhancer.spi.EnhancementEngine;

/** Small engines for route tests: a word-list language guesser and a capitalised-word NER for English only. */
final class DemoEngines {

    private static final Pattern GERMAN = Pattern.compile("\\b(der|die|das|und|ist)\\b");
    private static final Pattern CAPITALISED = Pattern.compile("\\b\\p{Lu}\\p{Ll}+\\b");

    static final EnhancementEngine LANGID = EnhancementEngine.of("langid", EngineOrder.LANGUAGE_DETECTION, item -> {
        String lang = GERMAN.matcher(item.getText().toLowerCase(Locale.ROOT)).find() ? "de" : "en";
        item.addLanguage(lang, 0.9, "langid");
    });

    static final EnhancementEngine NER = EnhancementEngine.of("ner", EngineOrder.NER, item -> {
        String lang = item.getLanguage();
        if (!"en".equals(lang)) {
            throw new EngineException("No NER model for language '" + lang + "' is available");
        }
        Matcher m = CAPITALISED.matcher(item.getText());
        while (m.find()) {
            var a = item.addAnnotation("entity", m.start(), m.end(), 0.6, "ner", null);
            item.addEntity("urn:entity:" + m.group(), m.group(), List.of("urn:type:Thing"), 0.5, "ner", a);
        }
    });

    private DemoEngines() {
    }
}
