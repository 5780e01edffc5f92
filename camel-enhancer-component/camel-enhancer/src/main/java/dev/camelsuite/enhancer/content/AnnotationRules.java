package dev.camelsuite.enhancer.content;

/** What every annotation of a content item must have, how its id is numbered, and what an IRI in it must be. */
final class AnnotationRules {

    private AnnotationRules() {
    }

    static void require(String type, double confidence) {
        if (type == null || type.isBlank()) {
            throw new IllegalArgumentException("An annotation needs a type");
        }
        requireConfidence(confidence);
    }

    static void requireConfidence(double confidence) {
        if (!(confidence >= 0 && confidence <= 1)) {
            throw new IllegalArgumentException("Confidence must be in [0, 1] but was " + confidence);
        }
    }

    /** The number of an id such as {@code ta-12}; 0 when it has none. */
    static int numberOf(String id) {
        int dash = id.lastIndexOf('-');
        try {
            return Integer.parseInt(id.substring(dash + 1));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The characters an IRI may not hold, by their code: looked up once a character, not searched for. */
    private static final boolean[] NOT_IN_IRI = new boolean[128];

    static {
        for (char c = 0; c <= ' '; c++) {
            NOT_IN_IRI[c] = true;
        }
        for (char c : "<>\"{}|^`\\".toCharArray()) {
            NOT_IN_IRI[c] = true;
        }
    }

    /** An absolute IRI of at most 2048 characters: a scheme, and none of the characters an IRI may not hold. */
    static boolean isIri(String text) {
        if (text == null || text.isEmpty() || text.length() > 2048 || text.indexOf(':') < 1) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 128 && NOT_IN_IRI[c]) {
                return false;
            }
        }
        return true;
    }
}
