package dev.camelsuite.app.enhancer;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import dev.camelsuite.app.problem.Problem;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.ContentPart;
import dev.camelsuite.enhancer.rdf.EnhancementRdf;
import dev.camelsuite.enhancer.rdf.RdfFormat;
import dev.camelsuite.enhancer.rdf.RdfReadBudget;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.WebApplicationException;
import org.eclipse.rdf4j.model.Model;

/**
 * A content item uploaded as {@code multipart/form-data}, read by Stanbol's rules: a part {@code metadata} (RDF, in
 * the serialization its {@code Content-Type} names; its {@code filename} is the item's id unless {@code uri} gives
 * one) before the part {@code content}; the content either one part, or a {@code multipart/alternate} of versions of
 * it whose first is the content and the others further content parts named by their part's name; after the content,
 * the request's properties as JSON (a part {@code properties}) and further RDF parts under their names. Each rule
 * broken is a 400 saying which.
 *
 * @param uri        the item's id from the metadata part's file name, or null
 * @param item       the item: the content, its other versions as parts
 * @param parsed     the names, in the answer, of the contents the request carried ({@code omitParsed})
 * @param metadata   the RDF of the metadata part, or null
 * @param graphs     further RDF parts, by name
 * @param properties the properties part's enhancement properties, or an empty map
 */
