package dev.camelsuite.enhancer.content;

import java.io.IOException;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.camelsuite.enhancer.metadata.EngineExecution;
import dev.camelsuite.enhancer.metadata.Execution;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;

/** Writes a content item as the JSON of {@link ContentItemJson}, to any generator of Jackson's streaming API. */
final class ContentItemJsonWriter {

    private ContentItemJsonWriter() {
    }

    /**
     * Writes the item under its read lock. For the wire ({@code wire}), an id still to be computed from the content is
     * left out (the reader derives it again), and so is the content the reader holds ({@code held}, or null).
     */
    static void write(ContentItem item, JsonGenerator g, boolean wire, HeldContent held) throws IOException {
        item.getLock().readLock().lock();
        try {
            g.writeStartObject();
            writeContent(item, g, wire, held);
            writeAnalysis(item, g, wire);
            g.writeEndObject();
        } finally {
            item.getLock().readLock().unlock();
        }
    }

    /** What the item is: its ids, text, language, properties and parts. */
    private static void writeContent(ContentItem item, JsonGenerator g, boolean wire, HeldContent held)
            throws IOException {
        String uri = wire ? item.knownUri() : item.getUri();
        if (uri != null) {
            g.writeStringField("uri", uri);
        }
        writeIfPresent(g, "referenceId", item.getReferenceId());
        writeIfPresent(g, "mediaType", item.getMediaType());
        String text = item.getText();
        if (held != null && text != null && held.holdsText(text)) {
            g.writeBooleanField("requestText", true);
        } else {
            writeIfPresent(g, "text", text);
        }
        writeIfPresent(g, "language", item.getLanguage());
        writeIfPresent(g, "callerLanguage", item.explicitLanguage());
        writeProperties(item.getProperties(), g);
        writeParts(List.copyOf(item.getParts()), g, held);
    }

