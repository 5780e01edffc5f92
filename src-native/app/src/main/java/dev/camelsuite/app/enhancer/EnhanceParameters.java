package dev.camelsuite.app.enhancer;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.camelsuite.app.http.RequestTargets;
import dev.camelsuite.enhancer.content.EnhancementProperties;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;

/**
 * The query parameters of Stanbol's enhance requests. Parameters whose name contains {@code enhancer.} are the
 * request's enhancement properties, as in Stanbol ({@code enhancer.max-suggestions=3}, or {@code ner:…} for one
 * engine; a parameter given twice has two values), read by the engines that know them; unknown parameters are ignored.
 * What the answer holds is Stanbol's to say ({@link EnhancementAnswer}): {@code outputContent},
 * {@code outputContentPart} and {@code omitParsed} shape a multipart answer, {@code omitMetadata} leaves the
 * enhancements out.
 *
 * @param uri                the content item's id, else {@code urn:content-item-sha1-<sha1>}
 * @param executionMetadata  include the execution metadata and plan
 * @param omitMetadata       leave the enhancements out
 * @param outputContent      media types of the contents to send back (multipart), {@code *&#47;*} for all: as given,
 *                           read ({@link #outputContentTypes()}) only for a multipart answer, as Stanbol reads them
 * @param omitParsed         leave out of those the contents the request carried
 * @param outputContentParts names of the other parts to send back (multipart), {@code *} for all
 * @param rdfFormat          the RDF serialization, winning over {@code Accept}
 * @param properties         the enhancement properties
 */
record EnhanceParameters(String uri, boolean executionMetadata, boolean omitMetadata, List<String> outputContent,
                      boolean omitParsed, Set<String> outputContentParts, String rdfFormat,
                      EnhancementProperties properties) {

    static final int MAX_URI_LENGTH = 2048;

    static EnhanceParameters of(MultivaluedMap<String, String> query) {
        String uri = query.getFirst("uri");
        if (uri != null) {
            checkedUri(uri, "Parameter uri");
        }
        Set<String> parts = new LinkedHashSet<>();
        for (String part : query.getOrDefault("outputContentPart", List.of())) {
            if (!part.isBlank()) {
                parts.add(part.trim());
            }
        }
        return new EnhanceParameters(uri, flag(query, "executionmetadata"), flag(query, "omitMetadata"),
                List.copyOf(query.getOrDefault("outputContent", List.of())), flag(query, "omitParsed"),
                Set.copyOf(parts), query.getFirst("rdfFormat"), properties(query));
    }

    /**
     * The media types of {@code outputContent}; {@code *} is {@code *&#47;*}, as in Stanbol. Read for a multipart
     * answer only: other answers leave the parameter aside, a bad value included, as Stanbol's do.
     *
     * @throws BadRequestException a value that is no media type
     */
    List<MediaType> outputContentTypes() {
        List<MediaType> types = new ArrayList<>();
        for (String value : outputContent) {
            if (value.isBlank()) {
                continue;
            }
            try {
                types.add(value.trim().equals("*") ? MediaType.WILDCARD_TYPE : MediaType.valueOf(value.trim()));
            } catch (IllegalArgumentException e) {
                throw new BadRequestException("Parameter outputContent must be a media type such as text/plain or */*,"
                                              + " not '" + value + "'");
            }
        }
        return List.copyOf(types);
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

    /**
     * The content item's id names the subject of every enhancement and goes into the headers of a multipart answer:
     * it must be an absolute IRI (with a scheme, e.g. {@code urn:…} or {@code http://…}) of at most
     * {@value #MAX_URI_LENGTH} characters, checked before any engine runs.
     */
    static String checkedUri(String uri, String what) {
        if (uri.isBlank() || uri.length() > MAX_URI_LENGTH) {
            throw new BadRequestException(what + " must be an absolute IRI of 1 to " + MAX_URI_LENGTH
                                          + " characters, such as urn:example:doc-1");
        }
        // ids from any source are held to the request target's rules: no character that hides or reorders text
        uri.codePoints().filter(RequestTargets::isInvisible).findFirst().ifPresent(c -> {
            throw new BadRequestException(what + String.format(" holds the control or invisible character U+%04X,"
                                                                + " which no id may hold", c));
        });
        try {
            if (new URI(uri).isAbsolute()) {
                return uri;
            }
        } catch (URISyntaxException e) {
            // answered below
        }
        throw new BadRequestException(what + " must be an absolute IRI with a scheme and no spaces or quotes,"
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
