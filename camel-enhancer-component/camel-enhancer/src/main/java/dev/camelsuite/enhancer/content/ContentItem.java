package dev.camelsuite.enhancer.content;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.stream.Collectors;

import dev.camelsuite.enhancer.metadata.ExecutionMetadata;

/**
 * What a chain enhances: the text (and/or binary parts) of one document, the annotations engines add to it, and the
 * execution metadata of the chain that ran over it.
 * <p>
 * Synchronous engines run while the job manager holds {@link #getLock() the item's write lock}; asynchronous ones take
 * it themselves for what they touch. The methods that add to the item take the write lock too, so an engine cannot
 * corrupt the item by forgetting it.
 */
public final class ContentItem {

    /** Prefix of the default content item id, as Apache Stanbol builds it. */
    public static final String URI_PREFIX = "urn:content-item-sha1-";
    public static final String TEXT_PLAIN = "text/plain";

    private final ReadWriteLock lock = new ReentrantReadWriteLock();
    private final List<TextAnnotation> annotations = new ArrayList<>();
    /** The text annotations by id, so that an entity's mention is checked in constant time, not by a scan. */
    private final Map<String, TextAnnotation> annotationsById = new HashMap<>();
    private final List<EntityAnnotation> entities = new ArrayList<>();
    private final Map<String, ContentPart> parts = new LinkedHashMap<>();
    private final List<DocumentMetadata> documentMetadata = new ArrayList<>();
    private final EntityDescriptions entityDescriptions = new EntityDescriptions(lock);
    private volatile String uri;
    private volatile String referenceId;
    private volatile String text;
    private volatile String mediaType;
    private volatile String language;
    private volatile ExecutionMetadata executionMetadata;
    private volatile EnhancementProperties properties = EnhancementProperties.NONE;
    private int nextAnnotation = 1;
    private int nextEntity = 1;

    private ContentItem(String uri, String text, String mediaType) {
        this.uri = uri;
        this.text = text;
        this.mediaType = mediaType;
    }

    /** An item holding plain text; its id defaults to {@code urn:content-item-sha1-<sha1 of the text>}. */
    public static ContentItem ofText(String text) {
        return ofText(null, text);
    }

    /** An item with the given id ({@code null} for the default one) holding plain text. */
    public static ContentItem ofText(String uri, String text) {
        if (text == null) {
            throw new IllegalArgumentException("The text of a content item must not be null");
        }
        return new ContentItem(uri, text, TEXT_PLAIN);
    }

    /**
     * The media type of bytes that came without one: {@code text/plain} when they read as UTF-8 text, else
     * {@code application/octet-stream}, for an extraction engine to recognise by their bytes (the {@code tika}
     * engine does, as Stanbol's does).
     */
    public static String unstatedType(byte[] data) {
        return ContentBytes.unstatedType(data);
    }

    /**
     * An item from bytes of a media type. Text media types ({@code text/*}) are decoded with their {@code charset}
     * parameter (UTF-8 when absent) and become the item's text — but for documents written in text, HTML, XML and RTF,
     * whose markup is not their text: those, and other bytes, become the {@code content} part, for an extraction
     * engine (the {@code tika} engine) to turn into text.
     */
    public static ContentItem ofBytes(String uri, byte[] data, String mediaType) {
        if (data == null) {
            throw new IllegalArgumentException("The data of a content item must not be null");
        }
        String type = ContentBytes.mediaType(mediaType);
        if (ContentBytes.isText(type)) {
            return new ContentItem(uri, new String(data, ContentBytes.charsetOf(type)), type);
        }
        ContentItem item = new ContentItem(uri, null, type);
        item.parts.put("content", new ContentPart("content", type, data));
        return item;
    }

    /**
     * The item's id: the one given when it was made, else {@code urn:content-item-sha1-<sha1>} of its text (or of its
     * content part), computed on first use.
     */
    public String getUri() {
        String u = uri;
        if (u == null) {
            String t = text;
            ContentPart part = t == null ? getPart("content") : null;
            u = URI_PREFIX + ContentBytes.sha1Hex(t != null ? t.getBytes(StandardCharsets.UTF_8)
                    : part == null ? new byte[0] : part.data());
            uri = u;
        }
        return u;
    }

    /** The id of the request that carries this item (header {@code CamelEnhancerReferenceId}). */
    public String getReferenceId() {
        return referenceId;
    }

