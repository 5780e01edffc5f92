package dev.camelsuite.app.enhancer;

import java.util.Locale;

import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.core.MultivaluedMap;

/**
 * The query parameters of Stanbol's enhance requests. Parameters containing {@code enhancer.} are per-request engine
 * properties in Stanbol; engines here take none, so they are accepted and ignored, as are unknown ones.
 *
 * @param uri                the content item's id, else {@code urn:content-item-sha1-<sha1>}
 * @param executionMetadata  include the execution metadata and plan
 * @param omitMetadata       leave the enhancements out (with {@code outputContent}: the content alone)
 * @param outputContent      media type of the content to send back beside the metadata (multipart)
 * @param rdfFormat          the RDF serialization, winning over {@code Accept}
 */
record EnhanceRequest(String uri, boolean executionMetadata, boolean omitMetadata, String outputContent,
                      String rdfFormat) {

    static EnhanceRequest of(MultivaluedMap<String, String> query) {
        String outputContent = query.getFirst("outputContent");
        boolean omitMetadata = flag(query, "omitMetadata");
        if (omitMetadata && (outputContent == null || outputContent.isBlank())) {
            throw new BadRequestException("Parameter omitMetadata=true needs outputContent: otherwise the answer"
                                          + " would be empty");
        }
        String uri = query.getFirst("uri");
        if (uri != null && uri.isBlank()) {
            throw new BadRequestException("Parameter uri is blank");
        }
        return new EnhanceRequest(uri, flag(query, "executionmetadata"), omitMetadata, outputContent,
                query.getFirst("rdfFormat"));
    }

    private static boolean flag(MultivaluedMap<String, String> query, String name) {
        String value = query.getFirst(name);
        if (value == null || value.isEmpty()) {
            return false;
        }
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new BadRequestException("Parameter " + name + " is true or false, not '" + value + "'");
        };
    }
}
