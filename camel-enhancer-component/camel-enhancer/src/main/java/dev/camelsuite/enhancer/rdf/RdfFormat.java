package dev.camelsuite.enhancer.rdf;

import java.io.OutputStream;
import java.util.Locale;

import org.eclipse.rdf4j.rio.RDFParser;
import org.eclipse.rdf4j.rio.RDFWriter;
import org.eclipse.rdf4j.rio.jsonld.JSONLDParser;
import org.eclipse.rdf4j.rio.jsonld.JSONLDWriter;
import org.eclipse.rdf4j.rio.turtle.TurtleParser;
import org.eclipse.rdf4j.rio.turtle.TurtleWriter;

/**
 * The RDF serializations the enhancer writes and reads. Writers and parsers are made directly rather than looked up
 * through RDF4J's service registry, so nothing is found by classpath scanning.
 */
public enum RdfFormat {
    TURTLE("text/turtle"),
    JSON_LD("application/ld+json");

    private final String mediaType;

    RdfFormat(String mediaType) {
        this.mediaType = mediaType;
    }

    public String mediaType() {
        return mediaType;
    }

    RDFWriter writer(OutputStream out) {
        return this == TURTLE ? new TurtleWriter(out) : new JSONLDWriter(out);
    }

    RDFParser parser() {
        return this == TURTLE ? new TurtleParser() : new JSONLDParser();
    }

    /** Reads a media type ({@code text/turtle}, {@code application/ld+json}, {@code application/json}) or a name. */
    public static RdfFormat of(String value) {
        String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        int semicolon = v.indexOf(';');
        if (semicolon >= 0) {
            v = v.substring(0, semicolon).trim();
        }
        return switch (v) {
            case "text/turtle", "turtle", "ttl" -> TURTLE;
            case "application/ld+json", "application/json", "json-ld", "jsonld", "json_ld" -> JSON_LD;
            default -> throw new IllegalArgumentException(
                    "Unsupported RDF format '" + value + "' (supported: text/turtle, application/ld+json)");
        };
    }

}
