package dev.camelsuite.enhancer.engines.dictionary;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

import dev.camelsuite.enhancer.engines.LanguageCodes;

/**
 * The entities a dictionary engine finds in texts: each with a reference IRI, its types and its labels, a label
 * being in one language or in every language. Read from CSV or SKOS ({@link #load(String)}), or built in Java
 * ({@link #builder()}). Immutable once built.
 */
public final class Vocabulary {

    /** The vocabulary written for this project's demo: cities, countries, rivers, organisations, people. */
    public static final String SAMPLE_TURTLE = "classpath:dev/camelsuite/enhancer/engines/vocabulary/sample.ttl";
    /** The same vocabulary as CSV. */
    public static final String SAMPLE_CSV = "classpath:dev/camelsuite/enhancer/engines/vocabulary/sample.csv";

    /** SKOS's kinds of labels. */
    public enum LabelKind {
        /** The entity's name ({@code skos:prefLabel}): matched, and shown as the entity's label. */
        PREFERRED,
        /** Another name ({@code skos:altLabel}): matched. */
        ALTERNATIVE,
        /** A name to match but never show, e.g. a common misspelling ({@code skos:hiddenLabel}). */
        HIDDEN
    }

    /** One label of an entity; its language is null when it names the entity in every language. */
    public record Label(String text, String language, LabelKind kind) {

        public Label {
            if (text == null || text.isBlank()) {
                throw new IllegalArgumentException("A label needs a text");
            }
            text = text.strip();
            language = LanguageCodes.normalize(language);
            kind = Objects.requireNonNull(kind, "kind");
        }
    }

    /** An entity: reference IRI, types (IRIs) and labels. */
    public record Entity(String reference, List<String> types, List<Label> labels) {

        public Entity {
            if (reference == null || reference.isBlank()) {
                throw new IllegalArgumentException("An entity needs a reference IRI");
            }
            types = List.copyOf(types);
            labels = List.copyOf(labels);
            if (labels.isEmpty()) {
                throw new IllegalArgumentException("Entity <" + reference + "> has no label");
            }
        }

        /** The entity's preferred label in exactly this language, or null. */
        public String preferredLabelIn(String language) {
            String lang = LanguageCodes.normalize(language);
            for (Label l : labels) {
                if (l.kind() == LabelKind.PREFERRED && lang != null && lang.equals(l.language())) {
                    return l.text();
                }
            }
            return null;
        }

        /**
         * The label to show for this entity in a text of the given language: the preferred label in that language,
         * else one for every language, else any preferred label, else its first label.
         */
        public String labelFor(String language) {
            String lang = LanguageCodes.normalize(language);
            Label neutral = null;
            Label anyPreferred = null;
            for (Label l : labels) {
                if (l.kind() != LabelKind.PREFERRED) {
                    continue;
                }
                if (lang != null && lang.equals(l.language())) {
                    return l.text();
                }
                if (l.language() == null && neutral == null) {
                    neutral = l;
                }
                if (anyPreferred == null) {
                    anyPreferred = l;
                }
            }
            return neutral != null ? neutral.text() : anyPreferred != null ? anyPreferred.text() : labels.get(0).text();
        }
    }

    private final String source;
    private final List<Entity> entities;
    private final Set<String> languages;
    private final boolean hasLanguageNeutralLabels;
    private final int labelCount;

