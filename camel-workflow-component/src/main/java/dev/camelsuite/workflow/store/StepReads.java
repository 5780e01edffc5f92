package dev.camelsuite.workflow.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import javax.sql.DataSource;

import dev.camelsuite.workflow.StepStatus;
import dev.camelsuite.workflow.model.Milestone;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepCount;
import dev.camelsuite.workflow.model.StepRef;

import static dev.camelsuite.workflow.store.Transactions.now;

/**
 * The store's reads: an object's steps and workflows, queues, lanes, lifecycle, contexts, history, and what the
 * dashboard and the workflow service's HTTP API ask across objects. Each is one statement on a connection of its
 * own; none writes. Each method does what {@link WorkflowStore}'s method of the same name says.
 */
final class StepReads {

    private final DataSource dataSource;

    StepReads(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    List<Step> get(String objectId, String workflow) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT " + StepRows.COLUMNS + " FROM workflow_step"
                                                      + " WHERE object_id = ? AND workflow = ? ORDER BY version, id")) {
            s.setString(1, objectId);
            s.setString(2, workflow);
            return StepRows.readAll(s);
        }
    }

    List<String> queue(String workflow, String process, String lane, int limit) throws SQLException {
        return objectsAt(workflow, process, StepStatus.QUEUED.label(), lane, limit);
    }

    List<String> errors(String workflow, String process, String lane, int limit) throws SQLException {
        return objectsAt(workflow, process, StepStatus.ERROR.label(), lane, limit);
    }

    List<Milestone> lifecycle(String objectId, boolean activeOnly, Integer version) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            if (activeOnly && version != null) {
                try (PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM workflow_step WHERE object_id = ?"
                                                              + " AND version = ? AND status NOT IN ('completed', 'skipped')")) {
                    s.setString(1, objectId);
                    s.setInt(2, version);
                    try (ResultSet rs = s.executeQuery()) {
                        rs.next();
                        if (rs.getLong(1) == 0) {
                            return List.of();
                        }
                    }
                }
            }
            // a version in hand (active only, not finished) shows every lifecycle step of it, reached or not, as the
            // workflow service does; otherwise only the milestones reached
            boolean everyStep = activeOnly && version != null;
            String sql = "SELECT lifecycle, COALESCE(completed_at, created_at), version FROM workflow_step"
                         + " WHERE object_id = ? AND lifecycle IS NOT NULL"
                         + (everyStep ? "" : " AND status IN ('completed', 'skipped')")
                         + (version != null ? " AND version = ?" : "") + " ORDER BY 2, id";
            try (PreparedStatement s = c.prepareStatement(sql)) {
                s.setString(1, objectId);
                if (version != null) {
                    s.setInt(2, version);
                }
                List<Milestone> milestones = new ArrayList<>();
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        milestones.add(new Milestone(rs.getString(1), rs.getObject(2, OffsetDateTime.class), rs.getInt(3)));
                    }
                }
                return milestones;
            }
        }
    }

    String context(String objectId, int version) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT context FROM workflow_context WHERE object_id = ?"
                                                      + " AND version = ?")) {
            s.setString(1, objectId);
            s.setInt(2, version);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    List<Step> recentErrors(int limit) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT " + StepRows.COLUMNS + " FROM workflow_step"
                                                      + " WHERE status = 'error'"
                                                      + " AND active = TRUE ORDER BY status_at DESC, id DESC FETCH FIRST "
                                                      + Math.max(1, limit) + " ROWS ONLY")) {
            return StepRows.readAll(s);
        }
    }

    List<StepCount> counts() throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT workflow, process, status, COUNT(*) FROM workflow_step"
                                                      + " WHERE active = TRUE GROUP BY workflow, process, status"
                                                      + " ORDER BY workflow, process, status")) {
            List<StepCount> counts = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    counts.add(new StepCount(rs.getString(1), rs.getString(2), rs.getString(3), rs.getLong(4)));
                }
            }
            return counts;
        }
    }

    List<StepCount> counts(String status, OffsetDateTime before) throws SQLException {
        // a step dated to start later is not late: it has not begun to wait
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT workflow, process, COUNT(*) FROM workflow_step"
                                                      + " WHERE status = ? AND active = TRUE AND status_at < ?"
                                                      + " AND (start_at IS NULL OR start_at <= ?)"
                                                      + " GROUP BY workflow, process ORDER BY workflow, process")) {
            s.setString(1, status);
            s.setObject(2, before);
            s.setObject(3, now());
            List<StepCount> counts = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    counts.add(new StepCount(rs.getString(1), rs.getString(2), status, rs.getLong(3)));
                }
            }
            return counts;
        }
    }

    private List<String> objectsAt(String workflow, String process, String status, String lane, int limit)
            throws SQLException {
        // With a lane every column of the queue index before status_at is fixed, so ordering by all of them is
        // ordering by age; spelled out, H2 reads the index in order too instead of sorting the whole queue.
        String sql = "SELECT object_id FROM workflow_step WHERE workflow = ? AND process = ? AND status = ?"
                     + " AND active = TRUE AND (start_at IS NULL OR start_at <= ?)" + (lane == null ? " ORDER BY status_at, id"
                : " AND lane = ? ORDER BY workflow, process, status, active, lane, status_at, id")
                     + (limit > 0 ? " FETCH FIRST " + limit + " ROWS ONLY" : "");
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, workflow);
            s.setString(2, process);
            s.setString(3, status);
            s.setObject(4, now());
            if (lane != null) {
                s.setString(5, lane);
            }
            List<String> ids = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
            return ids;
        }
    }

    List<String[]> history(String objectId, String workflow) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT process, old_status, new_status FROM workflow_history"
                                                      + " WHERE object_id = ? AND workflow = ? ORDER BY id")) {
            s.setString(1, objectId);
            s.setString(2, workflow);
            List<String[]> rows = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    rows.add(new String[] { rs.getString(1), rs.getString(2), rs.getString(3) });
                }
            }
            return rows;
        }
    }

    List<Step> steps(String objectId) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT " + StepRows.COLUMNS + " FROM workflow_step"
                                                      + " WHERE object_id = ? ORDER BY workflow, version, id")) {
            s.setString(1, objectId);
            return StepRows.readAll(s);
        }
    }

    List<String> objects(StepRef at, Collection<String> statuses, List<StepRef> done, String lane, int limit)
            throws SQLException {
        if (statuses.isEmpty()) {
            throw new IllegalArgumentException("A query of objects at " + at + " needs at least one status");
        }
        if (limit < 0) {
            throw new IllegalArgumentException("The limit must be >= 0 but was " + limit);
        }
        StringBuilder sql = new StringBuilder("SELECT s.object_id FROM workflow_step s WHERE s.workflow = ?"
                                              + " AND s.process = ? AND s.status IN (");
        sql.append("?, ".repeat(statuses.size() - 1)).append("?) AND s.active = TRUE")
                .append(" AND (s.start_at IS NULL OR s.start_at <= ?)");
        if (lane != null) {
            sql.append(" AND s.lane = ?");
        }
        for (int i = 0; i < done.size(); i++) {
            sql.append(" AND EXISTS (SELECT 1 FROM workflow_step d WHERE d.object_id = s.object_id AND d.workflow = ?"
                       + " AND d.process = ? AND d.active = TRUE AND d.status IN ('completed', 'skipped'))");
        }
        // With one status and a lane every column of the queue index before status_at is fixed, so ordering by all
        // of them is ordering by age, and H2 then reads the index in order instead of sorting the candidates.
        sql.append(statuses.size() == 1 && lane != null
                ? " ORDER BY s.workflow, s.process, s.status, s.active, s.lane, s.status_at, s.id"
                : " ORDER BY s.status_at, s.id");
        if (limit > 0) {
            sql.append(" FETCH FIRST ").append(limit).append(" ROWS ONLY");
        }
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql.toString())) {
            int i = 1;
            s.setString(i++, at.workflow());
            s.setString(i++, at.process());
            for (String status : statuses) {
                s.setString(i++, status);
            }
            s.setObject(i++, now());
            if (lane != null) {
                s.setString(i++, lane);
            }
            for (StepRef step : done) {
                s.setString(i++, step.workflow());
                s.setString(i++, step.process());
            }
            List<String> ids = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
            return ids;
        }
    }

    List<String> lanes(StepRef at, Collection<String> statuses) throws SQLException {
        if (statuses.isEmpty()) {
            throw new IllegalArgumentException("A query of lanes at " + at + " needs at least one status");
        }
        String sql = "SELECT DISTINCT lane FROM workflow_step WHERE workflow = ? AND process = ? AND status IN ("
                     + "?, ".repeat(statuses.size() - 1) + "?) AND active = TRUE ORDER BY lane";
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            int i = 1;
            s.setString(i++, at.workflow());
            s.setString(i++, at.process());
            for (String status : statuses) {
                s.setString(i++, status);
            }
            List<String> lanes = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    lanes.add(rs.getString(1));
                }
            }
            return lanes;
        }
    }

    List<Step> inStatus(String status, OffsetDateTime before, int limit) throws SQLException {
        if (limit < 0) {
            throw new IllegalArgumentException("The limit must be >= 0 but was " + limit);
        }
        String sql = "SELECT " + StepRows.COLUMNS + " FROM workflow_step WHERE status = ? AND active = TRUE"
                     + " AND (start_at IS NULL OR start_at <= ?)" + (before == null ? "" : " AND status_at < ?")
                     + " ORDER BY status_at, id" + (limit > 0 ? " FETCH FIRST " + limit + " ROWS ONLY" : "");
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, status);
            s.setObject(2, now());
            if (before != null) {
                s.setObject(3, before);
            }
            return StepRows.readAll(s);
        }
    }
}
