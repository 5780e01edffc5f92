package dev.camelsuite.app.enhancer;

import java.util.List;

import dev.camelsuite.enhancer.rdf.RdfFormat;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.core.MediaType;

/**
 * Picks the RDF serialization of an answer as Stanbol does: the {@code rdfFormat} parameter wins (a bad one is a 400),
 * else the first acceptable type of {@code Accept} we can write (none is a 406); a wildcard gets RDF/XML, Stanbol's
 * default.
 */
final class RdfNegotiation {

    static final RdfFormat DEFAULT = RdfFormat.RDF_XML;

    private RdfNegotiation() {
    }

    static RdfFormat choose(String rdfFormat, List<MediaType> acceptable) {
        if (rdfFormat != null && !rdfFormat.isBlank()) {
            try {
                return RdfFormat.of(rdfFormat);
            } catch (IllegalArgumentException e) {
                throw new BadRequestException("Parameter rdfFormat: " + e.getMessage());
            }
        }
        if (acceptable == null || acceptable.isEmpty()) {
            return DEFAULT;
        }
        for (MediaType type : acceptable) {
            if (type.isWildcardType()) {
                return DEFAULT;
            }
            if (type.isWildcardSubtype()) {
                if (type.getType().equals("application")) {
                    return DEFAULT;
                }
                if (type.getType().equals("text")) {
                    return RdfFormat.TURTLE;
                }
                continue;
            }
            try {
                return RdfFormat.of(type.getType() + "/" + type.getSubtype());
            } catch (IllegalArgumentException notRdf) {
                // try the next acceptable type
            }
        }
        throw new NotAcceptableException("None of the acceptable types " + acceptable + " is an RDF serialization"
                                         + " this enhancer writes (text/turtle, application/ld+json, application/json,"
                                         + " application/rdf+xml, application/n-triples)");
    }
}