    private Vocabulary(String source, List<Entity> entities) {
        this.source = source;
        this.entities = List.copyOf(entities);
        Set<String> langs = new TreeSet<>();
        boolean neutral = false;
        int labels = 0;
        for (Entity e : this.entities) {
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
     * Loads a vocabulary from {@code classpath:path} or a file path (optionally {@code file:path}); the format comes
     * from the file's extension: {@code .csv} (see {@link CsvVocabularyReader}), {@code .ttl} (Turtle), {@code .nt}
     * (N-Triples), {@code .rdf}, {@code .owl} or {@code .xml} (RDF/XML) — the RDF ones read as SKOS.
     */
    public static Vocabulary load(String location) {
        if (location == null || location.isBlank()) {
            throw new IllegalArgumentException("A vocabulary location is needed (classpath:… or a file path)");
        }
        String path = location.startsWith("classpath:") ? location.substring("classpath:".length())
                : location.startsWith("file:") ? location.substring("file:".length()) : location;
        String lower = path.toLowerCase(Locale.ROOT);
        try (InputStream in = open(location, path)) {
            if (lower.endsWith(".csv")) {
                return CsvVocabularyReader.read(new InputStreamReader(in, StandardCharsets.UTF_8), location);
            }
            SkosVocabularyReader.Syntax syntax = SkosVocabularyReader.Syntax.ofFileName(lower);
            if (syntax == null) {
                throw new IllegalArgumentException("Unknown vocabulary format of " + location
                                                   + ": use .csv, .ttl (Turtle), .nt (N-Triples) or .rdf (RDF/XML)");
            }
            return SkosVocabularyReader.read(in, syntax, location);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read vocabulary " + location, e);
        }
    }

    private static InputStream open(String location, String path) throws IOException {
        if (location.startsWith("classpath:")) {
            String resource = path.startsWith("/") ? path.substring(1) : path;
            ClassLoader tccl = Thread.currentThread().getContextClassLoader();
            InputStream in = tccl == null ? null : tccl.getResourceAsStream(resource);
            if (in == null) {
                in = Vocabulary.class.getClassLoader().getResourceAsStream(resource);
            }
            if (in == null) {
                throw new IllegalArgumentException("No vocabulary at " + location);
            }
            return in;
        }
        try {
            return Files.newInputStream(Path.of(path));
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("No vocabulary at " + location, e);
        }
    }

    /** The vocabulary written for this project's demo (SKOS, {@link #SAMPLE_TURTLE}). */
    public static Vocabulary sample() {
        return load(SAMPLE_TURTLE);
    }

    public static Builder builder() {
        return new Builder("java");
    }

    /** Where the vocabulary was read from (for messages). */
    public String getSource() {
        return source;
    }

    public List<Entity> getEntities() {
        return entities;
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

    /**
     * Collects entities; several calls for one reference add to the same entity (its types and labels are merged, a
     * label already there is not added twice).
     */
    public static final class Builder {

        private final String source;
        private final Map<String, Set<String>> types = new LinkedHashMap<>();
        private final Map<String, Map<String, Label>> labels = new LinkedHashMap<>();

        Builder(String source) {
            this.source = source;
        }

        /** Adds the entity (if new) and these types to it. */
        public Builder entity(String reference, String... entityTypes) {
            return entity(reference, List.of(entityTypes));
        }

        public Builder entity(String reference, List<String> entityTypes) {
            if (reference == null || reference.isBlank()) {
                throw new IllegalArgumentException("An entity needs a reference IRI");
            }
            Set<String> t = types.computeIfAbsent(reference, k -> new LinkedHashSet<>());
            for (String type : entityTypes) {
                if (type != null && !type.isBlank()) {
                    t.add(type.strip());
                }
            }
            labels.computeIfAbsent(reference, k -> new LinkedHashMap<>());
            return this;
        }

        /** Adds a label to the entity (added if new); {@code language} null for every language. */
        public Builder label(String reference, String text, String language, LabelKind kind) {
            entity(reference, List.of());
            Label label = new Label(text, language, kind);
            // the same text in the same language once; the stronger kind wins
            String key = label.language() + "\u0000" + label.text();
            labels.get(reference).merge(key, label,
                    (old, added) -> added.kind().ordinal() < old.kind().ordinal() ? added : old);
            return this;
        }

        /** Whether the entity already has a preferred label in this language (null: for every language). */
        boolean hasPreferred(String reference, String language) {
            Map<String, Label> l = labels.get(reference);
            if (l == null) {
                return false;
            }
            String lang = LanguageCodes.normalize(language);
            for (Label label : l.values()) {
                if (label.kind() == LabelKind.PREFERRED && Objects.equals(label.language(), lang)) {
                    return true;
                }
            }
            return false;
        }

        public Vocabulary build() {
            List<Entity> entities = new ArrayList<>(types.size());
            for (Map.Entry<String, Set<String>> e : types.entrySet()) {
                Collection<Label> l = labels.get(e.getKey()).values();
                if (l.isEmpty()) {
                    throw new IllegalArgumentException("Vocabulary " + source + ": entity <" + e.getKey()
                                                       + "> has no label");
                }
                entities.add(new Entity(e.getKey(), new ArrayList<>(e.getValue()), new ArrayList<>(l)));
            }
            return new Vocabulary(source, entities);
        }
    }
}
