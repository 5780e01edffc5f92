package dev.camelsuite.app.enhancer;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.camelsuite.enhancer.rdf.BracketNesting;
import jakarta.ws.rs.BadRequestException;

/**
 * How deeply a SPARQL query nests its brackets, counted before the query is parsed ({@link BracketNesting}): two
 * thousand nested parentheses in a filter or a property path overflow the stack of RDF4J's parser; and a parser's
 * messages in this API's words.
 */
final class SparqlNesting {

    private SparqlNesting() {
    }

    /** @throws BadRequestException when the query nests deeper than {@code max} */
    static void check(String query, int max) {
        if (BracketNesting.deeperThan(query, max, false)) {
            throw new BadRequestException("The SPARQL query nests brackets more than " + max + " deep"
                                          + " (camelsuite.enhancer.sparql.max-nesting)");
        }
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
