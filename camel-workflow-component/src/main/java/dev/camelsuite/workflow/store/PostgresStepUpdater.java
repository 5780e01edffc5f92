package dev.camelsuite.workflow.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

import dev.camelsuite.workflow.StepStatus;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepClaim;
import dev.camelsuite.workflow.model.StepEnd;
import dev.camelsuite.workflow.model.StepUpdate;

/**
 * The update on PostgreSQL, each in one statement that auto-commits like a bare UPDATE. Readiness is the count of
 * open prerequisites each step keeps ({@code open_prerequisites}), so the updates are statements of their own that
 * read no other step's status. The rules are stated once, in docs/workflow-component.adoc ("Readiness"), and kept here,
 * in the functions of {@code db/workflow-postgresql} and by {@link LockingStepUpdater} alike:
 * <ul>
 * <li>to a status that is not done ({@code started}, {@code error}, {@code waiting}, a custom one): one UPDATE finds,
 * locks, checks and changes the step and writes its history. A step reset to {@code waiting} with no open
 * prerequisite goes on to {@code queued} in the same statement: its own row tells. The step keeps the status it
 * replaces in {@code previous_status}, so the UPDATE's answer tells the history row what it was. A done step reopened
 * so gives the steps waiting for it one more open prerequisite, in a statement of its own tried when the first one
 * found the step done (a reopened step is rare; the common update does not pay for it);</li>
 * <li>a step that is not done, to {@code completed} or {@code skipped}: the step and the steps waiting for it are
 * locked in id order, the step is changed, the others get one open prerequisite fewer, and those left waiting with
 * none are queued;</li>
 * <li>a done step ended again, and an update either statement did not apply (to learn why: the step is missing, in
 * another status than expected, or starts a next workflow, which needs a transaction around both) is one call of the
 * server-side function {@code workflow_update_step} (migrations {@code db/workflow-postgresql}), which handles every
 * update;</li>
 * <li>a batch's ends to done: one call for all of them ({@link PostgresDoneEnds}).</li>
 * </ul>
 * Two updates racing for one step's readiness both write that step's row, so the second waits for the first and
 * recomputes the count and the status from what the first committed (read committed re-reads a row it had to wait
 * for): of two parallel steps finishing together the second queues the step that joins them, and a step reset to
 * waiting while its last prerequisite finishes is queued by whichever of the two commits last. Every update locks a
 * step before the steps waiting for it, and those in id order; a workflow's steps are stored prerequisites first
 * ({@link dev.camelsuite.workflow.template.WorkflowTemplate#inPrerequisiteOrder()}), so the updates of one object
 * all lock in id order and never wait for each other in a circle.
 */
final class PostgresStepUpdater implements StepUpdater {

    private static final String DONE_STATUSES = "('completed', 'skipped')";
    /** The outbox's rows ({@link EventOutbox}), written by the statements below when asked to. */
    private static final String EVENTS = " INSERT INTO workflow_event (event_id, object_id, workflow, process, version,"
                                         + " lane, old_status, new_status, changed_at)";
    private static final String EVENT_ID = "CAST(gen_random_uuid() AS VARCHAR)";
    /** The update names no claim (true), or the step is still under the one it names (version, attempts). */
    private static final String CLAIM_HELD = " AND (? OR u.version = ? AND u.attempts = ?)";
    /** An update under a claim that did not apply: the step as it is now, to tell why. */
    private static final String CLAIMED = "SELECT status, version, lane, next_workflow, attempts FROM workflow_step"
                                          + " WHERE object_id = ? AND workflow = ? AND process = ? AND active"
                                          + " FOR UPDATE";

    /**
     * A step that is not done, to a status that is not done nor {@code waiting}: the update alone, the steps waiting for
     * it unchanged, and no step in the answer (formatting its columns is a tenth of what the update costs).
     */
    private static final String TO_OPEN = toOpen(false, false);
    /** A step that is not done, reset to {@code waiting}: the same, answering the step when it went on to queued. */
    private static final String TO_RESET = toOpen(false, true);
    /**
     * A done step, to a status that is not done: the same, and every step waiting for it gets one more open
     * prerequisite. A statement of its own, so that the common updates above do not pay for it.
     */
    private static final String TO_REOPEN = toOpen(true, true);
    /** Column of the first step column in the answer of {@link #TO_RESET} and {@link #TO_REOPEN}. */
    private static final int OPEN_FIRST_STEP_COLUMN = 6;

