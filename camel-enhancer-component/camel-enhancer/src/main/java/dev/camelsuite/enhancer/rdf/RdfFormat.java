package dev.camelsuite.enhancer.rdf;

import java.io.OutputStream;
import java.util.Locale;

import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.RDFParser;
import org.eclipse.rdf4j.rio.RDFHandler;
import org.eclipse.rdf4j.rio.jsonld.JSONLDParser;
import org.eclipse.rdf4j.rio.n3.N3Writer;
import org.eclipse.rdf4j.rio.ntriples.NTriplesParser;
import org.eclipse.rdf4j.rio.ntriples.NTriplesWriter;
import org.eclipse.rdf4j.rio.rdfxml.RDFXMLParser;
import org.eclipse.rdf4j.rio.rdfjson.RDFJSONParser;
import org.eclipse.rdf4j.rio.rdfjson.RDFJSONWriter;
import org.eclipse.rdf4j.rio.rdfxml.RDFXMLWriter;
import org.eclipse.rdf4j.rio.turtle.TurtleParser;
import org.eclipse.rdf4j.rio.turtle.TurtleWriter;
import org.eclipse.rdf4j.rio.helpers.BasicWriterSettings;

/**
 * The RDF serializations the enhancer writes and reads: those of Stanbol. Writers and parsers are made directly rather
 * than looked up through RDF4J's service registry, so nothing is found by classpath scanning. JSON-LD is written in
 * Stanbol's shape by {@link JsonLdStream}.
 */
public enum RdfFormat {
    TURTLE("text/turtle"),
    JSON_LD("application/ld+json"),
    RDF_XML("application/rdf+xml"),
    N_TRIPLES("application/n-triples"),
    /** Notation 3, Stanbol's {@code text/rdf+n3}: written as Turtle, which N3 contains. */
    N3("text/rdf+n3"),
    /** RDF/JSON (Talis), Stanbol's {@code application/rdf+json}. */
    RDF_JSON("application/rdf+json");

    /** The media types {@link #of} reads, for messages. */
    public static final String SUPPORTED = "text/turtle, application/x-turtle, application/ld+json, application/json,"
                                           + " application/rdf+xml, application/n-triples, text/rdf+nt, text/rdf+n3,"
                                           + " application/rdf+json";

    private final String mediaType;

    RdfFormat(String mediaType) {
        this.mediaType = mediaType;
    }

    public String mediaType() {
        return mediaType;
    }

    /** A writer of this format, statement by statement; JSON-LD in Stanbol's shape, node by node. */
    RDFHandler writer(OutputStream out) {
        return switch (this) {
            case TURTLE -> new TurtleWriter(out);
            case JSON_LD -> new JsonLdStream(out);
            case RDF_XML -> new XmlSafeLiterals(new RDFXMLWriter(out));
            case N_TRIPLES -> new NTriplesWriter(out);
            case N3 -> new N3Writer(out);
            // on one line, "value":"…", as Stanbol writes it: its clients match on that
            case RDF_JSON -> new RDFJSONWriter(out, RDFFormat.RDFJSON).set(BasicWriterSettings.PRETTY_PRINT, false);
        };
    }

    RDFParser parser() {
        return switch (this) {
            case TURTLE, N3 -> new TurtleParser();
            case JSON_LD -> new JSONLDParser();
            case RDF_XML -> new RDFXMLParser();
            case N_TRIPLES -> new NTriplesParser();
            case RDF_JSON -> new RDFJSONParser();
        };
    }

    /**
     * Reads a media type — Stanbol's: {@code text/turtle} and {@code application/x-turtle}, {@code application/ld+json}
     * and {@code application/json}, {@code application/rdf+xml}, {@code application/n-triples} and {@code text/rdf+nt},
     * {@code text/rdf+n3}, {@code application/rdf+json}; and {@code text/plain} as N-Triples' old type — or a name.
     */
    public static RdfFormat of(String value) {
        String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        int semicolon = v.indexOf(';');
        if (semicolon >= 0) {
            v = v.substring(0, semicolon).trim();
        }
        return switch (v) {
            case "text/turtle", "application/x-turtle", "turtle", "ttl" -> TURTLE;
            case "application/ld+json", "application/json", "json-ld", "jsonld", "json_ld" -> JSON_LD;
            case "application/rdf+xml", "rdf/xml", "rdfxml", "rdf_xml", "xml" -> RDF_XML;
            case "application/n-triples", "text/rdf+nt", "text/plain", "n-triples", "ntriples", "n_triples", "nt" ->
                    N_TRIPLES;
            case "text/rdf+n3", "text/n3", "n3" -> N3;
            case "application/rdf+json", "rdf/json", "rdfjson", "rdf_json" -> RDF_JSON;
            default -> throw new IllegalArgumentException("Unsupported RDF format '" + value
                                                          + "' (supported: " + SUPPORTED + ")");
        };
    }

}
