package dev.camelsuite.enhancer.engines.dictionary;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import dev.camelsuite.enhancer.content.EntityStatement;
import dev.camelsuite.enhancer.engines.LanguageCodes;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary.Entity;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary.Label;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary.LabelKind;

/**
 * Collects entities; several calls for one reference add to the same entity (its types, labels and statements are
 * merged, each kept once). Texts that repeat across entities — property and type IRIs, languages, datatypes — are
 * kept once ({@link SharedStrings}). Keeps an estimate of the heap what it holds will take once the vocabulary is
 * built and indexed, and has it checked against a {@link HeapBudget} as it grows.
 */
public final class VocabularyBuilder {

    /** Estimated bytes, once built and indexed, of an entity (its record, lists and place in the lookups). */
    static final int ENTITY_BYTES = 160;
    /** Of a label: its record, and its place and link in the dictionary engine's label index. */
    static final int LABEL_BYTES = 150;
    /** Of a statement other than a label or a type: its record. */
    static final int STATEMENT_BYTES = 48;
    /** Of a type: a reference to a shared IRI. */
    static final int TYPE_BYTES = 8;
    private static final int CHECK_EVERY = 4096;

    private final String source;
    private final SharedStrings shared = new SharedStrings();
    private final Map<String, EntityDraft> drafts = new LinkedHashMap<>();
    private HeapBudget budget = HeapBudget.NONE;
    private long bytes;
    private int sinceCheck;

    VocabularyBuilder(String source) {
        this.source = source;
    }

    /** Checks what is kept against the budget as it grows. */
    VocabularyBuilder within(HeapBudget heapBudget) {
        this.budget = heapBudget;
        return this;
    }

    /** Adds the entity (if new) and these types to it. */
    public VocabularyBuilder entity(String reference, String... entityTypes) {
        return entity(reference, List.of(entityTypes));
    }

    public VocabularyBuilder entity(String reference, List<String> entityTypes) {
        EntityDraft draft = draft(reference);
        for (String type : entityTypes) {
            if (type != null && !type.isBlank() && draft.addType(shared.share(type.strip()))) {
                kept(TYPE_BYTES);
            }
        }
        return this;
    }

    /** Adds a label to the entity (added if new); {@code language} null for every language. */
    public VocabularyBuilder label(String reference, String text, String language, LabelKind kind) {
        return label(reference, text, language, kind, null);
    }

    /** Adds a label given with {@code property} (an IRI; null: SKOS's for its kind). */
    public VocabularyBuilder label(String reference, String text, String language, LabelKind kind, String property) {
        EntityDraft draft = draft(reference);
        Label label = new Label(text, shared.share(LanguageCodes.normalize(language)), kind, shared.share(property));
        draft.addLabel(label);
        kept(LABEL_BYTES + stringBytes(label.text()));
        return this;
    }

    /** Adds a statement about the entity (added if new) other than its labels and types, kept for dereferencing. */
    public VocabularyBuilder statement(EntityStatement statement) {
        EntityDraft draft = draft(statement.entity());
        EntityStatement s = new EntityStatement(draft.reference, shared.share(statement.property()), statement.value(),
                statement.iri(), shared.share(statement.language()), shared.share(statement.datatype()));
        if (draft.addStatement(s)) {
            kept(STATEMENT_BYTES + stringBytes(s.value()));
        }
        return this;
    }

    private EntityDraft draft(String reference) {
        if (reference == null || reference.isBlank()) {
            throw new IllegalArgumentException("An entity needs a reference IRI");
        }
        EntityDraft draft = drafts.get(reference);
        if (draft == null) {
            draft = new EntityDraft(reference);
            drafts.put(reference, draft);
            kept(ENTITY_BYTES + stringBytes(reference));
        }
        return draft;
    }

    private void kept(long more) {
        bytes += more;
        if (++sinceCheck >= CHECK_EVERY) {
            sinceCheck = 0;
            budget.check(bytes);
        }
    }

    /** What a string takes: its object and array, a byte a character (two when one is beyond Latin-1). */
    static long stringBytes(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) > 0xFF) {
                return 40 + 2L * s.length();
            }
        }
        return 40 + s.length();
    }

    /** The estimated heap of what is kept so far, once built and indexed. */
    long estimatedBytes() {
        return bytes;
    }

    /** Whether the entity already has a preferred label in this language (null: for every language). */
    boolean hasPreferred(String reference, String language) {
        EntityDraft draft = drafts.get(reference);
        String lang = LanguageCodes.normalize(language);
        return draft != null && draft.labels.stream()
                .anyMatch(l -> l.kind() == LabelKind.PREFERRED && Objects.equals(l.language(), lang));
    }

    /** The vocabulary; every entity must have a label. */
    public Vocabulary build() {
        return build(draft -> {
            Entity entity = draft.toEntity(shared);
            if (entity == null) {
                throw new IllegalArgumentException("Vocabulary " + source + ": entity <" + draft.reference
                                                   + "> has no label");
            }
            return entity;
        });
    }

    /** The vocabulary of the entities {@code finish} makes of the drafts (null: not an entity), each draft let go. */
    Vocabulary build(Function<EntityDraft, Entity> finish) {
        budget.check(bytes);
        List<Entity> entities = new ArrayList<>(drafts.size());
        for (Iterator<EntityDraft> it = drafts.values().iterator(); it.hasNext(); ) {
            EntityDraft draft = it.next();
            it.remove();
            Entity entity = finish.apply(draft);
            if (entity != null) {
                entities.add(entity);
            }
        }
        return new Vocabulary(source, entities);
    }

    SharedStrings shared() {
        return shared;
    }
}
