package dev.camelsuite.enhancer.rdf;

/**
 * Where a text annotation's span occurs in the text, the way Stanbol writes it (STANBOL-987): the selected text, a few
 * characters before and after it ({@code fise:selection-prefix}, {@code fise:selection-suffix}: together with the
 * selected text they find the occurrence again in the text, even when its offsets are lost), and the words around it
 * ({@code fise:selection-context}). All four are substrings of the text, each bounded, whatever the text's size.
 *
 * @param prefix   up to {@value #PREFIX_SUFFIX_LENGTH} characters before the span
 * @param selected the span's text
 * @param suffix   up to {@value #PREFIX_SUFFIX_LENGTH} characters after the span
 * @param context  the span with up to {@value #CONTEXT_LENGTH} characters on each side, cut after whole words
 */
record Occurrence(String prefix, String selected, String suffix, String context) {

    /** Stanbol's default length of the prefix and the suffix. */
    static final int PREFIX_SUFFIX_LENGTH = 10;
    /** Stanbol's default room for the context on each side of the span. */
    static final int CONTEXT_LENGTH = 50;

    static Occurrence of(String text, int begin, int end) {
        String prefix = text.substring(Math.max(0, begin - PREFIX_SUFFIX_LENGTH), begin);
        String suffix = text.substring(end, Math.min(text.length(), end + PREFIX_SUFFIX_LENGTH));
        return new Occurrence(prefix, text.substring(begin, end), suffix,
                text.substring(contextBegin(text, begin), contextEnd(text, end)));
    }

    /** Where the context starts: the text's start when near, else the first word boundary in the room before. */
    private static int contextBegin(String text, int begin) {
        if (begin <= CONTEXT_LENGTH) {
            return 0;
        }
        int from = begin - CONTEXT_LENGTH;
        for (int i = from; i < begin; i++) {
            if (Character.isWhitespace(text.charAt(i))) {
                return i + 1;
            }
        }
        return from; // no boundary: cut inside the word
    }

    /** Where the context ends: the text's end when near, else the last word boundary in the room after. */
    private static int contextEnd(String text, int end) {
        if (end + CONTEXT_LENGTH >= text.length()) {
            return text.length();
        }
        int to = end + CONTEXT_LENGTH;
        for (int i = to; i > end; i--) {
            if (Character.isWhitespace(text.charAt(i))) {
                return i;
            }
        }
        return to;
    }
}
