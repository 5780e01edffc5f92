package dev.camelsuite.workflow.store;

import java.util.List;

import dev.camelsuite.workflow.model.Step;

/**
 * What a step update found and did.
 *
 * @param found         whether the object has the step in its active version
 * @param currentStatus the step's status before the update
 * @param version       the active version the step belongs to
 * @param lane          the step's lane after the update
 * @param nextWorkflow  the workflow the step starts when done, or null
 * @param applied       false when the step's status was not the expected one, and nothing changed
 * @param next          the steps the update made ready, in template order
 * @param deferred      true when nothing changed because the step would start its next workflow, which needs a
 *                      transaction the caller did not open
 */
record UpdateOutcome(boolean found, String currentStatus, int version, String lane, String nextWorkflow,
                     boolean applied, List<Step> next, boolean deferred) {

    /** Nothing changed: the update is to be done again in a transaction. */
    static final UpdateOutcome DEFERRED = new UpdateOutcome(true, null, 0, null, null, false, List.of(), true);

    static UpdateOutcome notFound() {
        return new UpdateOutcome(false, null, 0, null, null, false, List.of(), false);
    }
}
