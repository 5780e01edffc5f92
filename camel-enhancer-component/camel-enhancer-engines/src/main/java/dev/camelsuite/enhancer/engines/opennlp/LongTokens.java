package dev.camelsuite.enhancer.engines.opennlp;

import java.util.ArrayList;
import java.util.List;

import opennlp.tools.util.Span;

/**
 * Runs of text without white space longer than a bound: OpenNLP's tokenizer and sentence detector look at a whole
 * run for each position in it, so one run of 400,000 letters holds a core for minutes (20,000 letters: 0.7 s,
 * 40,000: 1.6 s). No word is that long; such runs are kept whole as one token, and hidden from the sentence detector.
 */
final class LongTokens {

    /** The longest run the models read by default: longer than any word, most URLs included. */
    static final int DEFAULT_MAX = 128;

    private LongTokens() {
    }

    /** The runs of {@code text} without white space that are longer than {@code max}, in order. */
    static List<Span> of(String text, int max) {
        List<Span> runs = new ArrayList<>();
        int start = -1;
        for (int i = 0; i <= text.length(); i++) {
            boolean space = i == text.length() || Character.isWhitespace(text.charAt(i));
            if (!space && start < 0) {
                start = i;
            } else if (space && start >= 0) {
                if (i - start > max) {
                    runs.add(new Span(start, i));
                }
                start = -1;
            }
        }
        return runs;
    }

    /**
     * The text with each long run's characters replaced by letters: its offsets unchanged, and nothing in those runs
     * (a full stop every other character) that a sentence detector would weigh.
     */
    static String masked(String text, List<Span> runs) {
        if (runs.isEmpty()) {
            return text;
        }
        char[] chars = text.toCharArray();
        for (Span run : runs) {
            java.util.Arrays.fill(chars, run.getStart(), run.getEnd(), 'x');
        }
        return new String(chars);
    }

    static void checkMax(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("maxTokenLength must be at least 1, not " + max);
        }
    }
}
