package dev.camelsuite.workflow.model;

import java.time.OffsetDateTime;

/**
 * Which steps a bulk repair takes, and what it makes of them: active steps of {@code workflow} (of one process, or
 * every one) in status {@code from}, optionally in one lane, in that status since before a date, or whose error
 * message contains a text; each becomes {@code to}, at most {@code limit} of them a call.
 *
 * @param process       one process, or null for every process of the workflow
 * @param lane          one lane, or null for every lane
 * @param before        only steps in {@code from} since before this date, or null
 * @param errorContains only steps whose error message contains this text, or null
 * @param note          the note the repaired steps get, or null to keep theirs
 */
public record RepairQuery(String workflow, String process, String from, String to, String lane, OffsetDateTime before,
                          String errorContains, String note, int limit) {

    /** The most steps one call repairs. */
    public static final int MAX_LIMIT = 10_000;

    public RepairQuery {
        if (workflow == null || workflow.isBlank()) {
            throw new IllegalArgumentException("A repair needs the workflow");
        }
        if (from == null || from.isBlank()) {
            throw new IllegalArgumentException("A repair needs the status its steps are in");
        }
        if (to == null || to.isBlank()) {
            throw new IllegalArgumentException("A repair needs the status its steps get");
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("A repair's limit must be between 1 and " + MAX_LIMIT + " but was "
                                               + limit);
        }
    }
}