    private static String toOpen(boolean reopening, boolean answersStep) {
        return "WITH changed AS ("
               + " UPDATE workflow_step u SET previous_status = u.status,"
               + " status = CASE WHEN ? AND u.open_prerequisites = 0 AND NOT u.skip_queue THEN 'queued' ELSE ? END,"
               + " error_message = ?, error_text = ?, status_at = ?,"
               + " attempts = u.attempts + CASE WHEN ? OR ? AND u.status <> 'started' THEN 1 ELSE 0 END,"
               + " lifecycle = COALESCE(?, u.lifecycle), note = COALESCE(?, u.note), lane = COALESCE(?, u.lane),"
               + " elapsed = COALESCE(?, u.elapsed)"
               + " WHERE u.object_id = ? AND u.workflow = ? AND u.process = ? AND u.active"
               + " AND u.status " + (reopening ? "IN " : "NOT IN ") + DONE_STATUSES + " AND (? OR u.status = ?)"
               + CLAIM_HELD
               + (answersStep ? " RETURNING u.*"
                       : " RETURNING u.object_id, u.workflow, u.process, u.version, u.previous_status, u.status,"
                         + " u.status_at, u.lane, u.next_workflow")
               + (reopening
                       // locked in id order, as every update that changes counts locks them; a queued one stays
                       // queued, as a started one goes on
                       ? "), reopened AS ("
                         + " SELECT d.id FROM workflow_step d, changed c WHERE d.object_id = c.object_id"
                         + " AND d.workflow = c.workflow AND d.version = c.version"
                         + " AND c.process = ANY (string_to_array(d.prerequisites, ',')) ORDER BY d.id FOR UPDATE OF d"
                         + "), counted AS ("
                         + " UPDATE workflow_step d SET open_prerequisites = d.open_prerequisites + 1"
                         + " WHERE d.id IN (SELECT r.id FROM reopened r)"
                       : "")
               + "), logged AS ("
               + " INSERT INTO workflow_history (object_id, workflow, process, version, old_status, new_status,"
               + " changed_at)"
               + " SELECT c.object_id, c.workflow, c.process, c.version, c.previous_status, CAST(? AS VARCHAR),"
               + " c.status_at FROM changed c"
               + " UNION ALL SELECT c.object_id, c.workflow, c.process, c.version, 'waiting', 'queued', c.status_at"
               + " FROM changed c WHERE ? AND c.status = 'queued'"
               // the same changes as events, when the outbox is on: in this statement, so in its commit
               + "), evented AS (" + EVENTS
               + " SELECT " + EVENT_ID + ", c.object_id, c.workflow, c.process, c.version, c.lane, c.previous_status,"
               + " CAST(? AS VARCHAR), c.status_at FROM changed c WHERE ?"
               + " UNION ALL SELECT " + EVENT_ID + ", c.object_id, c.workflow, c.process, c.version, c.lane, 'waiting',"
               + " 'queued', c.status_at FROM changed c WHERE ? AND ? AND c.status = 'queued'"
               + ") SELECT c.previous_status, c.version, c.lane, c.next_workflow, c.status"
               + (answersStep ? ", " + StepRows.columns("c.") : "") + " FROM changed c";
    }

