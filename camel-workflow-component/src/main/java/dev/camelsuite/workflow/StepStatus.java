package dev.camelsuite.workflow;

import java.util.Locale;

/**
 * The statuses of Stanford's workflow service. A template may also give a custom intermediate status; only these
 * carry meaning for readiness: completed and skipped count as done for prerequisites and lifecycle.
 */
public enum StepStatus {
    WAITING, QUEUED, STARTED, COMPLETED, SKIPPED, ERROR, RETRYING;

    private final String label = name().toLowerCase(Locale.ROOT);

    /** The status as the store, the API and the templates write it: {@code queued}. */
    public String label() {
        return label;
    }

    /** Whether {@code status} (a label, or a custom status) is this one. */
    public boolean is(String status) {
        return label.equals(status);
    }

    /** Whether a status counts as done: completed or skipped. */
    public static boolean isDone(String status) {
        return COMPLETED.is(status) || SKIPPED.is(status);
    }

    /** The known status of a label, or null for a custom one. */
    public static StepStatus of(String label) {
        for (StepStatus s : values()) {
            if (s.label().equals(label)) {
                return s;
            }
        }
        return null;
    }
}
