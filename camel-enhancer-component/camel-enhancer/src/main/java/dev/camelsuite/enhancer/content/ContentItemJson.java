package dev.camelsuite.enhancer.content;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import dev.camelsuite.enhancer.chain.ChainElement;
import dev.camelsuite.enhancer.chain.ExecutionPlan;
import dev.camelsuite.enhancer.metadata.EngineExecution;
import dev.camelsuite.enhancer.metadata.Execution;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import dev.camelsuite.enhancer.metadata.ExecutionStatus;

/**
 * The JSON form of a content item (schema in {@code docs/enhancer-component.adoc}), written and read with Jackson's
 * streaming API: no reflection, so it works the same in a native image. Reading rejects malformed input with an
 * {@link IllegalArgumentException} saying what is wrong; unknown fields are skipped.
 */
public final class ContentItemJson {

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64).build())
            .build();

    /** Every item of a chain carries the same plan: parse it once (plans never change once made). */
    private static final PlanCache PLANS = new PlanCache(256);

    private ContentItemJson() {
    }

    /** Plans read from the wire, by chain and elements; bounded, cleared when full. */
    private static final class PlanCache {
        private final int capacity;
        private final java.util.concurrent.ConcurrentHashMap<List<String>, ExecutionPlan> plans =
                new java.util.concurrent.ConcurrentHashMap<>();

        PlanCache(int capacity) {
            this.capacity = capacity;
        }

        ExecutionPlan planOf(String chain, List<String> elements) {
            List<String> key = new ArrayList<>(elements.size() + 1);
            key.add(chain);
            key.addAll(elements);
            ExecutionPlan plan = plans.get(key);
            if (plan == null) {
                List<ChainElement> parsed = new ArrayList<>(elements.size());
                for (String line : elements) {
                    parsed.add(ChainElement.parse(chain, line));
                }
                plan = ExecutionPlan.of(chain, parsed);
                if (plans.size() >= capacity) {
                    plans.clear();
                }
                plans.put(key, plan);
            }
            return plan;
        }
    }

    /**
     * The content a request carried — its text and parts as they were sent — which a reply need not carry back: the
     * requester still holds it.
     */
    public record RequestContent(String text, List<ContentPart> parts) {

        /** The item's content now (the parts listed as they are; their bytes are never changed). */
        public static RequestContent of(ContentItem item) {
            return new RequestContent(item.getText(), List.copyOf(item.getParts()));
        }
    }

    public static String toJson(ContentItem item) {
        StringWriter out = new StringWriter(256);
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            write(item, g, false);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    public static void write(ContentItem item, Writer out) throws IOException {
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            write(item, g, false);
        }
    }

    public static void write(ContentItem item, OutputStream out) throws IOException {
        write(item, out, FACTORY);
    }

    /**
     * Writes the item with another factory of Jackson's streaming API, e.g. Smile's for the compact binary form of
     * the same schema.
     */
    public static void write(ContentItem item, OutputStream out, JsonFactory factory) throws IOException {
        try (JsonGenerator g = factory.createGenerator(out, JsonEncoding.UTF8)) {
            write(item, g, false);
        }
    }

    /**
     * Writes the item for the wire: like {@link #write(ContentItem, OutputStream, JsonFactory)}, but an id that is
     * still to be computed from the content (and the {@code enhances} of metadata bound to it) is left out, so no
     * side hashes the content unless somebody asks for the id; the reader derives it again.
     */
    public static void writeForWire(ContentItem item, OutputStream out, JsonFactory factory) throws IOException {
        writeForWire(item, out, factory, null);
    }

    /**
     * Writes an enhanced item for the wire leaving out the content its request carried — the text, when it is the
     * request's, and the parts the request had, when they are still the same — which the requester holds already;
     * {@link #read(byte[], JsonFactory, RequestContent)} puts them back. Fields {@code requestText} and {@code
     * requestParts} say what was left out. With a null request it writes the whole item.
     */
    public static void writeForWire(ContentItem item, OutputStream out, JsonFactory factory, RequestContent request)
            throws IOException {
        try (JsonGenerator g = factory.createGenerator(out, JsonEncoding.UTF8)) {
            write(item, g, true, request);
        }
    }

    /** Reads an item written with {@link #write(ContentItem, OutputStream, JsonFactory)} and the same factory. */
    public static ContentItem read(byte[] data, JsonFactory factory) {
        return read(data, factory, null);
    }

    /**
     * Reads an item written for the wire against the request it answers: the content the writer left out (see
     * {@link #writeForWire(ContentItem, OutputStream, JsonFactory, RequestContent)}) is taken from {@code request}.
     */
    public static ContentItem read(byte[] data, JsonFactory factory, RequestContent request) {
        return read(data, 0, data.length, factory, request);
    }

    /** Like {@link #read(byte[], JsonFactory, RequestContent)}, from {@code length} bytes of {@code data} at {@code offset}. */
    public static ContentItem read(byte[] data, int offset, int length, JsonFactory factory, RequestContent request) {
        try (JsonParser p = factory.createParser(data, offset, length)) {
            return read(p, request);
        } catch (IOException e) {
            throw new IllegalArgumentException("Malformed content item: " + e.getMessage(), e);
        }
    }

    private static void write(ContentItem item, JsonGenerator g, boolean wire) throws IOException {
        write(item, g, wire, null);
    }

    private static void write(ContentItem item, JsonGenerator g, boolean wire, RequestContent request)
            throws IOException {
        item.getLock().readLock().lock();
        try {
            g.writeStartObject();
            String uri = wire ? item.knownUri() : item.getUri();
            if (uri != null) {
                g.writeStringField("uri", uri);
            }
            writeIfPresent(g, "referenceId", item.getReferenceId());
            writeIfPresent(g, "mediaType", item.getMediaType());
            String text = item.getText();
            if (request != null && text != null && text.equals(request.text())) {
                g.writeBooleanField("requestText", true);
            } else {
                writeIfPresent(g, "text", text);
            }
            writeIfPresent(g, "language", item.getLanguage());
            writeIfPresent(g, "callerLanguage", item.explicitLanguage());
            EnhancementProperties properties = item.getProperties();
            if (!properties.isEmpty()) {
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
            List<ContentPart> parts = List.copyOf(item.getParts());
            int same = request == null ? 0 : sameParts(parts, request.parts());
            if (same > 0) {
                g.writeNumberField("requestParts", same);
            }
            if (parts.size() > same) {
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
            List<DocumentMetadata> documentMetadata = item.getDocumentMetadata();
            if (!documentMetadata.isEmpty()) {
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
            ExecutionMetadata md = item.getExecutionMetadata();
            if (md != null) {
                g.writeFieldName("executionMetadata");
                writeMetadata(md, g, wire && md.getChainExecution().isBoundToItem() && item.knownUri() == null);
            }
            g.writeEndObject();
        } finally {
            item.getLock().readLock().unlock();
        }
    }

    /** How many leading parts of the item are the request's own (same name and the very same bytes). */
    private static int sameParts(List<ContentPart> parts, List<ContentPart> requestParts) {
        int same = 0;
        while (same < parts.size() && same < requestParts.size()
               && parts.get(same).name().equals(requestParts.get(same).name())
               && parts.get(same).data() == requestParts.get(same).data()) {
            same++;
        }
        // all or none: a request part the chain left behind is not written, and the reader restores them in order
        return same == requestParts.size() ? same : 0;
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

    // ---------------------------------------------------------------- reading

    public static ContentItem fromJson(String json) {
        try (JsonParser p = FACTORY.createParser(json)) {
            return read(p);
        } catch (IOException e) {
            throw new IllegalArgumentException("Malformed content item JSON: " + e.getMessage(), e);
        }
    }

    public static ContentItem fromJson(InputStream json) {
        try (JsonParser p = FACTORY.createParser(json)) {
            return read(p);
        } catch (IOException e) {
            throw new IllegalArgumentException("Malformed content item JSON: " + e.getMessage(), e);
        }
    }

    private static ContentItem read(JsonParser p) throws IOException {
        return read(p, null);
    }

    private static ContentItem read(JsonParser p, RequestContent request) throws IOException {
        expect(p.nextToken(), JsonToken.START_OBJECT, "a content item object");
        Map<String, Object> fields = new HashMap<>();
        List<Map<String, Object>> annotations = List.of();
        List<Map<String, Object>> entities = List.of();
        List<Map<String, Object>> parts = List.of();
        List<Map<String, Object>> documentMetadata = List.of();
        Map<String, Object> metadata = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken t = p.nextToken();
            switch (name) {
                case "annotations" -> annotations = readObjects(p, t, name);
                case "entities" -> entities = readObjects(p, t, name);
                case "parts" -> parts = readObjects(p, t, name);
                case "documentMetadata" -> documentMetadata = readObjects(p, t, name);
                case "executionMetadata" -> metadata = asObject(readValue(p, t), name);
                default -> fields.put(name, readValue(p, t));
            }
        }
        // absent on the wire when it is derived from the content
        String uri = string(fields, "uri", false);
        String text = string(fields, "text", false);
        boolean requestText = Boolean.TRUE.equals(fields.get("requestText"));
        Number requestParts = fields.get("requestParts") instanceof Number n ? n : null;
        if ((requestText || requestParts != null) && request == null) {
            throw new IllegalArgumentException("The item leaves out its request's content and no request is at hand");
        }
        if (requestText) {
            text = request.text();
        }
        if (requestParts != null) {
            List<ContentPart> held = request.parts();
            if (requestParts.intValue() < 0 || requestParts.intValue() > held.size()) {
                throw new IllegalArgumentException("The item names " + requestParts + " parts of its request, which has "
                                                   + held.size());
            }
            List<Map<String, Object>> all = new ArrayList<>();
            for (ContentPart part : held.subList(0, requestParts.intValue())) {
                all.add(Map.of("name", part.name(), "mediaType", part.mediaType(), "bytes", part.data()));
            }
            all.addAll(parts);
            parts = all;
        }
        String mediaType = string(fields, "mediaType", false);
        ContentItem item;
        if (text != null) {
            item = ContentItem.ofText(uri, text);
        } else {
            Map<String, Object> first = parts.isEmpty() ? null : parts.get(0);
            if (first == null) {
                throw new IllegalArgumentException("Content item " + (uri == null ? "" : uri + " ") + "has neither text nor parts");
            }
            item = ContentItem.ofBytes(uri, decode(first), string(first, "mediaType", true));
            parts = parts.subList(1, parts.size());
        }
        item.setReferenceId(string(fields, "referenceId", false));
        item.setLanguage(string(fields, "callerLanguage", false));
        if (fields.get("properties") != null) {
            item.setProperties(EnhancementProperties.of(asObject(fields.get("properties"), "properties")));
        }
        for (Map<String, Object> part : parts) {
            item.addPart(new ContentPart(string(part, "name", true), string(part, "mediaType", true), decode(part)));
        }
        Map<String, TextAnnotation> byId = new HashMap<>();
        for (Map<String, Object> a : annotations) {
            TextAnnotation ta = readAnnotation(item, a);
            byId.put(ta.getId(), ta);
            item.restoreAnnotation(ta);
        }
        for (Map<String, Object> e : entities) {
            String link = string(e, "annotation", false);
            TextAnnotation ta = link == null ? null : byId.get(link);
            if (link != null && ta == null) {
                throw new IllegalArgumentException("Entity annotation links to unknown text annotation '" + link + "'");
            }
            List<String> types = new ArrayList<>();
            Object rawTypes = e.get("types");
            if (rawTypes instanceof List<?> list) {
                for (Object o : list) {
                    types.add(String.valueOf(o));
                }
            }
            item.restoreEntity(new EntityAnnotation(string(e, "id", true), string(e, "reference", true),
                    string(e, "label", false), string(e, "labelLanguage", false), types, number(e, "confidence").doubleValue(),
                    string(e, "engine", false), ta));
        }
        for (Map<String, Object> m : documentMetadata) {
            item.addDocumentMetadata(new DocumentMetadata(string(m, "property", true), string(m, "value", true),
                    string(m, "datatype", false)));
        }
        if (metadata != null) {
            item.setExecutionMetadata(readMetadata(metadata, item));
        }
        if (mediaType != null && text != null && !ContentItem.TEXT_PLAIN.equals(mediaType)) {
            item.restoreMediaType(mediaType);
        }
        return item;
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
            return value == null ? null : parseInstant(value);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("Field '" + field + "' is not an ISO-8601 instant: " + value, e);
        }
    }

    /**
     * Reads an instant as {@link Instant#toString()} writes it ({@code 2026-01-11T12:13:14.156Z}) without the general
     * formatter, which is a hot spot when every reply carries a few; anything else goes to {@link Instant#parse}.
     */
    static Instant parseInstant(String s) {
        int n = s.length();
        if (n >= 20 && n <= 30 && s.charAt(4) == '-' && s.charAt(7) == '-' && s.charAt(10) == 'T'
            && s.charAt(13) == ':' && s.charAt(16) == ':' && s.charAt(n - 1) == 'Z' && (n == 20 || s.charAt(19) == '.')) {
            int year = digits(s, 0, 4);
            int month = digits(s, 5, 7);
            int day = digits(s, 8, 10);
            int hour = digits(s, 11, 13);
            int minute = digits(s, 14, 16);
            int second = digits(s, 17, 19);
            int fraction = n == 20 ? 0 : digits(s, 20, n - 1);
            int fractionDigits = n == 20 ? 0 : n - 21;
            if (year >= 0 && month >= 1 && month <= 12 && day >= 1 && hour >= 0 && hour < 24 && minute >= 0
                && minute < 60 && second >= 0 && second < 60 && fraction >= 0 && fractionDigits <= 9
                && day <= java.time.YearMonth.of(year, month).lengthOfMonth()) {
                long epochDay = java.time.LocalDate.of(year, month, day).toEpochDay();
                int nanos = fraction;
                for (int i = fractionDigits; i < 9; i++) {
                    nanos *= 10;
                }
                return Instant.ofEpochSecond(epochDay * 86_400L + hour * 3_600L + minute * 60L + second, nanos);
            }
        }
        return Instant.parse(s);
    }

    /** The number written in {@code s[from, to)}, or -1 when it is not all digits. */
    private static int digits(String s, int from, int to) {
        if (to <= from) {
            return -1;
        }
        int v = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
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

    private static List<Map<String, Object>> readObjects(JsonParser p, JsonToken t, String field) throws IOException {
        Object v = readValue(p, t);
        if (!(v instanceof List<?> list)) {
            throw new IllegalArgumentException("Field '" + field + "' must be an array");
        }
        List<Map<String, Object>> result = new ArrayList<>(list.size());
        for (Object o : list) {
            result.add(asObject(o, field));
        }
        return result;
    }

    private static Object readValue(JsonParser p, JsonToken t) throws IOException {
        if (t == null) {
            throw new IllegalArgumentException("Content item JSON ends too early");
        }
        switch (t) {
            case START_OBJECT: {
                Map<String, Object> map = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    map.put(name, readValue(p, p.nextToken()));
                }
                return map;
            }
            case START_ARRAY: {
                List<Object> list = new ArrayList<>();
                JsonToken next;
                while ((next = p.nextToken()) != JsonToken.END_ARRAY) {
                    list.add(readValue(p, next));
                }
                return list;
            }
            case VALUE_STRING:
                return p.getText();
            case VALUE_NUMBER_INT:
                // an int written by Java reads back as an Integer, so features compare equal after a round trip
                long v = p.getLongValue();
                return v == (int) v ? (Object) (int) v : (Object) v;
            case VALUE_NUMBER_FLOAT:
                return p.getDoubleValue();
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NULL:
                return null;
            default:
                throw new IllegalArgumentException("Unexpected " + t + " in content item JSON");
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asObject(Object v, String field) {
        if (v instanceof Map<?, ?> m) {
            return (Map<String, Object>) m;
        }
        throw new IllegalArgumentException("Field '" + field + "' must hold objects");
    }

    private static String string(Map<String, Object> m, String field, boolean required) {
        Object v = m.get(field);
        if (v == null) {
            if (required) {
                throw new IllegalArgumentException("Field '" + field + "' is missing");
            }
            return null;
        }
        if (!(v instanceof String s)) {
            throw new IllegalArgumentException("Field '" + field + "' must be a string");
        }
        return s;
    }

    private static Number number(Map<String, Object> m, String field) {
        Object v = m.get(field);
        if (!(v instanceof Number n)) {
            throw new IllegalArgumentException("Field '" + field + "' must be a number");
        }
        return n;
    }

    private static void expect(JsonToken actual, JsonToken expected, String what) {
        if (actual != expected) {
            throw new IllegalArgumentException("Content item JSON must start with " + what + " but has " + actual);
        }
    }
}
