package dev.camelsuite.app.enhancer;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.quarkus.runtime.configuration.MemorySize;
import jakarta.ws.rs.BadRequestException;
import org.eclipse.rdf4j.model.Model;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The bounds of a SPARQL query over the enhancer's configuration, each passed by the query an attacker with the
 * reader role would send: a join of patterns that share no variable (millions of rows), a regular expression that
 * backtracks for minutes, a string doubled by {@code CONCAT} until it fills the heap, brackets nested until the stack
 * overflows. Each stops at its bound with the answer that names the setting; ordinary queries are answered.
 */
class SparqlBoundsTest {

    private static final Model GRAPH = EnhancerDescription.describe("http://localhost/enhancer",
            List.of("default", "language", "dbpedia", "places"), "default",
            List.of("langid", "sentences", "tokens", "ner", "tika", "dictionary"));
    private static final String PATTERNS = "?s0 ?p0 ?o0 . ?s1 ?p1 ?o1 . ?s2 ?p2 ?o2 . ?s3 ?p3 ?o3 . ?s4 ?p4 ?o4";

    static SparqlSettings settings() {
        SparqlSettings settings = new SparqlSettings();
        settings.maxLength = 10_000;
        settings.maxNesting = 64;
        settings.timeout = Duration.ofSeconds(2);
        settings.maxRows = 100_000;
        settings.maxCharacters = 4_000_000;
        settings.maxAnswerSize = new MemorySize(java.math.BigInteger.valueOf(8L << 20));
        settings.check();
        return settings;
    }

    private static String run(String query) throws Exception {
        SparqlSettings settings = settings();
        ConfigurationSparql.Answer answer = ConfigurationSparql.run(GRAPH, query, List.of(), settings,
                System.nanoTime() + settings.timeout().toNanos());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        answer.body().writeTo(out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static SparqlBudget.Exceeded refused(String query) {
        long start = System.nanoTime();
        try {
            run(query);
        } catch (SparqlBudget.Exceeded e) {
            // within the deadline (2 s here) and a little
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(3000);
            return e;
        } catch (Exception e) {
            throw new AssertionError("not refused by a bound: " + e, e);
        }
        throw new AssertionError("answered: " + query);
    }

    @Test
    void anOrdinaryQueryIsAnswered() throws Exception {
        assertThat(run("SELECT ?chain WHERE { ?chain a <" + EnhancerDescription.CHAIN + "> } ORDER BY ?chain"))
                .contains("/enhancer/chain/default", "/enhancer/chain/places");
        assertThat(run("SELECT ?s WHERE { ?s ?p ?o FILTER(REGEX(STR(?s), \"chain/d.*t$\", \"i\")) }"))
                .contains("/enhancer/chain/default").doesNotContain("places");
        assertThat(run("SELECT (REPLACE(STR(?s), \"^.*/\", \"\") AS ?name) WHERE { ?s a <"
                       + EnhancerDescription.CHAIN + "> }")).contains(">places<");
    }

    @Test
    void aJoinOfPatternsSharingNoVariableStopsAtItsRows() {
        SparqlBudget.Exceeded e = refused("SELECT ?s0 WHERE { " + PATTERNS + " }");
        assertThat(e.status).isEqualTo(422);
        // the rows or the characters they carry, whichever is passed first
        assertThat(e.getMessage()).containsPattern("camelsuite.enhancer.sparql.max-(rows|characters)");
        assertThat(refused("SELECT DISTINCT ?s0 ?s1 ?s2 ?s3 WHERE { " + PATTERNS + " } ORDER BY ?o4").status)
                .isEqualTo(422);
        assertThat(refused("SELECT (GROUP_CONCAT(STR(?o0)) AS ?all) WHERE { " + PATTERNS + " }").status)
                .isEqualTo(422);
    }

    @Test
    void aBacktrackingRegularExpressionStopsAtTheDeadline() {
        SparqlBudget.Exceeded e = refused("SELECT ?s WHERE { ?s ?p ?o FILTER(REGEX(CONCAT(\"" + "a".repeat(40)
                                          + "!\", STR(?s)), \"^((a+)\\\\2?)+$\")) }");
        assertThat(e.status).isEqualTo(503);
        assertThat(e.getMessage()).contains("camelsuite.enhancer.sparql.timeout");
        assertThat(refused("SELECT (REPLACE(\"" + "a".repeat(40) + "!\", \"^((a+)\\\\2?)+$\", \"b\") AS ?x) {}").status)
                .isEqualTo(503);
    }

    @Test
    void aValueDoubledUntilItFillsTheHeapStopsAtItsCharacters() {
        StringBuilder query = new StringBuilder("SELECT ?v40 WHERE { BIND(\"" + "x".repeat(100) + "\" AS ?v0)");
        for (int i = 1; i <= 40; i++) {
            query.append(" BIND(CONCAT(?v").append(i - 1).append(", ?v").append(i - 1).append(") AS ?v").append(i)
                    .append(")");
        }
        SparqlBudget.Exceeded e = refused(query.append(" }").toString());
        assertThat(e.status).isEqualTo(422);
        assertThat(e.getMessage()).contains("camelsuite.enhancer.sparql.max-characters");
        assertThat(refused("SELECT (REPLACE(\"" + "a".repeat(5000) + "\", \"a\", \"" + "b".repeat(4000)
                           + "\") AS ?x) {}").status).isEqualTo(422);
    }

    @Test
    void bracketsNestedDeeperThanTheBoundAreRefusedBeforeParsing() {
        for (String query : new String[] {
            "SELECT ?s WHERE { ?s ?p ?o FILTER(" + "(".repeat(1900) + "1" + ")".repeat(1900) + ") }",
            "SELECT ?s WHERE { ?s " + "(".repeat(1900) + "<urn:p>" + ")".repeat(1900) + " ?o }" }) {
            assertThatThrownBy(() -> run(query)).isInstanceOf(BadRequestException.class)
                    .hasMessageContaining("camelsuite.enhancer.sparql.max-nesting");
        }
        // brackets in strings and comments are not nesting
        assertThat(catchNothing("SELECT ?s WHERE { ?s ?p ?o FILTER(?o != \"" + "(".repeat(500) + "\") } # "
                                + "{".repeat(500))).isTrue();
    }

    private static boolean catchNothing(String query) {
        try {
            run(query);
            return true;
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aFailureInTheQueryIsToldInTheApisWords() {
        // a pattern that is no regular expression is a type error: no row matches, as SPARQL says
        assertThat(catchNothing("SELECT ?s WHERE { ?s ?p ?o FILTER(REGEX(STR(?s), \"[\")) }")).isTrue();
        assertThatThrownBy(() -> run("LOAD <http://example.org/x>")).isInstanceOf(BadRequestException.class)
                .hasMessageContaining("'LOAD' is not expected at line 1, column 1")
                .message().doesNotContain("Encountered", "\"load\"");
    }
}
