package dev.camelsuite.enhancer.content;

import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.camelsuite.enhancer.chain.ExecutionPlan;
import dev.camelsuite.enhancer.metadata.EngineExecution;
import dev.camelsuite.enhancer.metadata.Execution;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import dev.camelsuite.enhancer.metadata.ExecutionStatus;

import static dev.camelsuite.enhancer.content.JsonValues.asObject;
import static dev.camelsuite.enhancer.content.JsonValues.expect;
import static dev.camelsuite.enhancer.content.JsonValues.number;
import static dev.camelsuite.enhancer.content.JsonValues.readObjects;
import static dev.camelsuite.enhancer.content.JsonValues.readValue;
import static dev.camelsuite.enhancer.content.JsonValues.string;

/**
 * Reads a content item from the JSON of {@link ContentItemJson}: malformed input is an {@link IllegalArgumentException}
 * saying what is wrong; unknown fields are skipped.
 */
final class ContentItemJsonReader {

    /** Every item of a chain carries the same plan: parse it once. */
    private static final PlanCache PLANS = new PlanCache(256);

    private ContentItemJsonReader() {
    }

    /** The fields of an item's object, its arrays of objects apart. */
    private static final class Fields {
        final Map<String, Object> scalars = new HashMap<>();
        List<Map<String, Object>> annotations = List.of();
        List<Map<String, Object>> entities = List.of();
        List<Map<String, Object>> parts = List.of();
        List<Map<String, Object>> documentMetadata = List.of();
        List<Map<String, Object>> entityDescriptions = List.of();
        Map<String, Object> metadata;

