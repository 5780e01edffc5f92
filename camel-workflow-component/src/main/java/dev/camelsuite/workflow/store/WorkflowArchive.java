package dev.camelsuite.workflow.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;

import static dev.camelsuite.workflow.store.Transactions.now;

/** Moves finished workflow versions out of the live table into {@code workflow_step_archive}, and counts them there. */
final class WorkflowArchive {

    private final Transactions tx;

    WorkflowArchive(Transactions tx) {
        this.tx = tx;
    }

    int archive(OffsetDateTime finishedBefore) throws SQLException {
        String finished = "SELECT object_id, workflow, version FROM workflow_step GROUP BY object_id, workflow, version"
                          + " HAVING SUM(CASE WHEN status IN ('completed', 'skipped') THEN 0 ELSE 1 END) = 0"
                          + " AND (SUM(CASE WHEN active THEN 1 ELSE 0 END) = 0"
                          + (finishedBefore == null ? ")" : " OR MAX(status_at) < ?)");
        String where = " WHERE (object_id, workflow, version) IN (" + finished + ")";
        OffsetDateTime now = now();
        return tx.writeSql(c -> {
            int moved;
            try (PreparedStatement copy = c.prepareStatement(
                    "INSERT INTO workflow_step_archive (object_id, workflow, process, version, status, lane,"
                    + " lifecycle, attempts, elapsed, note, status_at, completed_at, created_at, archived_at)"
                    + " SELECT object_id, workflow, process, version, status, lane, lifecycle, attempts, elapsed,"
                    + " note, status_at, completed_at, created_at, ? FROM workflow_step" + where)) {
                copy.setObject(1, now);
                if (finishedBefore != null) {
                    copy.setObject(2, finishedBefore);
                }
                moved = copy.executeUpdate();
            }
            try (PreparedStatement delete = c.prepareStatement("DELETE FROM workflow_step" + where)) {
                if (finishedBefore != null) {
                    delete.setObject(1, finishedBefore);
                }
                int deleted = delete.executeUpdate();
                if (deleted != moved) {
                    throw new SQLException("Archiving moved " + moved + " steps but deleted " + deleted
                                           + "; nothing was archived");
                }
            }
            return moved;
        });
    }

    int archivedSteps(String objectId) throws SQLException {
        return tx.read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM workflow_step_archive"
                                                          + " WHERE object_id = ?")) {
                s.setString(1, objectId);
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    return rs.getInt(1);
                }
            }
        });
    }
}
