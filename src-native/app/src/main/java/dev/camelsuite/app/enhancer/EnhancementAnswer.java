package dev.camelsuite.app.enhancer;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.UnaryOperator;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.ContentPart;
import dev.camelsuite.enhancer.rdf.AnalysisNif;
import dev.camelsuite.enhancer.rdf.EnhancementRdf;
import dev.camelsuite.enhancer.rdf.RdfFormat;
import jakarta.ws.rs.ClientErrorException;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.rdf4j.model.Model;

/**
 * What an enhance request answers, as Stanbol's content item writer answers it, by the most wanted type of
 * {@code Accept}:
 * <ul>
 * <li>a multipart type ({@code multipart/form-data}): a multipart answer — part {@code metadata} (the enhancements in
 * {@code rdfFormat}, JSON-LD by default; left out with {@code omitMetadata=true}), part {@code content} (a
 * {@code multipart/alternate} of the item's contents of the types {@code outputContent} names, without those the
 * request carried when {@code omitParsed=true}), then each other part {@code outputContentPart} names;</li>
 * <li>any other type with {@code omitMetadata=true}: the item's content of that type alone (415 when it has
 * none), a text in the charset {@code Accept} names;</li>
 * <li>else the enhancements as RDF ({@link RdfNegotiation}).</li>
 * </ul>
 * It can be written more than once, byte for byte alike but for creation times (the boundary is chosen once): counted
 * first, then sent.
 */
final class EnhancementAnswer {

    /** The name of an item's content, after its id, as Stanbol names its main blob. */
    static final String MAIN_SUFFIX = "_main";
    /** The part of the execution metadata (Stanbol's {@code ExecutionMetadata.CHAIN_EXECUTION}). */
    static final String EXECUTION_METADATA = "http://stanbol.apache.org/ontology/enhancer/executionmetadata#ChainExecution";

    private static final JsonFactory JSON = new JsonFactory();

    /** A version of the item's content: its name in the answer, its type and bytes. */
    private record Content(String name, String mediaType, byte[] data) {
    }

    /** The request's own parts of a multipart upload; none for a plain body. */
    record Uploaded(Model metadata, Map<String, Model> graphs, Set<String> parsed) {

        static final Uploaded NONE = new Uploaded(null, Map.of(), null);
    }

    private final ContentItem item;
    private final EnhanceParameters request;
    private final List<String> accept;
    private final Uploaded uploaded;
    /** The {@code dc:creator} written for an engine's name. */
    private final UnaryOperator<String> creators;
    private final MediaType wanted;
    private final String boundary = UUID.randomUUID().toString();
    /** The content alone, when that is the answer. */
    private final Content alone;

    /**
     * @throws ClientErrorException 415 when the content alone is asked for in a type the item has none of
     */
    EnhancementAnswer(ContentItem item, EnhanceParameters request, List<String> accept, Uploaded uploaded,
                      UnaryOperator<String> creators) {
        this.item = item;
        this.request = request;
        this.accept = accept;
        this.uploaded = uploaded;
        this.creators = creators;
        this.wanted = mostWanted(accept);
        this.alone = !isMultipart(wanted) && request.omitMetadata() ? contentAlone() : null;
    }

    /**
     * Refuses before anything runs what no enhancement could answer: a bad {@code Accept} or {@code rdfFormat}, an
     * {@code Accept} that is no RDF when the enhancements are the answer.
     */
    static void check(EnhanceParameters request, List<String> accept) {
        MediaType wanted = mostWanted(accept);
        if (isMultipart(wanted)) {
            rdfFormat(request);
            request.outputContentTypes();
        } else if (!request.omitMetadata()) {
            RdfNegotiation.choose(request.rdfFormat(), accept);
        }
    }

    /** Writes the answer; answers its media type. */
    String writeTo(OutputStream out) throws IOException {
        if (isMultipart(wanted)) {
            return multipart(out);
        }
        if (alone != null) {
            out.write(alone.data());
            return alone.mediaType();
        }
        RdfNegotiation.Negotiated format = RdfNegotiation.choose(request.rdfFormat(), accept);
        metadata(format.format(), out);
        return format.contentType();
    }