        static Fields read(JsonParser p) throws IOException {
            expect(p.nextToken(), JsonToken.START_OBJECT, "a content item object");
            Fields f = new Fields();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken t = p.nextToken();
                switch (name) {
                    case "annotations" -> f.annotations = readObjects(p, t, name);
                    case "entities" -> f.entities = readObjects(p, t, name);
                    case "parts" -> f.parts = readObjects(p, t, name);
                    case "documentMetadata" -> f.documentMetadata = readObjects(p, t, name);
                    case "entityDescriptions" -> f.entityDescriptions = readObjects(p, t, name);
                    case "executionMetadata" -> f.metadata = asObject(readValue(p, t), name);
                    default -> f.scalars.put(name, readValue(p, t));
                }
            }
            return f;
        }
    }

    /** Reads an item; the content its writer left out is taken from {@code held} (or null). */
    static ContentItem read(JsonParser p, HeldContent held) throws IOException {
        Fields f = Fields.read(p);
        boolean heldText = Boolean.TRUE.equals(f.scalars.get("requestText"));
        Number heldParts = f.scalars.get("requestParts") instanceof Number n ? n : null;
        if ((heldText || heldParts != null) && held == null) {
            throw new IllegalArgumentException("The item leaves out its request's content and no request is at hand");
        }
        // absent on the wire when it is derived from the content
        String uri = string(f.scalars, "uri", false);
        String text = heldText ? held.text() : string(f.scalars, "text", false);
        List<Map<String, Object>> parts = heldParts == null ? f.parts : withHeldParts(f.parts, held, heldParts);
        ContentItem item;
        if (text != null) {
            item = ContentItem.ofText(uri, text);
        } else {
            if (parts.isEmpty()) {
                throw new IllegalArgumentException("Content item " + (uri == null ? "" : uri + " ")
                                                   + "has neither text nor parts");
            }
            item = ContentItem.ofBytes(uri, decode(parts.get(0)), string(parts.get(0), "mediaType", true));
            parts = parts.subList(1, parts.size());
        }
        item.setReferenceId(string(f.scalars, "referenceId", false));
        item.setLanguage(string(f.scalars, "callerLanguage", false));
        if (f.scalars.get("properties") != null) {
            item.setProperties(EnhancementProperties.of(asObject(f.scalars.get("properties"), "properties")));
        }
        for (Map<String, Object> part : parts) {
            item.addPart(new ContentPart(string(part, "name", true), string(part, "mediaType", true), decode(part)));
        }
        restoreAnalysis(item, f);
        String mediaType = string(f.scalars, "mediaType", false);
        if (mediaType != null && text != null && !ContentItem.TEXT_PLAIN.equals(mediaType)) {
            item.restoreMediaType(mediaType);
        }
        return item;
    }

    /** The first {@code count} held parts, then the parts written. */
    private static List<Map<String, Object>> withHeldParts(List<Map<String, Object>> written, HeldContent held,
                                                           Number count) {
        List<ContentPart> parts = held.parts();
        if (count.intValue() < 0 || count.intValue() > parts.size()) {
            throw new IllegalArgumentException("The item names " + count + " parts of its request, which has "
                                               + parts.size());
        }
        List<Map<String, Object>> all = new ArrayList<>();
        for (ContentPart part : parts.subList(0, count.intValue())) {
            all.add(Map.of("name", part.name(), "mediaType", part.mediaType(), "bytes", part.data()));
        }
        all.addAll(written);
        return all;
    }

    /**
     * The annotations, the entities (linked to their annotations), the document's metadata, the entities' descriptions
     * and the execution metadata.
     */
    private static void restoreAnalysis(ContentItem item, Fields f) {
        Map<String, TextAnnotation> byId = new HashMap<>();
        for (Map<String, Object> a : f.annotations) {
            TextAnnotation ta = readAnnotation(item, a);
            byId.put(ta.getId(), ta);
            item.restoreAnnotation(ta);
        }
        for (Map<String, Object> e : f.entities) {
            item.restoreEntity(readEntity(e, byId));
        }
        for (Map<String, Object> m : f.documentMetadata) {
            item.addDocumentMetadata(new DocumentMetadata(string(m, "property", true), string(m, "value", true),
                    string(m, "datatype", false)));
        }
        for (Map<String, Object> d : f.entityDescriptions) {
            item.getEntityDescriptions().add(readEntityDescription(d));
        }
        if (f.metadata != null) {
            item.setExecutionMetadata(readMetadata(f.metadata, item));
        }
    }

    /** One entity's statements: each with an {@code iri}, or a {@code value} with a language or a datatype. */
    private static List<EntityStatement> readEntityDescription(Map<String, Object> d) {
        String entity = string(d, "entity", true);
        if (!(d.get("statements") instanceof List<?> list)) {
            throw new IllegalArgumentException("The description of entity <" + entity + "> has no statements");
        }
        List<EntityStatement> statements = new ArrayList<>(list.size());
        for (Object o : list) {
            Map<String, Object> s = asObject(o, "statements");
            String iri = string(s, "iri", false);
            statements.add(iri != null ? EntityStatement.iri(entity, string(s, "property", true), iri)
                    : new EntityStatement(entity, string(s, "property", true), string(s, "value", true), false,
                            string(s, "language", false), string(s, "datatype", false)));
        }
        return statements;
    }

    private static EntityAnnotation readEntity(Map<String, Object> e, Map<String, TextAnnotation> annotations) {
        String link = string(e, "annotation", false);
        TextAnnotation ta = link == null ? null : annotations.get(link);
        if (link != null && ta == null) {
            throw new IllegalArgumentException("Entity annotation links to unknown text annotation '" + link + "'");
        }
        List<String> types = new ArrayList<>();
        if (e.get("types") instanceof List<?> list) {
            for (Object o : list) {
                types.add(String.valueOf(o));
            }
        }
        return new EntityAnnotation(string(e, "id", true), string(e, "reference", true), string(e, "label", false),
                string(e, "labelLanguage", false), types, number(e, "confidence").doubleValue(),
                string(e, "engine", false), ta);
    }

    private static TextAnnotation readAnnotation(ContentItem item, Map<String, Object> a) {
        String id = string(a, "id", true);
        Object begin = a.get("begin");
        int b = begin == null ? -1 : number(a, "begin").intValue();
        int e = begin == null ? -1 : number(a, "end").intValue();
        String text = item.getText();
        String covered = null;
        if (b >= 0) {
            if (text == null || e < b || e > text.length()) {
                throw new IllegalArgumentException("Annotation " + id + " has span [" + b + ", " + e
                                                   + ") outside the text");
            }
            covered = text.substring(b, e);
        }
        Object features = a.get("features");
        return new TextAnnotation(id, string(a, "type", true), b, e, covered, number(a, "confidence").doubleValue(),
                string(a, "engine", false), features == null ? null : asObject(features, "features"));
    }

    private static ExecutionMetadata readMetadata(Map<String, Object> m, ContentItem item) {
        String chain = string(m, "chain", true);
        Object plan = m.get("plan");
        if (!(plan instanceof List<?> lines)) {
            throw new IllegalArgumentException("Execution metadata of chain '" + chain + "' have no plan");
        }
        List<String> elements = new ArrayList<>(lines.size());
        for (Object line : lines) {
            elements.add(String.valueOf(line));
        }
        String enhances = string(m, "enhances", false);
        boolean defaultChain = Boolean.TRUE.equals(m.get("defaultChain"));
        ExecutionPlan executionPlan = PLANS.planOf(chain, elements);
        ExecutionMetadata md = enhances == null ? ExecutionMetadata.create(executionPlan, item, defaultChain)
                : ExecutionMetadata.create(executionPlan, enhances, defaultChain);
        restore(md.getChainExecution(), m);
        Object engines = m.get("engines");
        if (engines instanceof List<?> list) {
            for (Object o : list) {
                Map<String, Object> e = asObject(o, "engines");
                String engine = string(e, "engine", true);
                EngineExecution ex = md.getEngineExecution(engine);
                if (ex == null) {
                    throw new IllegalArgumentException("Execution metadata of chain '" + chain
                                                       + "' have an execution of engine '" + engine
                                                       + "', which is not in the plan");
                }
                restore(ex, e);
                if (e.get("durationNanos") != null) {
                    ex.setDurationNanos(number(e, "durationNanos").longValue());
                }
            }
        }
        return md;
    }

    private static void restore(Execution ex, Map<String, Object> m) {
        ex.restore(ExecutionStatus.ofLabel(string(m, "status", true)), instant(m, "started"), instant(m, "completed"),
                string(m, "statusMessage", false));
    }

    private static Instant instant(Map<String, Object> m, String field) {
        String value = string(m, field, false);
        try {
            return value == null ? null : Instant.parse(value);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("Field '" + field + "' is not an ISO-8601 instant: " + value, e);
        }
    }

    private static byte[] decode(Map<String, Object> part) {
        if (part.get("bytes") instanceof byte[] held) {
            // a part of the request, restored as it is
            return held;
        }
        try {
            return Base64.getDecoder().decode(string(part, "data", true));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Part '" + part.get("name") + "' has data that is not Base64", e);
        }
    }
}