    public void setReferenceId(String referenceId) {
        this.referenceId = referenceId;
    }

    /** The plain text, or null when the item only has binary parts and no engine has extracted text yet. */
    public String getText() {
        return text;
    }

    /** Sets the plain text, e.g. from an extraction engine. Annotations already made keep their indices. */
    public void setText(String text) {
        lock.writeLock().lock();
        try {
            this.text = text;
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** Media type of the original content. */
    public String getMediaType() {
        return mediaType;
    }

    public ReadWriteLock getLock() {
        return lock;
    }

    /**
     * The language of the text: the one the caller set, else the language annotation with the highest confidence, or
     * null when nobody knows.
     */
    public String getLanguage() {
        String explicit = language;
        if (explicit != null) {
            return explicit;
        }
        lock.readLock().lock();
        try {
            TextAnnotation best = null;
            for (TextAnnotation a : annotations) {
                if (TextAnnotation.LANGUAGE.equals(a.getType())
                    && (best == null || a.getConfidence() > best.getConfidence())) {
                    best = a;
                }
            }
            return best == null ? null : (String) best.getFeature(TextAnnotation.LANGUAGE_FEATURE);
        } finally {
            lock.readLock().unlock();
        }
    }

    /** Sets the language as the caller knows it; it wins over detected ones. */
    public void setLanguage(String language) {
        this.language = language;
    }

    /** Adds an annotation over {@code text[begin, end)}. */
    public TextAnnotation addAnnotation(String type, int begin, int end, double confidence, String engine,
                                        Map<String, Object> features) {
        AnnotationRules.require(type, confidence);
        lock.writeLock().lock();
        try {
            String t = text;
            if (t == null) {
                throw new IllegalStateException("Content item " + getUri() + " has no text to annotate");
            }
            if (begin < 0 || end < begin || end > t.length()) {
                throw new IllegalArgumentException(
                        "Span [" + begin + ", " + end + ") is outside the text of length " + t.length());
            }
            TextAnnotation a = new TextAnnotation("ta-" + nextAnnotation++, type, begin, end, t.substring(begin, end),
                    confidence, engine, features);
            keep(a);
            return a;
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** Adds an annotation about the whole text (no span). */
    public TextAnnotation addAnnotation(String type, double confidence, String engine, Map<String, Object> features) {
        AnnotationRules.require(type, confidence);
        lock.writeLock().lock();
        try {
            TextAnnotation a = new TextAnnotation("ta-" + nextAnnotation++, type, -1, -1, null, confidence, engine,
                    features);
            keep(a);
            return a;
        } finally {
            lock.writeLock().unlock();
        }
    }

    private void keep(TextAnnotation a) {
        annotations.add(a);
        annotationsById.put(a.getId(), a);
    }

    /** States the language of the whole text, as a language detection engine does. */
    public TextAnnotation addLanguage(String languageCode, double confidence, String engine) {
        if (languageCode == null || languageCode.isBlank()) {
            throw new IllegalArgumentException("A language annotation needs a language code");
        }
        return addAnnotation(TextAnnotation.LANGUAGE, confidence, engine,
                Map.of(TextAnnotation.LANGUAGE_FEATURE, languageCode));
    }

    /** Suggests an entity for a text annotation (which may be null when the entity is about the whole text). */
    public EntityAnnotation addEntity(String reference, String label, List<String> types, double confidence,
                                      String engine, TextAnnotation textAnnotation) {
        return addEntity(reference, label, null, types, confidence, engine, textAnnotation);
    }

    /** Suggests an entity for a text annotation, its label in {@code labelLanguage} (null: in the text's language). */
    public EntityAnnotation addEntity(String reference, String label, String labelLanguage, List<String> types,
                                      double confidence, String engine, TextAnnotation textAnnotation) {
        if (reference == null || reference.isBlank()) {
            throw new IllegalArgumentException("An entity annotation needs a reference IRI");
        }
        AnnotationRules.requireConfidence(confidence);
        lock.writeLock().lock();
        try {
            if (textAnnotation != null && !textAnnotation.equals(annotationsById.get(textAnnotation.getId()))) {
                throw new IllegalArgumentException("Text annotation " + textAnnotation.getId()
                                                   + " does not belong to content item " + getUri());
            }
            EntityAnnotation e = new EntityAnnotation("ea-" + nextEntity++, reference, label, labelLanguage, types,
                    confidence, engine, textAnnotation);
            entities.add(e);
            return e;
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** Puts back an annotation read from the wire, keeping its id. */
    void restoreAnnotation(TextAnnotation a) {
        lock.writeLock().lock();
        try {
            keep(a);
            nextAnnotation = Math.max(nextAnnotation, AnnotationRules.numberOf(a.getId()) + 1);
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** Puts back an entity annotation read from the wire, keeping its id. */
    void restoreEntity(EntityAnnotation e) {
        lock.writeLock().lock();
        try {
            entities.add(e);
            nextEntity = Math.max(nextEntity, AnnotationRules.numberOf(e.getId()) + 1);
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** A snapshot of the text annotations, in the order they were added. */
    public List<TextAnnotation> getAnnotations() {
        lock.readLock().lock();
        try {
            return List.copyOf(annotations);
        } finally {
            lock.readLock().unlock();
        }
    }

    /** A snapshot of the text annotations of one type. */
    public List<TextAnnotation> getAnnotationsOfType(String type) {
        return getAnnotations().stream().filter(a -> a.getType().equals(type)).collect(Collectors.toList());
    }

    /** A snapshot of the entity annotations, in the order they were added. */
    public List<EntityAnnotation> getEntities() {
        lock.readLock().lock();
        try {
            return List.copyOf(entities);
        } finally {
            lock.readLock().unlock();
        }
    }

    public void addPart(ContentPart part) {
        lock.writeLock().lock();
        try {
            if (parts.putIfAbsent(part.name(), part) != null) {
                throw new IllegalArgumentException("Content item already has a part named '" + part.name() + "'");
            }
        } finally {
            lock.writeLock().unlock();
        }
    }

    public ContentPart getPart(String name) {
        lock.readLock().lock();
        try {
            return parts.get(name);
        } finally {
            lock.readLock().unlock();
        }
    }

    public Collection<ContentPart> getParts() {
        lock.readLock().lock();
        try {
            return List.copyOf(parts.values());
        } finally {
            lock.readLock().unlock();
        }
    }

    /** The most document metadata one item holds. */
    public static final int MAX_DOCUMENT_METADATA = 1000;

    /**
     * Adds a statement about the document this item holds, as an extraction engine read it (its title, author …);
     * written about the item in its RDF. Past {@value #MAX_DOCUMENT_METADATA} of them, further ones are left out.
     */
    public void addDocumentMetadata(DocumentMetadata metadata) {
        lock.writeLock().lock();
        try {
            if (documentMetadata.size() < MAX_DOCUMENT_METADATA && !documentMetadata.contains(metadata)) {
                documentMetadata.add(metadata);
            }
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** The statements about the document, in the order they were added. */
    public List<DocumentMetadata> getDocumentMetadata() {
        lock.readLock().lock();
        try {
            return List.copyOf(documentMetadata);
        } finally {
            lock.readLock().unlock();
        }
    }

    /** What dereferencing engines copied about the linked entities from their vocabularies; written in the RDF. */
    public EntityDescriptions getEntityDescriptions() {
        return entityDescriptions;
    }

    /** The enhancement properties of the request for this item (Stanbol's), read by the engines that know them. */
    public EnhancementProperties getProperties() {
        return properties;
    }

    public void setProperties(EnhancementProperties properties) {
        this.properties = properties == null ? EnhancementProperties.NONE : properties;
    }

    /** Execution metadata of the chain that ran (or is running) over this item, or null before any chain. */
    public ExecutionMetadata getExecutionMetadata() {
        return executionMetadata;
    }

    public void setExecutionMetadata(ExecutionMetadata executionMetadata) {
        this.executionMetadata = executionMetadata;
    }

    /** The id if it was given or has been computed already; null while computing it is still to come. */
    String knownUri() {
        return uri;
    }

    void restoreMediaType(String mediaType) {
        this.mediaType = mediaType;
    }

    String explicitLanguage() {
        return language;
    }

    @Override
    public String toString() {
        String t = text;
        return "ContentItem[" + (uri != null ? uri : "") + (t == null ? "" : ", " + t.length() + " chars")
               + ", " + annotations.size() + " annotations, " + entities.size() + " entities]";
    }
}
