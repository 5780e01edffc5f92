package dev.camelsuite.enhancer.content;

import java.util.List;
import java.util.Objects;

/**
 * A suggestion that a text annotation mentions a known entity: Stanbol's {@code fise:EntityAnnotation}, linked to its
 * text annotation ({@code dc:relation}).
 */
public final class EntityAnnotation {

    private final String id;
    private final String reference;
    private final String label;
    private final String labelLanguage;
    private final List<String> types;
    private final double confidence;
    private final String engine;
    private final TextAnnotation textAnnotation;

    EntityAnnotation(String id, String reference, String label, String labelLanguage, List<String> types,
                     double confidence, String engine, TextAnnotation textAnnotation) {
        this.id = id;
        this.reference = reference;
        this.label = label;
        this.labelLanguage = labelLanguage;
        this.types = types == null ? List.of() : List.copyOf(types);
        this.confidence = confidence;
        this.engine = engine;
        this.textAnnotation = textAnnotation;
    }

    public String getId() {
        return id;
    }

    /** IRI of the entity ({@code fise:entity-reference}). */
    public String getReference() {
        return reference;
    }

    public String getLabel() {
        return label;
    }

    /** The language of the label when it is not the text's (e.g. asked for by the request), else null. */
    public String getLabelLanguage() {
        return labelLanguage;
    }

    /** IRIs of the entity's types ({@code fise:entity-type}). */
    public List<String> getTypes() {
        return types;
    }

    public double getConfidence() {
        return confidence;
    }

    public String getEngine() {
        return engine;
    }

    /** The text annotation this entity was suggested for, or null. */
    public TextAnnotation getTextAnnotation() {
        return textAnnotation;
    }

    @Override
    public String toString() {
        return label + " <" + reference + "> " + types + " (" + confidence + ") by " + engine;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof EntityAnnotation other)) {
            return false;
        }
        return Double.compare(confidence, other.confidence) == 0 && id.equals(other.id)
               && reference.equals(other.reference) && Objects.equals(label, other.label)
               && Objects.equals(labelLanguage, other.labelLanguage) && types.equals(other.types)
               && Objects.equals(engine, other.engine)
               && Objects.equals(textAnnotation == null ? null : textAnnotation.getId(),
                       other.textAnnotation == null ? null : other.textAnnotation.getId());
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, reference);
    }
}
