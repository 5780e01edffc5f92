package dev.camelsuite.workflow;

import java.util.Locale;

/**
 * The statuses of Stanford's workflow service. A template may also give a custom intermediate status; only these
 * carry meaning for readiness: completed and skipped count as done for prerequisites and lifecycle.
 */
public enum StepStatus {
    WAITING, QUEUED, STARTED, COMPLETED, SKIPPED, ERROR, RETRYING;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether a status counts as done: completed or skipped. */
    public static boolean isDone(String status) {
        return "completed".equals(status) || "skipped".equals(status);
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
