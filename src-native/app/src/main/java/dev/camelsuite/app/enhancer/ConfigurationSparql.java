package dev.camelsuite.app.enhancer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.enhancer.spi.Cancellation;
import dev.camelsuite.enhancer.rdf.EnhancementRdf;
import dev.camelsuite.enhancer.rdf.RdfFormat;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.impl.LinkedHashModel;
import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.BooleanQuery;
import org.eclipse.rdf4j.query.GraphQuery;
import org.eclipse.rdf4j.query.MalformedQueryException;
import org.eclipse.rdf4j.query.Query;
import org.eclipse.rdf4j.query.QueryEvaluationException;
import org.eclipse.rdf4j.query.QueryInterruptedException;
import org.eclipse.rdf4j.query.QueryResults;
import org.eclipse.rdf4j.query.TupleQuery;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.query.algebra.Service;
import org.eclipse.rdf4j.query.algebra.helpers.AbstractQueryModelVisitor;
import org.eclipse.rdf4j.query.parser.ParsedQuery;
import org.eclipse.rdf4j.query.parser.sparql.SPARQLParser;
import org.eclipse.rdf4j.query.resultio.QueryResultWriter;
import org.eclipse.rdf4j.query.resultio.sparqljson.SPARQLResultsJSONWriter;
import org.eclipse.rdf4j.query.resultio.sparqlxml.SPARQLResultsXMLWriter;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.memory.MemoryStore;

/**
 * SPARQL over the enhancer's configuration graph (its chains and engines, as {@code GET /enhancer} describes them),
 * as Stanbol's {@code /enhancer/sparql} answers it: a {@code SELECT} or {@code ASK} as SPARQL results in XML (JSON
 * when asked for), a {@code CONSTRUCT} or {@code DESCRIBE} as RDF (RDF/XML unless asked for another). Queries only:
 * an update is not a query; {@code SERVICE}, which would reach other servers, is refused. What a query may take —
 * its length and nesting, its time, the rows and characters it goes through, its answer's size — is
 * {@link SparqlSettings}'; its evaluation is held to them by {@link BudgetedEvaluation}, and its answer is written in
 * full, within its deadline, before its first byte is sent.
 */
final class ConfigurationSparql {

    static final String RESULTS_XML = "application/sparql-results+xml";
    static final String RESULTS_JSON = "application/sparql-results+json";

    /** An answer: its media type, and how to write it. */
    record Answer(String mediaType, Body body) {
    }

    @FunctionalInterface
    interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    private ConfigurationSparql() {
    }

    /**
     * Runs the query over the graph.
     *
     * @param deadlineNanos the {@link System#nanoTime()} by which the query must be answered, its writing included
     * @throws BadRequestException    naming what is wrong with the query
     * @throws NotAcceptableException when {@code accept} allows none of the answer's types
     * @throws SparqlBudget.Exceeded  when the query passes one of its bounds
     */
    static Answer run(Model graph, String query, List<String> accept, SparqlSettings settings, long deadlineNanos) {
        if (query == null || query.isBlank()) {
            throw new BadRequestException("Parameter query must hold a SPARQL query, such as SELECT ?chain WHERE"
                                          + " { ?chain a <" + EnhancerDescription.CHAIN + "> }");
        }
        if (query.length() > settings.maxLength()) {
            throw new BadRequestException("A SPARQL query may have at most " + settings.maxLength() + " characters"
                                          + " (camelsuite.enhancer.sparql.max-length)");
        }
        SparqlNesting.check(query, settings.maxNesting());
        try {
            refuseServices(query);
            Answer answer = evaluate(graph, query, accept, new SparqlBudget(settings, deadlineNanos), deadlineNanos);
            return written(answer, settings, deadlineNanos);
        } catch (StackOverflowError e) {
            throw new BadRequestException("The SPARQL query is nested too deeply to be read");
        }
    }

