package dev.camelsuite.app.enhancer.jobs;

import java.util.Locale;

/** Where an enhancement job is: waiting, being run, answered (well or with an error), or cancelled. */
public enum JobState {
    QUEUED,
    RUNNING,
    /** Its answer is what the synchronous request would have answered, a 2xx. */
    DONE,
    /** Its answer is the error the synchronous request would have answered. */
    FAILED,
    CANCELLED;

    /** The name in the job's JSON and in the database: {@code queued}, {@code running}, … */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean isFinished() {
        return this == DONE || this == FAILED || this == CANCELLED;
    }

    static JobState of(String label) {
        return valueOf(label.toUpperCase(Locale.ROOT));
    }
}