    private static void writeProperties(EnhancementProperties properties, JsonGenerator g) throws IOException {
        if (properties.isEmpty()) {
            return;
        }
        g.writeObjectFieldStart("properties");
        for (Map.Entry<String, List<String>> p : properties.asMap().entrySet()) {
            g.writeArrayFieldStart(p.getKey());
            for (String v : p.getValue()) {
                g.writeString(v);
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    /** The parts, but for the leading ones the reader holds, which are counted ({@code requestParts}). */
    private static void writeParts(List<ContentPart> parts, JsonGenerator g, HeldContent held) throws IOException {
        int same = held == null ? 0 : held.heldParts(parts);
        if (same > 0) {
            g.writeNumberField("requestParts", same);
        }
        if (parts.size() <= same) {
            return;
        }
        g.writeArrayFieldStart("parts");
        for (ContentPart p : parts.subList(same, parts.size())) {
            g.writeStartObject();
            g.writeStringField("name", p.name());
            g.writeStringField("mediaType", p.mediaType());
            g.writeStringField("data", Base64.getEncoder().encodeToString(p.data()));
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /**
     * What the chain found: annotations, entities, the document's metadata, the entities' descriptions and the
     * execution metadata.
     */
    private static void writeAnalysis(ContentItem item, JsonGenerator g, boolean wire) throws IOException {
        g.writeArrayFieldStart("annotations");
        for (TextAnnotation a : item.getAnnotations()) {
            writeAnnotation(a, g);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("entities");
        for (EntityAnnotation e : item.getEntities()) {
            writeEntity(e, g);
        }
        g.writeEndArray();
        writeDocumentMetadata(item.getDocumentMetadata(), g);
        writeEntityDescriptions(item.getEntityDescriptions().statements(), g);
        ExecutionMetadata md = item.getExecutionMetadata();
        if (md != null) {
            g.writeFieldName("executionMetadata");
            writeMetadata(md, g, wire && md.getChainExecution().isBoundToItem() && item.knownUri() == null);
        }
    }

    private static void writeDocumentMetadata(List<DocumentMetadata> documentMetadata, JsonGenerator g)
            throws IOException {
        if (documentMetadata.isEmpty()) {
            return;
        }
        g.writeArrayFieldStart("documentMetadata");
        for (DocumentMetadata m : documentMetadata) {
            g.writeStartObject();
            g.writeStringField("property", m.property());
            g.writeStringField("value", m.value());
            writeIfPresent(g, "datatype", m.datatype());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /** Each entity once, with its statements: the entity's IRI is not repeated in every statement. */
    private static void writeEntityDescriptions(List<EntityStatement> statements, JsonGenerator g) throws IOException {
        if (statements.isEmpty()) {
            return;
        }
        g.writeArrayFieldStart("entityDescriptions");
        String entity = null;
        for (EntityStatement s : statements) {
            if (!s.entity().equals(entity)) {
                if (entity != null) {
                    g.writeEndArray();
                    g.writeEndObject();
                }
                entity = s.entity();
                g.writeStartObject();
                g.writeStringField("entity", entity);
                g.writeArrayFieldStart("statements");
            }
            g.writeStartObject();
            g.writeStringField("property", s.property());
            g.writeStringField(s.iri() ? "iri" : "value", s.value());
            writeIfPresent(g, "language", s.language());
            writeIfPresent(g, "datatype", s.datatype());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
        g.writeEndArray();
    }

    private static void writeAnnotation(TextAnnotation a, JsonGenerator g) throws IOException {
        g.writeStartObject();
        g.writeStringField("id", a.getId());
        g.writeStringField("type", a.getType());
        if (a.hasSpan()) {
            g.writeNumberField("begin", a.getBegin());
            g.writeNumberField("end", a.getEnd());
            g.writeStringField("text", a.getCoveredText());
        }
        g.writeNumberField("confidence", a.getConfidence());
        writeIfPresent(g, "engine", a.getEngine());
        if (!a.getFeatures().isEmpty()) {
            g.writeFieldName("features");
            writeValue(a.getFeatures(), g);
        }
        g.writeEndObject();
    }

    private static void writeEntity(EntityAnnotation e, JsonGenerator g) throws IOException {
        g.writeStartObject();
        g.writeStringField("id", e.getId());
        g.writeStringField("reference", e.getReference());
        writeIfPresent(g, "label", e.getLabel());
        writeIfPresent(g, "labelLanguage", e.getLabelLanguage());
        g.writeArrayFieldStart("types");
        for (String t : e.getTypes()) {
            g.writeString(t);
        }
        g.writeEndArray();
        g.writeNumberField("confidence", e.getConfidence());
        writeIfPresent(g, "engine", e.getEngine());
        if (e.getTextAnnotation() != null) {
            g.writeStringField("annotation", e.getTextAnnotation().getId());
        }
        g.writeEndObject();
    }

    private static void writeMetadata(ExecutionMetadata md, JsonGenerator g, boolean enhancesDerived)
            throws IOException {
        g.writeStartObject();
        g.writeStringField("chain", md.getChain());
        g.writeBooleanField("defaultChain", md.getChainExecution().isDefaultChain());
        if (!enhancesDerived) {
            g.writeStringField("enhances", md.getChainExecution().getEnhances());
        }
        g.writeArrayFieldStart("plan");
        for (String element : md.getPlan().toElements()) {
            g.writeString(element);
        }
        g.writeEndArray();
        writeExecution(md.getChainExecution(), g);
        g.writeArrayFieldStart("engines");
        for (EngineExecution e : md.getEngineExecutions()) {
            g.writeStartObject();
            g.writeStringField("engine", e.getEngine());
            writeExecution(e, g);
            if (e.getDurationNanos() >= 0) {
                g.writeNumberField("durationNanos", e.getDurationNanos());
            }
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void writeExecution(Execution e, JsonGenerator g) throws IOException {
        g.writeStringField("status", e.getStatus().label());
        if (e.getStarted() != null) {
            g.writeStringField("started", e.getStarted().toString());
        }
        if (e.getCompleted() != null) {
            g.writeStringField("completed", e.getCompleted().toString());
        }
        writeIfPresent(g, "statusMessage", e.getStatusMessage());
    }

    private static void writeValue(Object v, JsonGenerator g) throws IOException {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof String s) {
            g.writeString(s);
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
            g.writeNumber(((Number) v).longValue());
        } else if (v instanceof Number n) {
            g.writeNumber(n.doubleValue());
        } else if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                g.writeFieldName(String.valueOf(e.getKey()));
                writeValue(e.getValue(), g);
            }
            g.writeEndObject();
        } else if (v instanceof Iterable<?> list) {
            g.writeStartArray();
            for (Object o : list) {
                writeValue(o, g);
            }
            g.writeEndArray();
        } else {
            g.writeString(v.toString());
        }
    }

    private static void writeIfPresent(JsonGenerator g, String field, String value) throws IOException {
        if (value != null) {
            g.writeStringField(field, value);
        }
    }
}
