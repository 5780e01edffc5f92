package dev.camelsuite.enhancer.content;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A statement about a span of the text (or, with no span, about the whole text, as a detected language is):
 * Stanbol's {@code fise:TextAnnotation}. Begin and end are Java {@code String} indices into the item's text.
 */
public final class TextAnnotation {

    /** Type of the annotation that states the language of the whole text (Stanbol's {@code dc:LinguisticSystem}). */
    public static final String LANGUAGE = "language";
    /** Feature of a {@link #LANGUAGE} annotation holding the language code. */
    public static final String LANGUAGE_FEATURE = "language";
    /**
     * Feature holding the IRI of the kind of entity a mention names, e.g. {@code http://dbpedia.org/ontology/Person}:
     * the annotation's {@code dc:type} in RDF, as Stanbol's NER engines write it.
     */
    public static final String ENTITY_TYPE_FEATURE = "entityType";
    /** Type of a sentence of the text's NLP analysis. */
    public static final String SENTENCE = "sentence";
    /** Type of a token of the text's NLP analysis. */
    public static final String TOKEN = "token";
    /** Type of a token's part of speech in the text's NLP analysis: over the token's span, its tag a feature. */
    public static final String POS = "pos";
    /** Feature of a {@link #POS} annotation holding the tag (Universal Dependencies' {@code NOUN}, {@code VERB} …). */
    public static final String POS_TAG_FEATURE = "tag";
    /**
     * The types of the NLP analysis: on the item for the route and the engines after them, but not enhancements
     * (Stanbol keeps them in its {@code AnalysedText} content part, not in the metadata graph), so the RDF of the
     * item leaves them out. A 1 MB text has about 200,000 tokens.
     */
    public static final Set<String> ANALYSIS_TYPES = Set.of(SENTENCE, TOKEN, POS);

    private final String id;
    private final String type;
    private final int begin;
    private final int end;
    private final String coveredText;
    private final double confidence;
    private final String engine;
    private final Map<String, Object> features;

    TextAnnotation(String id, String type, int begin, int end, String coveredText, double confidence, String engine,
                   Map<String, Object> features) {
        this.id = id;
        this.type = type;
        this.begin = begin;
        this.end = end;
        this.coveredText = coveredText;
        this.confidence = confidence;
        this.engine = engine;
        this.features = features == null || features.isEmpty()
                ? Collections.emptyMap() : Collections.unmodifiableMap(new LinkedHashMap<>(features));
    }

    /** Identifier unique within its content item ({@code ta-1}, {@code ta-2}, …); entity annotations link by it. */
    public String getId() {
        return id;
    }

    public String getType() {
        return type;
    }

    /** Start index in the text, or -1 when the annotation is about the whole text. */
    public int getBegin() {
        return begin;
    }

    /** End index (exclusive) in the text, or -1 when the annotation is about the whole text. */
    public int getEnd() {
        return end;
    }

    public boolean hasSpan() {
        return begin >= 0;
    }

    public String getCoveredText() {
        return coveredText;
    }

    /** Confidence in [0, 1]. */
    public double getConfidence() {
        return confidence;
    }

    /** Name of the engine that created the annotation. */
    public String getEngine() {
        return engine;
    }

    public Map<String, Object> getFeatures() {
        return features;
    }

    public Object getFeature(String name) {
        return features.get(name);
    }

    @Override
    public String toString() {
        return type + (hasSpan() ? "[" + begin + "," + end + ") '" + coveredText + "'" : "") + " by " + engine
               + (features.isEmpty() ? "" : " " + features);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof TextAnnotation other)) {
            return false;
        }
        return begin == other.begin && end == other.end && Double.compare(confidence, other.confidence) == 0
               && id.equals(other.id) && type.equals(other.type) && Objects.equals(coveredText, other.coveredText)
               && Objects.equals(engine, other.engine) && features.equals(other.features);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, type, begin, end);
    }
}
