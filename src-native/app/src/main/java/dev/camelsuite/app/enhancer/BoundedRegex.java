package dev.camelsuite.app.enhancer;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.base.CoreDatatype;
import org.eclipse.rdf4j.query.algebra.evaluation.ValueExprEvaluationException;

/**
 * SPARQL's {@code REGEX} and {@code REPLACE} as RDF4J evaluates them (Java's regular expressions, the flags
 * {@code s m i x d u q}), read through {@link DeadlineText} so that they stop at the query's deadline, and
 * {@code REPLACE} making no longer a value than the query's characters allow. A value that is not a string, or a
 * pattern that does not compile, is a type error: the row does not match, as SPARQL says.
 */
final class BoundedRegex {

    private BoundedRegex() {
    }

    static boolean matches(Value text, Value pattern, Value flags, SparqlBudget budget) {
        return matcher(text, pattern, flags, budget).find();
    }

    static Literal replace(Value text, Value pattern, Value replacement, Value flags, SparqlBudget budget,
                           ValueFactory values) {
        if (!isSimple(replacement)) {
            throw new ValueExprEvaluationException("REPLACE needs a simple literal as its replacement");
        }
        Matcher matcher = matcher(text, pattern, flags, budget);
        String with = ((Literal) replacement).getLabel();
        StringBuilder result = new StringBuilder();
        long left = budget.charactersLeft();
        try {
            while (matcher.find()) {
                matcher.appendReplacement(result, with);
                if (result.length() > left) {
                    budget.characters(result.length());
                }
            }
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            throw new ValueExprEvaluationException("REPLACE's replacement names no group of its pattern");
        }
        matcher.appendTail(result);
        budget.characters(result.length());
        Literal original = (Literal) text;
        Optional<String> language = original.getLanguage();
        return language.isPresent() ? values.createLiteral(result.toString(), language.get())
                : values.createLiteral(result.toString());
    }

    private static Matcher matcher(Value text, Value pattern, Value flags, SparqlBudget budget) {
        if (!(text instanceof Literal literal) || !isString(literal)) {
            throw new ValueExprEvaluationException("REGEX and REPLACE read strings");
        }
        if (!isSimple(pattern) || flags != null && !isSimple(flags)) {
            throw new ValueExprEvaluationException("REGEX and REPLACE need simple literals as pattern and flags");
        }
        Pattern compiled;
        try {
            compiled = Pattern.compile(((Literal) pattern).getLabel(),
                    flags == null ? 0 : javaFlags(((Literal) flags).getLabel()));
        } catch (PatternSyntaxException e) {
            throw new ValueExprEvaluationException("Not a regular expression");
        }
        return compiled.matcher(new DeadlineText(literal.getLabel(), budget));
    }

    /** A simple or language-tagged literal: the strings SPARQL's string functions read. */
    private static boolean isString(Literal literal) {
        return literal.getCoreDatatype() == CoreDatatype.XSD.STRING
               || literal.getCoreDatatype() == CoreDatatype.RDF.LANGSTRING;
    }

    private static boolean isSimple(Value value) {
        return value instanceof Literal literal && literal.getCoreDatatype() == CoreDatatype.XSD.STRING;
    }

    private static int javaFlags(String flags) {
        int result = 0;
        for (char c : flags.toCharArray()) {
            result |= switch (c) {
                case 's' -> Pattern.DOTALL;
                case 'm' -> Pattern.MULTILINE;
                case 'i' -> Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
                case 'x' -> Pattern.COMMENTS;
                case 'd' -> Pattern.UNIX_LINES;
                case 'u' -> Pattern.UNICODE_CASE;
                case 'q' -> Pattern.LITERAL;
                default -> throw new ValueExprEvaluationException("Unknown regular expression flag " + c);
            };
        }
        return result;
    }
}
