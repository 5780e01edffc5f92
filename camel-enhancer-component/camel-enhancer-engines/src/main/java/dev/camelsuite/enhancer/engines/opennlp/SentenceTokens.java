package dev.camelsuite.enhancer.engines.opennlp;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.TextAnnotation;

/**
 * The tokens of a text in the groups OpenNLP's sequence models read, one sentence each, as they were trained: the
 * {@value TextAnnotation#TOKEN} annotations in text order, cut at the ends of the {@value TextAnnotation#SENTENCE}
 * annotations (a text without sentences is one group).
 */
final class SentenceTokens {

    private SentenceTokens() {
    }

    static List<List<TextAnnotation>> of(ContentItem item) {
        List<TextAnnotation> tokens = new ArrayList<>(item.getAnnotationsOfType(TextAnnotation.TOKEN));
        tokens.sort(Comparator.comparingInt(TextAnnotation::getBegin));
        List<TextAnnotation> bounds = new ArrayList<>(item.getAnnotationsOfType(TextAnnotation.SENTENCE));
        bounds.sort(Comparator.comparingInt(TextAnnotation::getBegin));
        List<List<TextAnnotation>> sentences = new ArrayList<>();
        List<TextAnnotation> current = new ArrayList<>();
        int sentence = 0;
        for (TextAnnotation token : tokens) {
            while (sentence < bounds.size() && bounds.get(sentence).getEnd() <= token.getBegin()) {
                sentence++;
                if (!current.isEmpty()) {
                    sentences.add(current);
                    current = new ArrayList<>();
                }
            }
            current.add(token);
        }
        if (!current.isEmpty()) {
            sentences.add(current);
        }
        return sentences;
    }

    /** Whether an item has text but no tokens: what a tagger has nothing to read in. */
    static boolean missing(ContentItem item) {
        return item.getText() != null && item.getAnnotationsOfType(TextAnnotation.TOKEN).isEmpty();
    }

    /** The words of one group, for a model. */
    static String[] words(List<TextAnnotation> sentence) {
        return sentence.stream().map(TextAnnotation::getCoveredText).toArray(String[]::new);
    }
}