    /** A step that is not done, to done. */
    private static final String TO_DONE = "WITH locked AS ("
            + " SELECT s.id FROM workflow_step s WHERE s.object_id = ? AND s.workflow = ? AND s.active"
            + " AND (s.process = ? OR ? = ANY (string_to_array(s.prerequisites, ','))) ORDER BY s.id FOR UPDATE"
            + "), changed AS ("
            + " UPDATE workflow_step u SET previous_status = u.status, status = ?, error_message = ?, error_text = ?,"
            + " status_at = ?, completed_at = ?, lifecycle = COALESCE(?, u.lifecycle), note = COALESCE(?, u.note),"
            + " lane = COALESCE(?, u.lane), elapsed = COALESCE(?, u.elapsed)"
            + " WHERE u.id IN (SELECT l.id FROM locked l) AND u.process = ?"
            + " AND u.status NOT IN " + DONE_STATUSES + " AND (? OR u.status = ?)" + CLAIM_HELD
            + " AND NOT (? AND u.next_workflow IS NOT NULL)"
            + " RETURNING u.id, u.object_id, u.workflow, u.process, u.version, u.previous_status, u.status, u.lane,"
            + " u.next_workflow, u.status_at"
            + "), opened AS ("
            + " UPDATE workflow_step d SET open_prerequisites = d.open_prerequisites - 1, previous_status = d.status,"
            + " status = CASE WHEN d.status = 'waiting' AND d.open_prerequisites = 1 AND NOT d.skip_queue"
            + " THEN 'queued' ELSE d.status END,"
            + " status_at = CASE WHEN d.status = 'waiting' AND d.open_prerequisites = 1 AND NOT d.skip_queue"
            + " THEN c.status_at ELSE d.status_at END"
            + " FROM changed c WHERE d.id IN (SELECT l.id FROM locked l) AND d.id <> c.id"
            + " RETURNING d.*"
            + "), promoted AS ("
            + " SELECT * FROM opened o WHERE o.previous_status = 'waiting' AND o.status = 'queued'"
            + "), logged AS ("
            // one INSERT, so that the step's row comes before the rows of the steps it made ready
            + " INSERT INTO workflow_history (object_id, workflow, process, version, old_status, new_status, changed_at)"
            + " SELECT c.object_id, c.workflow, c.process, c.version, c.previous_status, c.status, c.status_at"
            + " FROM changed c"
            + " UNION ALL (SELECT p.object_id, p.workflow, p.process, p.version, 'waiting', 'queued', p.status_at"
            + " FROM promoted p ORDER BY p.id)"
            + "), evented AS (" + EVENTS
            + " SELECT " + EVENT_ID + ", c.object_id, c.workflow, c.process, c.version, c.lane, c.previous_status,"
            + " c.status, c.status_at FROM changed c WHERE ?"
            + " UNION ALL (SELECT " + EVENT_ID + ", p.object_id, p.workflow, p.process, p.version, p.lane, 'waiting',"
            + " 'queued', p.status_at FROM promoted p WHERE ? ORDER BY p.id)"
            + ") SELECT c.previous_status, c.version, c.lane, c.next_workflow, " + StepRows.columns("p.")
            + " FROM changed c LEFT JOIN promoted p ON TRUE ORDER BY p.id";
    /** Column of the first step column in the answer of {@link #TO_DONE}. */
    private static final int DONE_FIRST_STEP_COLUMN = 5;

    private static final String CALL = "SELECT * FROM workflow_update_step(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    /** Column of the first step column in the function's answer. */
    private static final int CALL_FIRST_STEP_COLUMN = 7;

    @Override
    public boolean isSingleStatement() {
        return true;
    }

    @Override
    public UpdateOutcome apply(Connection c, String objectId, String workflow, String process, StepUpdate update,
                               OffsetDateTime now, boolean deferNextWorkflow)
            throws SQLException {
        return apply(c, objectId, workflow, process, update, now, deferNextWorkflow, false);
    }

    @Override
    public UpdateOutcome applyWritingEvents(Connection c, String objectId, String workflow, String process,
                                            StepUpdate update, OffsetDateTime now, boolean deferNextWorkflow)
            throws SQLException {
        return apply(c, objectId, workflow, process, update, now, deferNextWorkflow, true);
    }

