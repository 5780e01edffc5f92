package dev.camelsuite.enhancer.metadata;

import java.util.Locale;

/**
 * Status of a chain or engine execution, with the IRI Apache Stanbol's code writes for it. Stanbol's code spells the
 * scheduled status {@code em:StatusSheduled}; that spelling is written, and both spellings are read.
 */
public enum ExecutionStatus {
    SCHEDULED("StatusSheduled"),
    IN_PROGRESS("StatusInProgress"),
    COMPLETED("StatusCompleted"),
    FAILED("StatusFailed"),
    SKIPPED("StatusSkipped");

    private final String localName;
    private final String label;

    ExecutionStatus(String localName) {
        this.localName = localName;
        this.label = name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The IRI as Stanbol's code writes it. */
    public String iri() {
        return Namespaces.EM + localName;
    }

    /** The lower-case word used in JSON and headers: scheduled, in-progress, completed, failed, skipped. */
    public String label() {
        return label;
    }

    /** Whether the execution has ended (completed, failed or skipped). */
    public boolean isDone() {
        return this == COMPLETED || this == FAILED || this == SKIPPED;
    }

    /** Reads a status IRI, accepting both {@code em:StatusSheduled} (Stanbol's code) and {@code em:StatusScheduled}. */
    public static ExecutionStatus ofIri(String iri) {
        if ((Namespaces.EM + "StatusScheduled").equals(iri)) {
            return SCHEDULED;
        }
        for (ExecutionStatus s : values()) {
            if (s.iri().equals(iri)) {
                return s;
            }
        }
        throw new IllegalArgumentException("Unknown execution status " + iri);
    }

    /** Reads the JSON word of a status. */
    public static ExecutionStatus ofLabel(String label) {
        for (ExecutionStatus s : values()) {
            if (s.label.equals(label)) {
                return s;
            }
        }
        throw new IllegalArgumentException("Unknown execution status '" + label
                                           + "' (known: scheduled, in-progress, completed, failed, skipped)");
    }

    @Override
    public String toString() {
        return label;
    }
}
