package dev.camelsuite.enhancer.engines.dictionary;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

import dev.camelsuite.enhancer.content.EntityStatement;
import dev.camelsuite.enhancer.engines.LanguageCodes;

/**
 * The entities a dictionary engine finds in texts: each with a reference IRI, its types, its labels — a label being
 * in one language or in every language — and the other statements its source makes about it (a picture, a
 * definition), kept for dereferencing. Read from CSV or RDF ({@link #load(String)}, {@link #loader()}), or built in
 * Java ({@link #builder()}). Immutable once built.
 */
public final class Vocabulary {

    /** The vocabulary written for this project's demo: cities, countries, rivers, organisations, people. */
    public static final String SAMPLE_TURTLE = "classpath:dev/camelsuite/enhancer/engines/vocabulary/sample.ttl";
    /** The same vocabulary as CSV. */
    public static final String SAMPLE_CSV = "classpath:dev/camelsuite/enhancer/engines/vocabulary/sample.csv";

    static final String RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";

    /** SKOS's kinds of labels. */
    public enum LabelKind {
        /** The entity's name ({@code skos:prefLabel}): matched, and shown as the entity's label. */
        PREFERRED(LabelProperties.PREF_LABEL),
        /** Another name ({@code skos:altLabel}): matched. */
        ALTERNATIVE(LabelProperties.ALT_LABEL),
        /** A name to match but never show, e.g. a common misspelling ({@code skos:hiddenLabel}). */
        HIDDEN(LabelProperties.HIDDEN_LABEL);

        private final String skosProperty;

        LabelKind(String skosProperty) {
            this.skosProperty = skosProperty;
        }

        /** SKOS's property for labels of this kind. */
        public String skosProperty() {
            return skosProperty;
        }
    }

    /**
     * One label of an entity; its language is null when it names the entity in every language; its property is the
     * one its source gave it with ({@code skos:prefLabel}, {@code rdfs:label} …), SKOS's for its kind by default.
     */
    public record Label(String text, String language, LabelKind kind, String property) {

        public Label {
            if (text == null || text.isBlank()) {
                throw new IllegalArgumentException("A label needs a text");
            }
            text = text.strip();
            language = LanguageCodes.normalize(language);
            kind = Objects.requireNonNull(kind, "kind");
            property = property == null ? kind.skosProperty() : property;
        }

        /** A label given with SKOS's property for its kind. */
        public Label(String text, String language, LabelKind kind) {
            this(text, language, kind, null);
        }
    }

    /**
     * An entity: reference IRI, types (IRIs), labels, and the other statements its source makes about it (not its
     * labels, not its types).
     */
    public record Entity(String reference, List<String> types, List<Label> labels, List<EntityStatement> statements) {

        public Entity {
            if (reference == null || reference.isBlank()) {
                throw new IllegalArgumentException("An entity needs a reference IRI");
            }
            types = List.copyOf(types);
            labels = List.copyOf(labels);
            statements = List.copyOf(statements);
            if (labels.isEmpty()) {
                throw new IllegalArgumentException("Entity <" + reference + "> has no label");
            }
        }

        public Entity(String reference, List<String> types, List<Label> labels) {
            this(reference, types, labels, List.of());
        }

        /** Everything the vocabulary says of the entity: its labels, its types and its other statements. */
        public List<EntityStatement> description() {
            List<EntityStatement> all = new ArrayList<>(labels.size() + types.size() + statements.size());
            for (Label l : labels) {
                all.add(EntityStatement.text(reference, l.property(), l.text(), l.language()));
            }
            for (String type : types) {
                all.add(EntityStatement.iri(reference, RDF_TYPE, type));
            }
            all.addAll(statements);
            return all;
        }

        /** The entity's preferred label in exactly this language, or null. */
        public String preferredLabelIn(String language) {
            String lang = LanguageCodes.normalize(language);
            return lang == null ? null : labels.stream().filter(l -> l.kind() == LabelKind.PREFERRED
                                                                     && lang.equals(l.language()))
                    .map(Label::text).findFirst().orElse(null);
        }

        /**
         * The label to show for this entity in a text of the given language: the preferred label in that language,
         * else one for every language, else any preferred label, else its first label.
         */
        public String labelFor(String language) {
            String own = preferredLabelIn(language);
            if (own != null) {
                return own;
            }
            Label anyPreferred = null;
            for (Label l : labels) {
                if (l.kind() == LabelKind.PREFERRED && l.language() == null) {
                    return l.text();
                }
                anyPreferred = anyPreferred == null && l.kind() == LabelKind.PREFERRED ? l : anyPreferred;
            }
            return anyPreferred != null ? anyPreferred.text() : labels.get(0).text();
        }
    }

    private final String source;
    private final List<Entity> entities;
    private final Map<String, Entity> byReference;
    private final Set<String> languages;
    private final boolean hasLanguageNeutralLabels;
    private final int labelCount;

    Vocabulary(String source, List<Entity> entities) {
        this.source = source;
        this.entities = Collections.unmodifiableList(entities);
        this.byReference = new HashMap<>(entities.size() * 4 / 3 + 1);
        Set<String> langs = new TreeSet<>();
        boolean neutral = false;
        int labels = 0;
        for (Entity e : this.entities) {
            byReference.put(e.reference(), e);
            labels += e.labels().size();
            for (Label l : e.labels()) {
                if (l.language() == null) {
                    neutral = true;
                } else {
                    langs.add(l.language());
                }
            }
        }
        this.languages = Collections.unmodifiableSet(langs);
        this.hasLanguageNeutralLabels = neutral;
        this.labelCount = labels;
    }

    /**
     * Loads a vocabulary from {@code classpath:path} or a file path (optionally {@code file:path}), with the default
     * label properties and within the heap the JVM has left; the format comes from the file's extension:
     * {@code .csv} (see {@link CsvVocabularyReader}), {@code .ttl} (Turtle), {@code .nt} (N-Triples), {@code .rdf},
     * {@code .owl} or {@code .xml} (RDF/XML), each also gzipped ({@code .nt.gz}). See {@link VocabularyLoader}.
     */
    public static Vocabulary load(String location) {
        return loader().load(location);
    }

    /** Reading with settings of one's own: the label properties of RDF, the heap it may take. */
    public static VocabularyLoader loader() {
        return new VocabularyLoader();
    }

    /** The vocabulary written for this project's demo (SKOS, {@link #SAMPLE_TURTLE}). */
    public static Vocabulary sample() {
        return load(SAMPLE_TURTLE);
    }

    public static VocabularyBuilder builder() {
        return new VocabularyBuilder("java");
    }

    /** Where the vocabulary was read from (for messages). */
    public String getSource() {
        return source;
    }

    public List<Entity> getEntities() {
        return entities;
    }

    /** The entity with this reference IRI, or null. */
    public Entity entity(String reference) {
        return byReference.get(reference);
    }

    public int size() {
        return entities.size();
    }

    /** How many labels its entities have in all. */
    public int labelCount() {
        return labelCount;
    }

    /** The languages some label is in (labels for every language not counted). */
    public Set<String> getLanguages() {
        return languages;
    }

    /** Whether some label names its entity in every language. */
    public boolean hasLanguageNeutralLabels() {
        return hasLanguageNeutralLabels;
    }

    @Override
    public String toString() {
        return "Vocabulary[" + source + ", " + entities.size() + " entities, languages " + languages + "]";
    }
}
