package dev.camelsuite.app.enhancer;

import java.util.concurrent.TimeUnit;

import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.query.Binding;
import org.eclipse.rdf4j.query.BindingSet;

/**
 * What one SPARQL query may still spend while it runs: time up to its deadline, rows (every row any part of the
 * query hands on — a pattern's matches, a join's, a group's input, the answer's) and the characters of the values
 * those rows carry. A query that passes one of them stops there with {@link Exceeded}, whatever it was doing: a join
 * of patterns that share no variable, an {@code ORDER BY} or a {@code GROUP_CONCAT} over them, a string built up by
 * {@code CONCAT}, a regular expression that backtracks. The rows and characters bound what a query can hold in
 * memory, the deadline what it can hold a core. A query runs on one thread: the counts need no locking.
 */
final class SparqlBudget {

    /**
     * A bound passed: the status to answer and a detail that names the setting. Not one of RDF4J's evaluation
     * exceptions, which its optimizer catches and logs as errors while it folds constants: this one goes straight
     * through, and the query stops there.
     */
    static final class Exceeded extends RuntimeException {

        final int status;

        Exceeded(int status, String detail) {
            super(detail);
            this.status = status;
        }
    }

    /** How often, in characters read or rows handed on, the clock is looked at. */
    private static final int CLOCK_EVERY = 1024;

    private final SparqlSettings settings;
    private final long deadlineNanos;
    private long rows;
    private long characters;
    private int sinceClock;

    SparqlBudget(SparqlSettings settings, long deadlineNanos) {
        this.settings = settings;
        this.deadlineNanos = deadlineNanos;
    }

    /** One row handed on, with the characters of its values. */
    void row(BindingSet row) {
        if (++rows > settings.maxRows()) {
            throw new Exceeded(422, "The SPARQL query goes through more than " + settings.maxRows() + " rows"
                                    + " (camelsuite.enhancer.sparql.max-rows): join patterns on shared variables,"
                                    + " or add a LIMIT");
        }
        long length = 0;
        for (Binding binding : row) {
            length += length(binding.getValue());
        }
        characters(length);
        tick(1);
    }

    /** Characters a query's values take, or would take once a function made its value. */
    void characters(long count) {
        characters += count;
        if (characters > settings.maxCharacters()) {
            throw new Exceeded(422, "The values of the SPARQL query's rows pass " + settings.maxCharacters()
                                    + " characters (camelsuite.enhancer.sparql.max-characters): ask for fewer or"
                                    + " shorter values");
        }
    }

    /** The characters this query may still make. */
    long charactersLeft() {
        return settings.maxCharacters() - characters;
    }

    /** Work done since the clock was last looked at: the clock is looked at every {@value #CLOCK_EVERY}. */
    void tick(int work) {
        sinceClock += work;
        if (sinceClock >= CLOCK_EVERY) {
            sinceClock = 0;
            checkTime();
        }
    }

    void checkTime() {
        if (System.nanoTime() - deadlineNanos > 0) {
            throw outOfTime(settings);
        }
    }

    Exceeded outOfTime() {
        return outOfTime(settings);
    }

    static Exceeded outOfTime(SparqlSettings settings) {
        return new Exceeded(503, "The SPARQL query was not answered within "
                                 + TimeUnit.NANOSECONDS.toMillis(settings.timeout().toNanos()) + " ms"
                                 + " (camelsuite.enhancer.sparql.timeout): ask for less, or ask again later");
    }

    static long length(Value value) {
        if (value == null) {
            return 0;
        }
        return value instanceof Literal literal ? literal.getLabel().length() : value.stringValue().length();
    }
}
