package dev.camelsuite.workflow.model;

import java.util.List;

/**
 * What a bulk repair found and did.
 *
 * @param matched the steps that match the query, all of them (a call repairs at most its limit)
 * @param changed the steps it changed (0 for a dry run; fewer than listed when some changed meanwhile)
 * @param steps   the first of the steps it took (at most {@link #LISTED}), as they were before the repair
 */
public record RepairResult(boolean dryRun, long matched, int changed, List<Step> steps) {

    /** How many steps a result lists. */
    public static final int LISTED = 100;
}
