package dev.camelsuite.enhancer.engines.dictionary;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import dev.camelsuite.enhancer.content.EntityStatement;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary.Entity;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary.Label;

/**
 * An entity while its source is read: its types, labels and other statements as they come, each once. Small lists
 * rather than sets, since most entities have a handful of each; a set joins a list once it grows, so that a subject
 * of a million statements is not read in quadratic time.
 */
final class EntityDraft {

    private static final int SCAN_LIMIT = 16;

    final String reference;
    final List<String> types = new ArrayList<>(2);
    final List<Label> labels = new ArrayList<>(3);
    final List<EntityStatement> statements = new ArrayList<>(2);
    private Set<Object> seen;

    EntityDraft(String reference) {
        this.reference = reference;
    }

    /** Adds a type; false when it is there already. */
    boolean addType(String type) {
        return isNew(types, type) && types.add(type);
    }

    /**
     * Adds a label. The same text in the same language is one label: of two kinds the stronger stays, and the other,
     * when its property differs, is kept as a statement, so that dereferencing its property still finds it.
     */
    void addLabel(Label label) {
        for (int i = 0; i < labels.size(); i++) {
            Label old = labels.get(i);
            if (old.text().equals(label.text()) && Objects.equals(old.language(), label.language())) {
                boolean stronger = label.kind().ordinal() < old.kind().ordinal();
                Label kept = stronger ? label : old;
                Label other = stronger ? old : label;
                labels.set(i, kept);
                if (!other.property().equals(kept.property())) {
                    addStatement(EntityStatement.text(reference, other.property(), other.text(), other.language()));
                }
                return;
            }
        }
        labels.add(label);
    }

    /** Adds a statement; false when it is there already. */
    boolean addStatement(EntityStatement statement) {
        return isNew(statements, statement) && statements.add(statement);
    }

    private boolean isNew(List<?> list, Object o) {
        if (seen == null && list.size() < SCAN_LIMIT) {
            return !list.contains(o);
        }
        if (seen == null) {
            seen = new HashSet<>();
            seen.addAll(types);
            seen.addAll(statements);
        }
        return seen.add(o);
    }

    /** The entity, its types shared with other entities of the same types; null when it has no label. */
    Entity toEntity(SharedStrings shared) {
        return labels.isEmpty() ? null : new Entity(reference, shared.share(types), labels, statements);
    }
}
