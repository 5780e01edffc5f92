package dev.camelsuite.enhancer.rdf;

import java.io.OutputStream;
import java.util.Locale;

import org.eclipse.rdf4j.rio.RDFParser;
import org.eclipse.rdf4j.rio.RDFWriter;
import org.eclipse.rdf4j.rio.jsonld.JSONLDParser;
import org.eclipse.rdf4j.rio.jsonld.JSONLDWriter;
import org.eclipse.rdf4j.rio.ntriples.NTriplesParser;
import org.eclipse.rdf4j.rio.ntriples.NTriplesWriter;
import org.eclipse.rdf4j.rio.rdfxml.RDFXMLParser;
import org.eclipse.rdf4j.rio.rdfxml.RDFXMLWriter;
import org.eclipse.rdf4j.rio.turtle.TurtleParser;
import org.eclipse.rdf4j.rio.turtle.TurtleWriter;

/**
 * The RDF serializations the enhancer writes and reads. Writers and parsers are made directly rather than looked up
 * through RDF4J's service registry, so nothing is found by classpath scanning.
 */
public enum RdfFormat {
    TURTLE("text/turtle"),
    JSON_LD("application/ld+json"),
    RDF_XML("application/rdf+xml"),
    N_TRIPLES("application/n-triples");

    private final String mediaType;

    RdfFormat(String mediaType) {
        this.mediaType = mediaType;
    }

    public String mediaType() {
        return mediaType;
    }

    RDFWriter writer(OutputStream out) {
        return switch (this) {
            case TURTLE -> new TurtleWriter(out);
            case JSON_LD -> new JSONLDWriter(out);
            case RDF_XML -> new RDFXMLWriter(out);
            case N_TRIPLES -> new NTriplesWriter(out);
        };
    }

    RDFParser parser() {
        return switch (this) {
            case TURTLE -> new TurtleParser();
            case JSON_LD -> new JSONLDParser();
            case RDF_XML -> new RDFXMLParser();
            case N_TRIPLES -> new NTriplesParser();
        };
    }

    /**
     * Reads a media type ({@code text/turtle}, {@code application/ld+json}, {@code application/json},
     * {@code application/rdf+xml}, {@code application/n-triples}, {@code text/plain} as N-Triples' old type) or a name.
     */
    public static RdfFormat of(String value) {
        String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        int semicolon = v.indexOf(';');
        if (semicolon >= 0) {
            v = v.substring(0, semicolon).trim();
        }
        return switch (v) {
            case "text/turtle", "turtle", "ttl" -> TURTLE;
            case "application/ld+json", "application/json", "json-ld", "jsonld", "json_ld" -> JSON_LD;
            case "application/rdf+xml", "rdf/xml", "rdfxml", "rdf_xml", "xml" -> RDF_XML;
            case "application/n-triples", "text/plain", "n-triples", "ntriples", "n_triples", "nt" -> N_TRIPLES;
            default -> throw new IllegalArgumentException("Unsupported RDF format '" + value
                                                          + "' (supported: text/turtle, application/ld+json,"
                                                          + " application/rdf+xml, application/n-triples)");
        };
    }

}