    private UpdateOutcome apply(Connection c, String objectId, String workflow, String process, StepUpdate update,
                                OffsetDateTime now, boolean deferNextWorkflow, boolean events)
            throws SQLException {
        UpdateOutcome outcome;
        if (StepStatus.isDone(update.status())) {
            outcome = toDone(c, objectId, workflow, process, update, now, deferNextWorkflow, events);
        } else {
            boolean waiting = StepStatus.WAITING.is(update.status());
            outcome = toOpen(c, waiting ? TO_RESET : TO_OPEN, objectId, workflow, process, update, now, events);
            if (outcome == null) {
                outcome = toOpen(c, TO_REOPEN, objectId, workflow, process, update, now, events);
            }
        }
        if (outcome == null && events) {
            // the function writes no events: the rest is done in a transaction, where the store writes them
            return UpdateOutcome.DEFERRED;
        }
        if (outcome == null && update.claim() != null) {
            outcome = claimed(c, objectId, workflow, process, update, deferNextWorkflow);
        }
        return outcome != null ? outcome : call(c, objectId, workflow, process, update, now, deferNextWorkflow);
    }

    /** The parameters of {@code (? OR u.status = ?)} and {@link #CLAIM_HELD} after it, from {@code index} on. */
    private static void setExpectedAndClaim(PreparedStatement s, int index, StepUpdate update) throws SQLException {
        s.setBoolean(index, update.expectedStatus() == null);
        s.setString(index + 1, update.expectedStatus());
        StepClaim claim = update.claim();
        s.setBoolean(index + 2, claim == null);
        s.setInt(index + 3, claim == null ? 0 : claim.version());
        s.setInt(index + 4, claim == null ? 0 : claim.attempts());
    }

    /** The parameters of the columns an update changes only when it names them: lifecycle, note, lane, elapsed. */
    private static void setNamedColumns(PreparedStatement s, int index, StepUpdate update) throws SQLException {
        s.setString(index, update.lifecycle());
        s.setString(index + 1, update.note());
        s.setString(index + 2, update.lane());
        s.setBigDecimal(index + 3, update.elapsed());
    }