    private String multipart(OutputStream out) throws IOException {
        RdfNegotiation.Negotiated format = rdfFormat(request);
        // the multipart type asked for (Stanbol's clients ask for multipart/form-data), that one for multipart/*
        String type = wanted.isWildcardSubtype() ? MediaType.MULTIPART_FORM_DATA
                : wanted.getType().toLowerCase(Locale.ROOT) + "/" + wanted.getSubtype().toLowerCase(Locale.ROOT);
        MultipartAnswer answer = new MultipartAnswer(type, "contentItem-" + boundary);
        if (!request.omitMetadata()) {
            answer.text("metadata", item.getUri(), format.contentType(), part -> metadata(format.format(), part));
        }
        List<MediaType> included = request.outputContentTypes();
        if (!included.isEmpty()) {
            MultipartAnswer versions = new MultipartAnswer("multipart/alternate", "contentParts-" + boundary);
            for (Content content : contents()) {
                boolean parsed = uploaded.parsed() != null ? uploaded.parsed().contains(content.name())
                        : content.name().equals(item.getUri() + MAIN_SUFFIX);
                if (request.omitParsed() && parsed || !asked(included, content.mediaType())) {
                    continue;
                }
                versions.binary(content.name(), content.mediaType(), part -> part.write(content.data()));
            }
            if (!versions.isEmpty()) {
                answer.nested("content", versions);
            }
        }
        Set<String> names = request.outputContentParts();
        graphParts(format).forEach((name, body) -> {
            if (names.contains("*") || names.contains(name)) {
                answer.text(name, null, name.equals(ContentItemUpload.PROPERTIES_URI)
                        ? "application/json; charset=UTF-8" : format.contentType(), body);
            }
        });
        answer.writeTo(out);
        return answer.mediaType();
    }

    /** The enhancements, after the metadata the request gave. */
    private void metadata(RdfFormat format, OutputStream out) {
        EnhancementRdf.write(item, request.executionMetadata(), uploaded.metadata(), creators, format, out);
    }

    /**
     * The other parts of the item, by name: its execution metadata, its NLP analysis as NIF 2.0, the RDF parts the
     * request carried, the request's properties as JSON.
     */
    private Map<String, MultipartAnswer.PartBody> graphParts(RdfNegotiation.Negotiated format) {
        Map<String, MultipartAnswer.PartBody> parts = new LinkedHashMap<>();
        if (item.getExecutionMetadata() != null) {
            parts.put(EXECUTION_METADATA, out -> EnhancementRdf.write(
                    EnhancementRdf.toModel(item.getExecutionMetadata()), format.format(), out));
        }
        parts.put(AnalysisNif.CONTENT_PART, out -> AnalysisNif.write(item, format.format(), out));
        uploaded.graphs().forEach((name, model) -> parts.put(name,
                out -> EnhancementRdf.write(model, format.format(), out)));
        parts.put(ContentItemUpload.PROPERTIES_URI, this::properties);
        return parts;
    }

