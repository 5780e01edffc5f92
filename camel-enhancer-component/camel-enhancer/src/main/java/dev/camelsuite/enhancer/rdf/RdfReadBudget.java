package dev.camelsuite.enhancer.rdf;

/**
 * What the RDF one request sends may take once read ({@link EnhancementRdf#parse(java.io.InputStream, RdfFormat,
 * RdfReadBudget)}): the characters of its IRIs and literals, entities of RDF/XML expanded (a 78 KB part whose
 * entities expand within the XML parser's own limits still makes a 36-million-character literal), how deeply it nests
 * (JSON objects and arrays, Turtle's brackets and collections, XML elements), and a check run between statements —
 * the request's deadline. One budget is shared by all the parts of a request; it is used on one thread.
 */
public final class RdfReadBudget {

    /** The RDF passes a bound; its message says which, in the caller's words. */
    public static final class Exceeded extends IllegalArgumentException {
        Exceeded(String message) {
            super(message);
        }
    }

    private final long maxCharacters;
    private final int maxNesting;
    private final Runnable check;
    private long characters;

    /**
     * @param maxCharacters the characters of IRIs and literals all the RDF may hold
     * @param maxNesting    the deepest nesting read
     * @param check         run between statements; throws to stop the reading (the request's deadline)
     */
    public RdfReadBudget(long maxCharacters, int maxNesting, Runnable check) {
        if (maxCharacters < 1 || maxNesting < 1) {
            throw new IllegalArgumentException("An RDF budget needs at least 1 character and 1 level of nesting");
        }
        this.maxCharacters = maxCharacters;
        this.maxNesting = maxNesting;
        this.check = check;
    }

    public long maxCharacters() {
        return maxCharacters;
    }

    public int maxNesting() {
        return maxNesting;
    }

    /** Characters read; throws {@link Exceeded} past the bound. */
    void read(long count) {
        characters += count;
        if (characters > maxCharacters) {
            throw new Exceeded("the RDF holds more than " + maxCharacters + " characters of IRIs and literals");
        }
        try {
            check.run();
        } catch (RuntimeException e) {
            throw new Stopped(e);
        }
    }

    /** The check stopped the reading: its exception, carried through the parser to the caller unchanged. */
    static final class Stopped extends RuntimeException {
        Stopped(RuntimeException cause) {
            super(cause);
        }

        RuntimeException reason() {
            return (RuntimeException) getCause();
        }
    }

    /** The characters the rest of the RDF may hold: RDF/XML's entities may expand to no more. */
    long charactersLeft() {
        return Math.max(1, maxCharacters - characters);
    }
}