record ContentItemUpload(String uri, ContentItem item, Set<String> parsed, Model metadata, Map<String, Model> graphs,
                         Map<String, Object> properties) {

    static final String PROPERTIES = "properties";
    static final String PROPERTIES_URI = "urn:apache.org:stanbol.enhancer:request.properties";

    private static final JsonFactory JSON = new JsonFactory();

    /**
     * @param body      the request's body
     * @param mediaType its {@code Content-Type}, a multipart type
     * @param uri       the request's {@code uri} parameter, which wins over the metadata part's file name, or null
     * @param budget    what the RDF parts may take, together
     */
    static ContentItemUpload read(byte[] body, String mediaType, String uri, RdfReadBudget budget) {
        List<MultipartBody.Part> parts;
        try {
            parts = MultipartBody.parse(body, mediaType);
        } catch (MultipartBody.Malformed e) {
            throw new BadRequestException(e.getMessage());
        }
        String id = uri;
        Model metadata = null;
        ContentItem item = null;
        Set<String> parsed = new LinkedHashSet<>();
        Map<String, Model> graphs = new LinkedHashMap<>();
        Map<String, Object> properties = new LinkedHashMap<>();
        for (MultipartBody.Part part : parts) {
            String name = part.name();
            if ("metadata".equals(name)) {
                if (item != null) {
                    throw new BadRequestException("The Multipart MIME part with the 'metadata' MUST BE before the MIME"
                                                  + " part containing the 'content'!");
                }
                metadata = rdf(part, "metadata", budget);
                if (id == null && part.fileName() != null && !part.fileName().isBlank()) {
                    id = EnhanceParameters.checkedUri(part.fileName(), "The file name of the metadata part");
                }
            } else if ("content".equals(name)) {
                item = content(part, id, parsed);
            } else if (PROPERTIES.equals(name) || PROPERTIES_URI.equals(name)) {
                if (item == null) {
                    throw new BadRequestException("Multipart MIME parts for Request Properties MUST BE after the MIME"
                                                  + " parts for 'metadata' AND 'content'");
                }
                properties.putAll(json(part));
            } else {
                if (name == null || name.isBlank()) {
                    throw new BadRequestException("Every part of a multipart content item needs a name"
                                                  + " (Content-Disposition: form-data; name=\"…\")");
                }
                if (item == null) {
                    throw new BadRequestException("Multipart MIME parts for additional contentParts MUST BE after the"
                                                  + " MIME parts for 'metadata' AND 'content'");
                }
                graphs.put(name, rdf(part, name, budget));
            }
        }
        if (item == null) {
            throw new BadRequestException("The parsed multipart content item does not contain any content. The content"
                                          + " is expected to be contained in a MIME part with the name 'content'. This"
                                          + " part can be also a 'multipart/alternate' multipart MIME part holding"
                                          + " several versions of the content");
        }
        return new ContentItemUpload(id, item, parsed, metadata, graphs, properties);
    }

    /** The content: one part, or the versions of a {@code multipart/alternate} part, the first the content itself. */
    private static ContentItem content(MultipartBody.Part part, String id, Set<String> parsed) {
        String type = type(part, "content");
        if (!MultipartBody.isMultipart(type)) {
            ContentItem item = item(id, part.data(), type);
            parsed.add(item.getUri() + EnhancementAnswer.MAIN_SUFFIX);
            return item;
        }
        List<MultipartBody.Part> versions;
        try {
            versions = MultipartBody.parse(part.data(), type);
        } catch (MultipartBody.Malformed e) {
            throw new BadRequestException("The content part: " + e.getMessage());
        }
        if (versions.isEmpty()) {
            throw new BadRequestException("The content part is a multipart/alternate of no version of the content");
        }
        MultipartBody.Part first = versions.get(0);
        ContentItem item = item(id, first.data(), type(first, "the first version of the content"));
        parsed.add(item.getUri() + EnhancementAnswer.MAIN_SUFFIX);
        for (MultipartBody.Part version : versions.subList(1, versions.size())) {
            String name = version.name() == null || version.name().isBlank()
                    ? "urn:contentpart:" + UUID.randomUUID() : version.name();
            String versionType = type(version, "content version " + name);
            if (MultipartBody.isMultipart(versionType)) {
                throw new BadRequestException("Content version " + name + " is itself multipart: one level of versions"
                                              + " is read");
            }
            try {
                item.addPart(new ContentPart(name, versionType, version.data()));
            } catch (IllegalArgumentException e) {
                throw new BadRequestException(e.getMessage());
            }
            parsed.add(name);
            if (item.getText() == null && isPlainText(versionType)) {
                // the text engines read the plain text version, as Stanbol's read the text/plain blob
                item.setText(new String(version.data(), charset(versionType)));
            }
        }
        return item;
    }

    private static ContentItem item(String id, byte[] data, String type) {
        try {
            return ContentItem.ofBytes(id, data, type);
        } catch (IllegalArgumentException e) {
            throw new BadRequestException(e.getMessage());
        }
    }

    private static String type(MultipartBody.Part part, String what) {
        String type = part.contentType();
        if (type == null || type.isBlank()) {
            throw new BadRequestException("The part " + what + " needs a Content-Type");
        }
        return type;
    }

    private static Model rdf(MultipartBody.Part part, String name, RdfReadBudget budget) {
        String type = part.contentType();
        RdfFormat format;
        try {
            format = RdfFormat.of(type);
        } catch (IllegalArgumentException e) {
            throw new BadRequestException("Unable to parse Metadata from Multipart MIME part '" + name + "' (contentType: "
                                          + type + "): " + e.getMessage());
        }
        try {
            return EnhancementRdf.parse(new ByteArrayInputStream(part.data()), format, budget);
        } catch (RdfReadBudget.Exceeded e) {
            throw new WebApplicationException(Problem.of(422, "Unable to parse RDF of Multipart MIME part '" + name
                                                              + "': " + e.getMessage() + " (camelsuite.enhancer"
                                                              + ".max-rdf-characters, max-rdf-nesting)"));
        } catch (IllegalArgumentException e) {
            throw new BadRequestException("Unable to parse RDF of Multipart MIME part '" + name + "' (contentType: "
                                          + type + "): " + e.getMessage());
        }
    }

    /** A JSON object of names to a value or an array of values. */
    private static Map<String, Object> json(MultipartBody.Part part) {
        String type = part.contentType();
        if (type == null || !type.toLowerCase(Locale.ROOT).startsWith("application/json")) {
            throw new BadRequestException("Multipart MIME parts for Request Properties MUST BE encoded as"
                                          + " 'application/json', not " + type);
        }
        Map<String, Object> values = new LinkedHashMap<>();
        try (JsonParser p = JSON.createParser(part.data())) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not a JSON object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                JsonToken t = p.nextToken();
                if (t == JsonToken.START_ARRAY) {
                    List<String> list = new ArrayList<>();
                    while (p.nextToken() != JsonToken.END_ARRAY) {
                        if (p.currentToken().isStructStart()) {
                            throw new IOException("the values of " + key + " must be text or numbers");
                        }
                        list.add(p.getText());
                    }
                    values.put(key, list);
                } else if (t.isStructStart()) {
                    throw new IOException("the value of " + key + " must be text, a number or an array of them");
                } else {
                    values.put(key, p.getText());
                }
            }
        } catch (StreamConstraintsException e) {
            throw new BadRequestException("The request properties part holds a number of more than 1000 digits or a"
                                          + " string longer than the body limit");
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new BadRequestException("The request properties part is not a JSON object of names to values: it is"
                                          + " not valid JSON" + (at == null ? "" : " at line " + at.getLineNr()
                                                                 + ", column " + at.getColumnNr()));
        } catch (IOException e) {
            // this class's own words: what the object holds that it may not
            throw new BadRequestException("The request properties part is not a JSON object of names to values: "
                                          + e.getMessage());
        }
        return values;
    }

    private static boolean isPlainText(String type) {
        return type.toLowerCase(Locale.ROOT).split(";", 2)[0].trim().equals(ContentItem.TEXT_PLAIN);
    }

    private static java.nio.charset.Charset charset(String type) {
        String charset = MultipartBody.parameter(type, "charset");
        try {
            return charset == null ? StandardCharsets.UTF_8 : java.nio.charset.Charset.forName(charset);
        } catch (IllegalArgumentException e) {
            throw new BadRequestException("Unknown charset '" + charset + "' in media type " + type);
        }
    }
}