    private void properties(OutputStream out) throws IOException {
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.useDefaultPrettyPrinter();
            json.writeStartObject();
            for (Map.Entry<String, List<String>> p : item.getProperties().asMap().entrySet()) {
                json.writeArrayFieldStart(p.getKey());
                for (String v : p.getValue()) {
                    json.writeString(v);
                }
                json.writeEndArray();
            }
            json.writeEndObject();
        }
    }

    /** Whether {@code outputContent} asks for contents of this type. */
    private static boolean asked(List<MediaType> included, String mediaType) {
        MediaType type = MediaType.valueOf(mediaType);
        return included.stream().anyMatch(t -> t.isCompatible(type));
    }

    /**
     * The versions of the item's content, the content first ({@code <id>_main}), then its other parts; the text an
     * engine extracted as {@code text/plain} where no part holds it.
     */
    private List<Content> contents() {
        List<Content> contents = new ArrayList<>();
        ContentPart original = item.getPart("content");
        String main = item.getUri() + MAIN_SUFFIX;
        if (original != null) {
            contents.add(new Content(main, original.mediaType(), original.data()));
        } else if (item.getText() != null) {
            contents.add(new Content(main, utf8(item.getMediaType()), item.getText().getBytes(StandardCharsets.UTF_8)));
        }
        boolean plainText = original == null;
        for (ContentPart part : item.getParts()) {
            if (part != original) {
                contents.add(new Content(part.name(), part.mediaType(), part.data()));
                plainText |= baseType(part.mediaType()).equals(ContentItem.TEXT_PLAIN);
            }
        }
        if (!plainText && item.getText() != null) {
            contents.add(new Content(item.getUri() + "_text", "text/plain; charset=UTF-8",
                    item.getText().getBytes(StandardCharsets.UTF_8)));
        }
        return contents;
    }

    /** The content of the wanted type ({@code omitMetadata=true} without multipart); the content itself for none. */
    private Content contentAlone() {
        List<Content> contents = contents();
        if (wanted == null) {
            if (contents.isEmpty()) {
                throw new ClientErrorException("The content item has no content to answer", 415);
            }
            return contents.get(0);
        }
        String type = wanted.getType() + "/" + wanted.getSubtype();
        for (Content content : contents) {
            if (baseType(content.mediaType()).equals(type.toLowerCase(Locale.ROOT))) {
                return inCharset(content, wanted.getParameters().get(MediaType.CHARSET_PARAMETER));
            }
        }
        throw new ClientErrorException("The requested enhancement chain has not created a version of the content in"
                                       + " the media type " + type + " (omitMetadata=true answers the content alone)",
                415);
    }

    /**
     * A text content in the charset {@code Accept} names, re-encoded from its own (UTF-8 where it names none), as
     * Stanbol's writer means to answer it; as it is when {@code Accept} names none or the content is no text.
     *
     * @throws ClientErrorException 406 for a charset this server cannot write
     */
    private static Content inCharset(Content content, String requested) {
        MediaType type = MediaType.valueOf(content.mediaType());
        String own = type.getParameters().get(MediaType.CHARSET_PARAMETER);
        // only text is re-encoded: a document's bytes (a PDF sent with a charset) are never read as characters
        if (requested == null || !type.getType().equalsIgnoreCase("text")) {
            return content;
        }
        Charset to;
        try {
            to = Charset.forName(requested.trim());
        } catch (IllegalArgumentException e) {
            throw new ClientErrorException("The content cannot be written in the charset " + requested
                                           + " that Accept names", 406);
        }
        Charset from;
        try {
            from = own == null ? StandardCharsets.UTF_8 : Charset.forName(own.trim());
        } catch (IllegalArgumentException e) {
            return content; // a charset no one can read: the bytes as they came
        }
        byte[] data = from.equals(to) ? content.data() : new String(content.data(), from).getBytes(to);
        return new Content(content.name(), baseType(content.mediaType()) + "; charset=" + to.name(), data);
    }

    /** The serialization of RDF parts: {@code rdfFormat}, else JSON-LD, as Stanbol's multipart answers. */
    private static RdfNegotiation.Negotiated rdfFormat(EnhanceParameters request) {
        return RdfNegotiation.choose(request.rdfFormat(), null);
    }

    /** The most wanted type of {@code Accept} that is not a wildcard (Stanbol's choice), or null. */
    private static MediaType mostWanted(List<String> accept) {
        for (MediaType type : RdfNegotiation.mostWanted(accept)) {
            if (!type.isWildcardType()) {
                return type;
            }
        }
        return null;
    }

    private static boolean isMultipart(MediaType type) {
        return type != null && type.getType().equalsIgnoreCase("multipart");
    }

    private static String baseType(String mediaType) {
        return mediaType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
    }

    /** A text's media type with the charset it is written in here. */
    private static String utf8(String mediaType) {
        return baseType(mediaType == null ? ContentItem.TEXT_PLAIN : mediaType) + "; charset=UTF-8";
    }
}
