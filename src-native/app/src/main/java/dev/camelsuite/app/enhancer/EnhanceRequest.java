package dev.camelsuite.app.enhancer;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.camelsuite.enhancer.content.EnhancementProperties;
import dev.camelsuite.enhancer.rdf.AnalysisNif;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;

/**
 * The query parameters of Stanbol's enhance requests. Parameters whose name contains {@code enhancer.} are the
 * request's enhancement properties, as in Stanbol ({@code enhancer.max-suggestions=3}, or {@code ner:…} for one
 * engine; a parameter given twice has two values), read by the engines that know them; unknown parameters are ignored.
 *
 * @param uri                the content item's id, else {@code urn:content-item-sha1-<sha1>}
 * @param executionMetadata  include the execution metadata and plan
 * @param omitMetadata       leave the enhancements out (with {@code outputContent} alone: the content alone)
 * @param outputContent      media type of the content to send back beside the metadata (multipart)
 * @param rdfFormat          the RDF serialization, winning over {@code Accept}
 * @param outputAnalysis     {@code outputContentPart} names the NLP analysis ({@value AnalysisNif#CONTENT_PART} or
 *                           {@code *}): send it back as NIF 2.0 beside the metadata (multipart)
 * @param properties         the enhancement properties
 */
record EnhanceRequest(String uri, boolean executionMetadata, boolean omitMetadata, String outputContent,
                      String rdfFormat, boolean outputAnalysis, EnhancementProperties properties) {

    static final int MAX_URI_LENGTH = 2048;

    static EnhanceRequest of(MultivaluedMap<String, String> query) {
        String outputContent = query.getFirst("outputContent");
        boolean omitMetadata = flag(query, "omitMetadata");
        boolean outputAnalysis = outputAnalysis(query.get("outputContentPart"));
        if (omitMetadata && (outputContent == null || outputContent.isBlank()) && !outputAnalysis) {
            throw new BadRequestException("Parameter omitMetadata=true needs outputContent or outputContentPart:"
                                          + " otherwise the answer would be empty");
        }
        if (outputContent != null && !outputContent.isBlank()) {
            try {
                MediaType.valueOf(outputContent);
            } catch (IllegalArgumentException e) {
                throw new BadRequestException("Parameter outputContent must be a media type such as text/plain, not '"
                                              + outputContent + "'");
            }
        }
        String uri = query.getFirst("uri");
        if (uri != null) {
            checkUri(uri);
        }
        return new EnhanceRequest(uri, flag(query, "executionmetadata"), omitMetadata, outputContent,
                query.getFirst("rdfFormat"), outputAnalysis, properties(query));
    }

    /** The parameters whose name contains {@code enhancer.}, as Stanbol reads them. */
    private static EnhancementProperties properties(MultivaluedMap<String, String> query) {
        Map<String, List<String>> properties = new LinkedHashMap<>();
        query.forEach((name, values) -> {
            if (name.contains("enhancer.")) {
                properties.put(name, values);
            }
        });
        try {
            return EnhancementProperties.of(properties);
        } catch (IllegalArgumentException e) {
            throw new BadRequestException(e.getMessage());
        }
    }

    /** Whether the content parts asked for name the analysis; the only content part this enhancer keeps. */
    private static boolean outputAnalysis(List<String> parts) {
        if (parts == null) {
            return false;
        }
        boolean analysis = false;
        for (String part : parts) {
            if (part.equals(AnalysisNif.CONTENT_PART) || part.equals("*")) {
                analysis = true;
            } else if (!part.isBlank()) {
                throw new BadRequestException("Parameter outputContentPart names a content part: "
                                              + AnalysisNif.CONTENT_PART + " (the NLP analysis, as NIF 2.0) or *,"
                                              + " not '" + part + "'");
            }
        }
        return analysis;
    }

    /**
     * The content item's id names the subject of every enhancement and goes into the headers of a multipart answer:
     * it must be an absolute IRI (with a scheme, e.g. {@code urn:…} or {@code http://…}) of at most
     * {@value #MAX_URI_LENGTH} characters, checked before any engine runs.
     */
    private static void checkUri(String uri) {
        if (uri.isBlank() || uri.length() > MAX_URI_LENGTH) {
            throw new BadRequestException("Parameter uri must be an absolute IRI of 1 to " + MAX_URI_LENGTH
                                          + " characters, such as urn:example:doc-1");
        }
        try {
            if (new URI(uri).isAbsolute()) {
                return;
            }
        } catch (URISyntaxException e) {
            // answered below
        }
        throw new BadRequestException("Parameter uri must be an absolute IRI with a scheme and no spaces or quotes,"
                                      + " such as urn:example:doc-1");
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
