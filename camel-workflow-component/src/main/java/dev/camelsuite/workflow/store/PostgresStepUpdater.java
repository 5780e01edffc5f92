package dev.camelsuite.workflow.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * The update on PostgreSQL: one call of the server-side function {@code workflow_update_step} (migration
 * {@code db/workflow-postgresql}), which locks, decides, updates the step, queues what became ready and writes the
 * history, so an update auto-commits in one round trip like a bare UPDATE. A step that starts a next workflow is
 * the exception: that creation needs a transaction around both, so the call defers it to the caller.
 * <p>
 * The function locks every step of the version ({@code FOR UPDATE}, in id order) when the new status can make steps
 * ready. Under read committed a row lock that had to wait returns the row as the other transaction committed it, so
 * of two parallel steps finishing together the second sees the first one done and queues the step that joins them.
 */
final class PostgresStepUpdater implements StepUpdater {

    private static final String CALL = "SELECT * FROM workflow_update_step(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    /** Column of the first step column in the answer. */
    private static final int FIRST_STEP_COLUMN = 7;

    @Override
    public boolean isSingleStatement() {
        return true;
    }

    @Override
    public UpdateOutcome apply(Connection c, String objectId, String workflow, String process, StepUpdate update,
                               OffsetDateTime now, boolean deferNextWorkflow)
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
