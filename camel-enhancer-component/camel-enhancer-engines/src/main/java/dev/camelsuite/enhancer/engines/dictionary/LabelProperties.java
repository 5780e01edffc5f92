package dev.camelsuite.enhancer.engines.dictionary;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import dev.camelsuite.enhancer.engines.NamespacePrefixes;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary.LabelKind;

/**
 * The properties whose values are an RDF entity's labels, and which kind of label each gives: SKOS's
 * {@code skos:prefLabel}, {@code skos:altLabel} and {@code skos:hiddenLabel} their own kinds; any other
 * ({@code rdfs:label}, {@code foaf:name}) a preferred label, unless the entity has a {@code skos:prefLabel}, which
 * says it better (the other is then kept as a statement about the entity, not matched).
 */
public final class LabelProperties {

    static final String SKOS = "http://www.w3.org/2004/02/skos/core#";
    static final String PREF_LABEL = SKOS + "prefLabel";
    static final String ALT_LABEL = SKOS + "altLabel";
    static final String HIDDEN_LABEL = SKOS + "hiddenLabel";

    /** rdfs:label, skos:prefLabel, skos:altLabel, skos:hiddenLabel and foaf:name. */
    public static final List<String> DEFAULT = List.of("rdfs:label", "skos:prefLabel", "skos:altLabel",
            "skos:hiddenLabel", "foaf:name");

    private final List<String> iris;

    private LabelProperties(List<String> iris) {
        this.iris = iris;
    }

    /**
     * Label properties from IRIs or prefixed names ({@link NamespacePrefixes}).
     *
     * @throws IllegalArgumentException for none, or a name that is no IRI
     */
    public static LabelProperties of(List<String> properties) {
        List<String> iris = new ArrayList<>();
        for (String p : properties) {
            String iri = NamespacePrefixes.iri(p);
            if (!iris.contains(iri)) {
                iris.add(iri);
            }
        }
        if (iris.isEmpty()) {
            throw new IllegalArgumentException("A vocabulary needs at least one label property, such as rdfs:label");
        }
        return new LabelProperties(Collections.unmodifiableList(iris));
    }

    static LabelProperties defaults() {
        return of(DEFAULT);
    }

    /** The properties' IRIs. */
    public List<String> iris() {
        return iris;
    }

    /** The kind of label a property gives, or null when it gives none. */
    LabelKind kindOf(String property) {
        if (!iris.contains(property)) {
            return null;
        }
        return switch (property) {
            case ALT_LABEL -> LabelKind.ALTERNATIVE;
            case HIDDEN_LABEL -> LabelKind.HIDDEN;
            default -> LabelKind.PREFERRED;
        };
    }

    /** Whether a label of this property yields to a {@code skos:prefLabel} of its entity. */
    static boolean yieldsToSkos(String property) {
        return !property.startsWith(SKOS);
    }

    @Override
    public String toString() {
        return iris.toString();
    }
}