    /**
     * Why an update under a claim did not apply: the step is missing, or no longer under the claim (or not in the
     * expected status), or it would start its next workflow outside a transaction. Null when the step is under the
     * claim and the update should have applied — then the server-side function, which knows no claims, may apply it,
     * the row being locked by this read in the caller's transaction.
     */
    private static UpdateOutcome claimed(Connection c, String objectId, String workflow, String process,
                                         StepUpdate update, boolean deferNextWorkflow)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement(CLAIMED)) {
            StepKey.bind(s, 1, objectId, workflow, process);
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    return UpdateOutcome.notFound();
                }
                String current = rs.getString(1);
                int version = rs.getInt(2);
                String lane = update.lane() != null ? update.lane() : rs.getString(3);
                String nextWorkflow = rs.getString(4);
                boolean held = StepUpdater.holds(update.claim(), version, rs.getInt(5))
                               && (update.expectedStatus() == null || update.expectedStatus().equals(current));
                if (!held) {
                    return new UpdateOutcome(true, current, version, lane, nextWorkflow, false, List.of(), false);
                }
                return deferNextWorkflow && nextWorkflow != null
                        ? new UpdateOutcome(true, current, version, lane, nextWorkflow, false, List.of(), true)
                        : null;
            }
        }
    }

    /**
     * Ends as done ({@code completed}, {@code skipped}) go in one call for the whole batch ({@link PostgresDoneEnds}).
     * The other updates, and a done one the call did not apply (to learn why), go one by one after it.
     */
    @Override
    public List<UpdateOutcome> applyAll(Connection c, List<StepEnd> ends, OffsetDateTime now) throws SQLException {
        List<Integer> done = new ArrayList<>();
        for (int i = 0; i < ends.size(); i++) {
            if (StepStatus.isDone(ends.get(i).update().status())) {
                done.add(i);
            }
        }
        UpdateOutcome[] outcomes = new UpdateOutcome[ends.size()];
        if (done.size() > 1) {
            List<UpdateOutcome> ended = PostgresDoneEnds.end(c, done.stream().map(ends::get).toList(), now);
            for (int j = 0; j < done.size(); j++) {
                outcomes[done.get(j)] = ended.get(j);
            }
        }
        for (int i = 0; i < ends.size(); i++) {
            if (outcomes[i] == null) {
                StepEnd end = ends.get(i);
                outcomes[i] = apply(c, end.objectId(), end.workflow(), end.process(), end.update(), now, false);
            }
        }
        return List.of(outcomes);
    }

    /**
     * The outcome, or null when the statement changed nothing (the step is missing, not as expected, or on the other
     * side of done than the statement is for).
     */
    private static UpdateOutcome toOpen(Connection c, String sql, String objectId, String workflow, String process,
                                        StepUpdate update, OffsetDateTime now, boolean events)
            throws SQLException {
        boolean waiting = StepStatus.WAITING.is(update.status());
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setBoolean(1, waiting);
            s.setString(2, update.status());
            s.setString(3, update.errorMessage());
            s.setString(4, update.errorText());
            s.setObject(5, now);
            s.setBoolean(6, StepStatus.STARTED.is(update.status()));
            s.setBoolean(7, StepStatus.ERROR.is(update.status()));
            setNamedColumns(s, 8, update);
            StepKey.bind(s, 12, objectId, workflow, process);
            setExpectedAndClaim(s, 15, update);
            s.setString(20, update.status());
            s.setBoolean(21, waiting);
            s.setString(22, update.status());
            s.setBoolean(23, events);
            s.setBoolean(24, events);
            s.setBoolean(25, waiting);
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                // a reset to waiting that went on to queued made the step itself ready
                List<Step> next = waiting && StepStatus.QUEUED.is(rs.getString(5))
                        ? List.of(StepRows.read(rs, OPEN_FIRST_STEP_COLUMN)) : List.of();
                return new UpdateOutcome(true, rs.getString(1), rs.getInt(2), rs.getString(3), rs.getString(4), true,
                        next, false);
            }
        }
    }

    /** The outcome, or null when the statement changed nothing (the step is missing, done, not as expected or defers). */
    private static UpdateOutcome toDone(Connection c, String objectId, String workflow, String process,
                                        StepUpdate update, OffsetDateTime now, boolean deferNextWorkflow,
                                        boolean events)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement(TO_DONE)) {
            StepKey.bind(s, 1, objectId, workflow, process);
            s.setString(4, process);
            s.setString(5, update.status());
            s.setString(6, update.errorMessage());
            s.setString(7, update.errorText());
            s.setObject(8, now);
            s.setObject(9, now);
            setNamedColumns(s, 10, update);
            s.setString(14, process);
            setExpectedAndClaim(s, 15, update);
            s.setBoolean(20, deferNextWorkflow);
            s.setBoolean(21, events);
            s.setBoolean(22, events);
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                UpdateOutcome outcome = new UpdateOutcome(true, rs.getString(1), rs.getInt(2), rs.getString(3),
                        rs.getString(4), true, new ArrayList<>(), false);
                do {
                    if (rs.getString(DONE_FIRST_STEP_COLUMN) != null) {
                        outcome.next().add(StepRows.read(rs, DONE_FIRST_STEP_COLUMN));
                    }
                } while (rs.next());
                return outcome;
            }
        }
    }

    private static UpdateOutcome call(Connection c, String objectId, String workflow, String process,
                                      StepUpdate update, OffsetDateTime now, boolean deferNextWorkflow)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement(CALL)) {
            StepKey.bind(s, 1, objectId, workflow, process);
            s.setString(4, update.status());
            s.setString(5, update.expectedStatus());
            s.setString(6, update.errorMessage());
            s.setString(7, update.errorText());
            s.setBigDecimal(8, update.elapsed());
            s.setString(9, update.lifecycle());
            s.setString(10, update.note());
            s.setString(11, update.lane());
            s.setObject(12, now);
            s.setBoolean(13, deferNextWorkflow);
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    return UpdateOutcome.notFound();
                }
                String current = rs.getString(1);
                int version = rs.getInt(2);
                String lane = rs.getString(3);
                String nextWorkflow = rs.getString(4);
                boolean applied = rs.getBoolean(5);
                boolean deferred = rs.getBoolean(6);
                List<Step> next = new ArrayList<>();
                do {
                    if (rs.getString(CALL_FIRST_STEP_COLUMN) != null) {
                        next.add(StepRows.read(rs, CALL_FIRST_STEP_COLUMN));
                    }
                } while (rs.next());
                return new UpdateOutcome(true, current, version, lane, nextWorkflow, applied, next, deferred);
            }
        }
    }
}
