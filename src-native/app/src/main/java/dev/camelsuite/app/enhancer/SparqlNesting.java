package dev.camelsuite.app.enhancer;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.ws.rs.BadRequestException;

/**
 * How deeply a SPARQL query nests its brackets — {@code ( [ {} — counted before the query is parsed: RDF4J's parser
 * and evaluation descend once per level, and two thousand nested parentheses in a filter or a property path overflow
 * the thread's stack. Brackets in strings and comments do not count.
 */
final class SparqlNesting {

    private SparqlNesting() {
    }

    /** @throws BadRequestException when the query nests deeper than {@code max} */
    static void check(String query, int max) {
        int depth = 0;
        int i = 0;
        int n = query.length();
        while (i < n) {
            char c = query.charAt(i);
            if (c == '"' || c == '\'') {
                i = afterString(query, i);
                continue;
            }
            if (c == '#') {
                int eol = query.indexOf('\n', i);
                i = eol < 0 ? n : eol + 1;
                continue;
            }
            if (c == '(' || c == '[' || c == '{') {
                if (++depth > max) {
                    throw new BadRequestException("The SPARQL query nests brackets more than " + max + " deep"
                                                  + " (camelsuite.enhancer.sparql.max-nesting)");
                }
            } else if (c == ')' || c == ']' || c == '}') {
                depth = Math.max(0, depth - 1);
            }
            i++;
        }
    }

    /** The index after a string that starts at {@code start}: short or long ({@code """…"""}), with escapes. */
    private static int afterString(String query, int start) {
        char quote = query.charAt(start);
        String triple = String.valueOf(quote).repeat(3);
        boolean isLong = query.startsWith(triple, start);
        int i = start + (isLong ? 3 : 1);
        while (i < query.length()) {
            char c = query.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (isLong ? query.startsWith(triple, i) : c == quote) {
                return i + (isLong ? 3 : 1);
            } else if (!isLong && c == '\n') {
                return i + 1;
            } else {
                i++;
            }
        }
        return i;
    }

    /**
     * A parser's message in this API's words: where the query went wrong and the word found there, without the
     * parser's own terms or the list of what it expected.
     */
    static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        Matcher unexpected = UNEXPECTED.matcher(message);
        if (unexpected.find()) {
            return "'" + unexpected.group(1).strip() + "' is not expected at line " + unexpected.group(2)
                   + ", column " + unexpected.group(3) + " (queries only: SELECT, ASK, CONSTRUCT, DESCRIBE)";
        }
        int eol = message.indexOf('\n');
        return eol < 0 ? message : message.substring(0, eol);
    }

    /** JavaCC's "Encountered " "load" "LOAD "" at line 1, column 1.": the word as written, and where. */
    private static final Pattern UNEXPECTED = Pattern.compile(
            "Encountered .*?\"([^\"]*) ?\"\" at line (\\d+), column (\\d+)");
}
