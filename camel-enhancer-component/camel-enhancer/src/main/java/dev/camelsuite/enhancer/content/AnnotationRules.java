package dev.camelsuite.enhancer.content;

/** What every annotation of a content item must have, and how its id is numbered. */
final class AnnotationRules {

    private AnnotationRules() {
    }

    static void requireType(String type) {
        if (type == null || type.isBlank()) {
            throw new IllegalArgumentException("An annotation needs a type");
        }
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
}
