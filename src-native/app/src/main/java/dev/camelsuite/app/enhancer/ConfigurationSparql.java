package dev.camelsuite.app.enhancer;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Locale;

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
 * an update is not a query; {@code SERVICE}, which would reach other servers, is refused; a query has
 * {@value #MAX_SECONDS} s and may be at most {@value #MAX_LENGTH} characters long.
 */
final class ConfigurationSparql {

    static final int MAX_LENGTH = 10_000;
    static final int MAX_SECONDS = 5;
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
     * @throws BadRequestException    naming what is wrong with the query
     * @throws NotAcceptableException when {@code accept} allows none of the answer's types
     */
    static Answer run(Model graph, String query, List<String> accept) {
        if (query == null || query.isBlank()) {
            throw new BadRequestException("Parameter query must hold a SPARQL query, such as SELECT ?chain WHERE"
                                          + " { ?chain a <" + EnhancerDescription.CHAIN + "> }");
        }
        if (query.length() > MAX_LENGTH) {
            throw new BadRequestException("A SPARQL query may have at most " + MAX_LENGTH + " characters");
        }
        refuseServices(query);
        SailRepository repository = new SailRepository(new MemoryStore());
        repository.setFederatedServiceResolver(iri -> {
            throw new QueryEvaluationException("SERVICE is not allowed here");
        });
        repository.init();
        try (RepositoryConnection connection = repository.getConnection()) {
            connection.add(graph);
            Query prepared = connection.prepareQuery(query);
            prepared.setMaxExecutionTime(MAX_SECONDS);
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
            throw new BadRequestException("Malformed SPARQL query: " + firstLine(e.getMessage()));
        } catch (QueryEvaluationException e) {
            throw new BadRequestException("The SPARQL query could not be answered within " + MAX_SECONDS + " s or at"
                                          + " all: " + firstLine(e.getMessage()));
        } finally {
            repository.shutDown();
        }
    }

    /** {@code SERVICE} would send a query to another server: refused before anything runs. */
    private static void refuseServices(String query) {
        ParsedQuery parsed;
        try {
            parsed = new SPARQLParser().parseQuery(query, null);
        } catch (MalformedQueryException e) {
            throw new BadRequestException("Malformed SPARQL query: " + firstLine(e.getMessage()));
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

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        int eol = message.indexOf('\n');
        return eol < 0 ? message : message.substring(0, eol);
    }
}