    private static Answer evaluate(Model graph, String query, List<String> accept, SparqlBudget budget,
                                   long deadlineNanos) {
        MemoryStore store = new MemoryStore();
        store.setEvaluationStrategyFactory(new BudgetedEvaluation(iri -> {
            throw new QueryEvaluationException("SERVICE is not allowed here");
        }, budget));
        SailRepository repository = new SailRepository(store);
        repository.init();
        try (RepositoryConnection connection = repository.getConnection()) {
            connection.add(graph);
            Query prepared = connection.prepareQuery(query);
            // RDF4J's own limit too, in whole seconds: it stops between rows, the budget within them
            prepared.setMaxExecutionTime((int) Math.max(1, TimeUnit.NANOSECONDS.toSeconds(
                    deadlineNanos - System.nanoTime() + TimeUnit.SECONDS.toNanos(1) - 1)));
            // the store is read here, while it is open; the answer writes what was read
            if (prepared instanceof TupleQuery select) {
                boolean json = wantsJson(accept);
                TupleQueryResult result = select.evaluate();
                List<String> names = result.getBindingNames();
                List<BindingSet> rows = QueryResults.asList(result);
                return new Answer(json ? RESULTS_JSON : RESULTS_XML, out -> {
                    QueryResultWriter writer = json ? new SPARQLResultsJSONWriter(out) : new SPARQLResultsXMLWriter(out);
                    writer.startQueryResult(names);
                    rows.forEach(writer::handleSolution);
                    writer.endQueryResult();
                });
            }
            if (prepared instanceof BooleanQuery ask) {
                boolean json = wantsJson(accept);
                boolean answer = ask.evaluate();
                return new Answer(json ? RESULTS_JSON : RESULTS_XML, out -> {
                    QueryResultWriter writer = json ? new SPARQLResultsJSONWriter(out) : new SPARQLResultsXMLWriter(out);
                    writer.handleBoolean(answer);
                });
            }
            Model constructed = QueryResults.asModel(((GraphQuery) prepared).evaluate());
            Model result = new LinkedHashModel(constructed);
            RdfNegotiation.Negotiated format = rdfOf(accept);
            return new Answer(format.contentType(), out -> EnhancementRdf.write(result, format.format(), out));
        } catch (MalformedQueryException e) {
            throw new BadRequestException("Malformed SPARQL query: " + SparqlNesting.firstLine(e.getMessage()));
        } catch (RuntimeException e) {
            throw exceeded(e, budget);
        } finally {
            repository.shutDown();
        }
    }

    /**
     * The bound a failed evaluation passed, wherever RDF4J wrapped it; RDF4J's own time limit is the deadline; any
     * other failure is the query's, in this API's words.
     */
    private static RuntimeException exceeded(RuntimeException e, SparqlBudget budget) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SparqlBudget.Exceeded passed) {
                return passed;
            }
            if (t instanceof QueryInterruptedException) {
                return budget.outOfTime();
            }
        }
        if (e instanceof QueryEvaluationException) {
            return new BadRequestException("The SPARQL query could not be answered: it asks for something this"
                                           + " endpoint cannot evaluate");
        }
        return e;
    }

    /** The answer written in full, within the deadline and the answer's size, before anything is sent. */
    private static Answer written(Answer answer, SparqlSettings settings, long deadlineNanos) {
        AnswerBuffer buffer = new AnswerBuffer(settings.maxAnswerSize(), deadlineNanos, Cancellation.current());
        try {
            answer.body().writeTo(buffer);
        } catch (AnswerBuffer.TooLarge e) {
            throw new SparqlBudget.Exceeded(422, "The SPARQL query's answer passes " + settings.maxAnswerSize()
                                                 + " bytes (camelsuite.enhancer.sparql.max-answer-size): ask for"
                                                 + " fewer rows, or add a LIMIT");
        } catch (AnswerBuffer.OutOfTime e) {
            throw SparqlBudget.outOfTime(settings);
        } catch (IOException e) {
            throw new UncheckedIOException("An answer written into memory failed", e);
        }
        return buffer.isHeld() ? new Answer(answer.mediaType(), buffer::writeTo) : answer;
    }

    /** {@code SERVICE} would send a query to another server: refused before anything runs. */
    private static void refuseServices(String query) {
        ParsedQuery parsed;
        try {
            parsed = new SPARQLParser().parseQuery(query, null);
        } catch (MalformedQueryException e) {
            throw new BadRequestException("Malformed SPARQL query: " + SparqlNesting.firstLine(e.getMessage()));
        }
        parsed.getTupleExpr().visit(new AbstractQueryModelVisitor<RuntimeException>() {
            @Override
            public void meet(Service node) {
                throw new BadRequestException("SERVICE is not allowed: this endpoint answers from the enhancer's"
                                              + " configuration alone");
            }
        });
    }

    private static boolean wantsJson(List<String> accept) {
        if (accept == null) {
            return false;
        }
        for (String header : accept) {
            for (String type : header.split(",")) {
                String name = type.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
                if (name.equals(RESULTS_JSON) || name.equals(MediaType.APPLICATION_JSON)) {
                    return true;
                }
                if (name.equals(RESULTS_XML) || name.equals(MediaType.APPLICATION_XML)) {
                    return false;
                }
            }
        }
        return false;
    }

    /** A graph's serialization: as asked for, RDF/XML (Stanbol's answer) for a wildcard or none. */
    private static RdfNegotiation.Negotiated rdfOf(List<String> accept) {
        return RdfNegotiation.choose(null, accept,
                new RdfNegotiation.Negotiated(RdfFormat.RDF_XML, RdfFormat.RDF_XML.mediaType()));
    }
}
