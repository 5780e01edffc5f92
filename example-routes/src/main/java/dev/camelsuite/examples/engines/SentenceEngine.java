package dev.camelsuite.examples.engines;

import java.text.BreakIterator;
import java.util.Locale;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.engine.EngineOrder;
import dev.camelsuite.enhancer.engine.EnhancementEngine;

/** Marks sentences with the JDK's sentence boundaries for the item's language. */
public class SentenceEngine implements EnhancementEngine {

    public static final String SENTENCE = "sentence";

    @Override
    public String getName() {
        return "sentences";
    }

    @Override
    public int getOrder() {
        return EngineOrder.SENTENCE_DETECTION;
    }

    @Override
    public void computeEnhancements(ContentItem item) {
        String text = item.getText();
        String language = item.getLanguage();
        BreakIterator it = BreakIterator.getSentenceInstance(language == null ? Locale.ROOT : Locale.forLanguageTag(language));
        it.setText(text);
        for (int start = it.first(), end = it.next(); end != BreakIterator.DONE; start = end, end = it.next()) {
            int s = start;
            int e = end;
            while (s < e && Character.isWhitespace(text.charAt(s))) {
                s++;
            }
            while (e > s && Character.isWhitespace(text.charAt(e - 1))) {
                e--;
            }
            if (e > s) {
                item.addAnnotation(SENTENCE, s, e, 1.0, getName(), null);
            }
        }
    }
}
