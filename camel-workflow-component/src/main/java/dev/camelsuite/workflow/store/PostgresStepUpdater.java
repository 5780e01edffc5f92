package dev.camelsuite.workflow.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

import dev.camelsuite.workflow.StepStatus;

/**
 * The update on PostgreSQL, in one round trip that auto-commits like a bare UPDATE:
 * <ul>
 * <li>to a status that cannot make a step ready ({@code started}, {@code error}, a custom one): one UPDATE finds,
 * locks, checks and changes the step and writes its history row. The step keeps the status it replaces in
 * {@code previous_status}, so the UPDATE's answer tells the history row what it was;</li>
 * <li>to {@code waiting}, {@code completed} or {@code skipped}: one call of the server-side function
 * {@code workflow_update_step} (migrations {@code db/workflow-postgresql}), which locks what readiness depends on,
 * updates the step, queues what became ready and writes the history. A step that starts a next workflow is the
 * exception: that creation needs a transaction around both, so the call defers it to the caller.</li>
 * <li>a batch's ends to done: one call for all of them ({@link PostgresDoneEnds}).</li>
 * </ul>
 * The function's statements that decide readiness start after its locks: under read committed they see what the
 * updates they waited for committed, so of two parallel steps finishing together the second sees the first one done
 * and queues the step that joins them.
 */
final class PostgresStepUpdater implements StepUpdater {

    private static final String CALL = "SELECT * FROM workflow_update_step(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    /** Column of the first step column in the function's answer. */
    private static final int FIRST_STEP_COLUMN = 7;

    private static final String UPDATE = "WITH changed AS ("
            + " UPDATE workflow_step u SET previous_status = u.status, status = ?, error_message = ?, error_text = ?,"
            + " status_at = ?, attempts = u.attempts + CASE WHEN ? OR ? AND u.status <> 'started' THEN 1 ELSE 0 END,"
            + " lifecycle = COALESCE(?, u.lifecycle), note = COALESCE(?, u.note), lane = COALESCE(?, u.lane),"
            + " elapsed = COALESCE(?, u.elapsed)"
            + " WHERE u.object_id = ? AND u.workflow = ? AND u.process = ? AND u.active AND (? OR u.status = ?)"
            + " RETURNING u.previous_status, u.version, u.lane, u.next_workflow"
            + "), logged AS ("
            + " INSERT INTO workflow_history (object_id, workflow, process, version, old_status, new_status, changed_at)"
            + " SELECT CAST(? AS VARCHAR), CAST(? AS VARCHAR), CAST(? AS VARCHAR), c.version, c.previous_status,"
            + " CAST(? AS VARCHAR), CAST(? AS TIMESTAMPTZ) FROM changed c"
            + ") SELECT previous_status, version, lane, next_workflow FROM changed";

    private static final String CURRENT = "SELECT status, version, lane, next_workflow FROM workflow_step"
                                          + " WHERE object_id = ? AND workflow = ? AND process = ? AND active";

    @Override
    public boolean isSingleStatement() {
        return true;
    }

    @Override
    public UpdateOutcome apply(Connection c, String objectId, String workflow, String process, StepUpdate update,
                               OffsetDateTime now, boolean deferNextWorkflow)
            throws SQLException {
        if (StepUpdater.mayMakeReady(update.status())) {
            return call(c, objectId, workflow, process, update, now, deferNextWorkflow);
        }
        return update(c, objectId, workflow, process, update, now);
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
        // steps the call made ready for an end it did not apply itself (that end is redone below)
        List<List<Step>> readyAnyway = new ArrayList<>(java.util.Collections.nCopies(ends.size(), List.of()));
        if (done.size() > 1) {
            PostgresDoneEnds.Ended ended = PostgresDoneEnds.end(c, done.stream().map(ends::get).toList(), now);
            for (int j = 0; j < done.size(); j++) {
                outcomes[done.get(j)] = ended.outcomes().get(j);
                readyAnyway.set(done.get(j), ended.ready().get(j));
            }
        }
        for (int i = 0; i < ends.size(); i++) {
            if (outcomes[i] == null) {
                StepEnd end = ends.get(i);
                UpdateOutcome o = apply(c, end.objectId(), end.workflow(), end.process(), end.update(), now, false);
                if (!readyAnyway.get(i).isEmpty()) {
                    List<Step> next = new ArrayList<>(readyAnyway.get(i));
                    next.addAll(o.next());
                    o = new UpdateOutcome(o.found(), o.currentStatus(), o.version(), o.lane(), o.nextWorkflow(),
                            o.applied(), next, o.deferred());
                }
                outcomes[i] = o;
            }
        }
        return List.of(outcomes);
    }

    private static UpdateOutcome update(Connection c, String objectId, String workflow, String process,
                                        StepUpdate update, OffsetDateTime now)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement(UPDATE)) {
            s.setString(1, update.status());
            s.setString(2, update.errorMessage());
            s.setString(3, update.errorText());
            s.setObject(4, now);
            s.setBoolean(5, "started".equals(update.status()));
            s.setBoolean(6, "error".equals(update.status()));
            s.setString(7, update.lifecycle());
            s.setString(8, update.note());
            s.setString(9, update.lane());
            s.setBigDecimal(10, update.elapsed());
            s.setString(11, objectId);
            s.setString(12, workflow);
            s.setString(13, process);
            s.setBoolean(14, update.expectedStatus() == null);
            s.setString(15, update.expectedStatus());
            s.setString(16, objectId);
            s.setString(17, workflow);
            s.setString(18, process);
            s.setString(19, update.status());
            s.setObject(20, now);
            try (ResultSet rs = s.executeQuery()) {
                if (rs.next()) {
                    return new UpdateOutcome(true, rs.getString(1), rs.getInt(2), rs.getString(3), rs.getString(4),
                            true, List.of(), false);
                }
            }
        }
        // nothing changed: the step is missing, or in another status than expected
        try (PreparedStatement s = c.prepareStatement(CURRENT)) {
            s.setString(1, objectId);
            s.setString(2, workflow);
            s.setString(3, process);
            try (ResultSet rs = s.executeQuery()) {
                if (!rs.next()) {
                    return UpdateOutcome.notFound();
                }
                String lane = update.lane() != null ? update.lane() : rs.getString(3);
                return new UpdateOutcome(true, rs.getString(1), rs.getInt(2), lane, rs.getString(4), false, List.of(),
                        false);
            }
        }
    }

    private static UpdateOutcome call(Connection c, String objectId, String workflow, String process,
                                      StepUpdate update, OffsetDateTime now, boolean deferNextWorkflow)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement(CALL)) {
            s.setString(1, objectId);
            s.setString(2, workflow);
            s.setString(3, process);
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
                    if (rs.getString(FIRST_STEP_COLUMN) != null) {
                        next.add(StepRows.read(rs, FIRST_STEP_COLUMN));
                    }
                } while (rs.next());
                return new UpdateOutcome(true, current, version, lane, nextWorkflow, applied, next, deferred);
            }
        }
    }
}
