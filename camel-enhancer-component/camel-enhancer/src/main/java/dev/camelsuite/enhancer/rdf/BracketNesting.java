package dev.camelsuite.enhancer.rdf;

/**
 * How deeply a text in a SPARQL-like syntax (SPARQL, Turtle, N3, TriG) nests its brackets — {@code ( [ {} — counted
 * before a parser sees it: RDF4J's parsers descend once per level, and a few thousand nested brackets overflow the
 * thread's stack. Brackets in strings and comments do not count, nor, where the syntax has no less-than operator, in
 * IRIs.
 */
public final class BracketNesting {

    private BracketNesting() {
    }

    /**
     * @param iris whether {@code <} always opens an IRI (Turtle), not a comparison (SPARQL)
     * @return whether the text nests deeper than {@code max}
     */
    public static boolean deeperThan(String text, int max, boolean iris) {
        int depth = 0;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == '"' || c == '\'') {
                i = afterString(text, i);
                continue;
            }
            if (c == '#' || iris && c == '<') {
                int end = text.indexOf(c == '#' ? '\n' : '>', i);
                i = end < 0 ? n : end + 1;
                continue;
            }
            if (c == '(' || c == '[' || c == '{') {
                if (++depth > max) {
                    return true;
                }
            } else if (c == ')' || c == ']' || c == '}') {
                depth = Math.max(0, depth - 1);
            }
            i++;
        }
        return false;
    }

    /** The index after a string that starts at {@code start}: short or long ({@code """…"""}), with escapes. */
    private static int afterString(String text, int start) {
        char quote = text.charAt(start);
        String triple = String.valueOf(quote).repeat(3);
        boolean isLong = text.startsWith(triple, start);
        int i = start + (isLong ? 3 : 1);
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (isLong ? text.startsWith(triple, i) : c == quote) {
                return i + (isLong ? 3 : 1);
            } else if (!isLong && c == '\n') {
                return i + 1;
            } else {
                i++;
            }
        }
        return i;
    }
}
