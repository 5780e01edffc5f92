package dev.camelsuite.workflow.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

import dev.camelsuite.workflow.StepStatus;
import dev.camelsuite.workflow.model.StepClaim;
import dev.camelsuite.workflow.model.StepEnd;
import dev.camelsuite.workflow.model.StepUpdate;

/**
 * Applies a status update to one step of an object's active workflow version, with its history rows, the counts of
 * open prerequisites it changes and the readiness promotion it causes, inside the caller's transaction. Concurrent
 * updates that decide one step's readiness take turns on a lock (the version's steps on H2, the step's own row on
 * PostgreSQL), so the last of two parallel steps to finish sees the other done and queues the step that joins them.
 */
interface StepUpdater {

    /**
     * Changes nothing when the step is missing, its current status is not the expected one or it is no longer under
     * the update's claim (another claim, or another version).
     *
     * @param deferNextWorkflow true when {@code c} auto-commits but the caller starts next workflows: then an update
     *                          that would start one changes nothing and answers {@link UpdateOutcome#deferred()}, for
     *                          the caller to redo it in a transaction that creates the next workflow too
     */
    UpdateOutcome apply(Connection c, String objectId, String workflow, String process, StepUpdate update,
                        OffsetDateTime now, boolean deferNextWorkflow)
            throws SQLException;

    /**
     * As {@link #apply} on a connection that auto-commits, the update's events written to the outbox in its own
     * statement (the outbox is on); an update that is not one statement changes nothing and answers
     * {@link UpdateOutcome#deferred()}, for the caller to redo it in a transaction. Single-statement updaters only.
     */
    default UpdateOutcome applyWritingEvents(Connection c, String objectId, String workflow, String process,
                                             StepUpdate update, OffsetDateTime now, boolean deferNextWorkflow)
            throws SQLException {
        throw new UnsupportedOperationException("Only a single-statement update writes its events itself");
    }

    /**
     * Applies several updates in the caller's transaction, in the order given; answers one outcome per update, in the
     * same order. The updates must be of different steps.
     */
    default List<UpdateOutcome> applyAll(Connection c, List<StepEnd> ends, OffsetDateTime now) throws SQLException {
        List<UpdateOutcome> outcomes = new ArrayList<>(ends.size());
        for (StepEnd end : ends) {
            outcomes.add(apply(c, end.objectId(), end.workflow(), end.process(), end.update(), now, false));
        }
        return outcomes;
    }

    /** Whether an update is one statement, which then needs no transaction of its own. */
    default boolean isSingleStatement() {
        return false;
    }

    /** Whether a new status can make a step ready: one that became done can unblock others, one now waiting itself. */
    static boolean mayMakeReady(String status) {
        return StepStatus.COMPLETED.is(status) || StepStatus.SKIPPED.is(status) || StepStatus.WAITING.is(status);
    }

    /** Whether a step in {@code version} with {@code attempts} is still under {@code claim}. */
    static boolean holds(StepClaim claim, int version, int attempts) {
        return claim.version() == version && claim.attempts() == attempts;
    }

    /** The workflow service counts an attempt on start, and on an error reported without a start. */
    static boolean isAttempt(String newStatus, String currentStatus) {
        return StepStatus.STARTED.is(newStatus) || StepStatus.ERROR.is(newStatus) && !StepStatus.STARTED.is(currentStatus);
    }
}
