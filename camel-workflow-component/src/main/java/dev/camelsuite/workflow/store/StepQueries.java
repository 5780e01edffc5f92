package dev.camelsuite.workflow.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import javax.sql.DataSource;

/**
 * Reads across objects and workflows that {@link WorkflowStore} has no operation for, as the workflow service's HTTP
 * API needs them: every workflow of an object, objects at a step joined with done steps of any workflow, the lanes at
 * a step, and steps long in one status. Each is one statement; none writes.
 */
public final class StepQueries {

    private final DataSource dataSource;

    public StepQueries(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Every step of every workflow of an object, by workflow, then version, then template order. */
    public List<Step> steps(String objectId) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT " + StepRows.COLUMNS + " FROM workflow_step"
                                                      + " WHERE object_id = ? ORDER BY workflow, version, id")) {
            s.setString(1, objectId);
            return StepRows.readAll(s);
        }
    }

    /**
     * Objects whose active step at {@code at} has one of {@code statuses} and whose active steps {@code done} — of
     * the same workflow or of others — are all done (completed or skipped), oldest first: by the time the step at
     * {@code at} got its status. Steps of a future-dated workflow are left out until its start date. With the single
     * status {@code queued} the candidates are a range of the queue index, the readiness the store keeps; each
     * {@code done} step is then one lookup by object.
     *
     * @param lane  the lane of the step at {@code at}, or null for all
     * @param limit at most this many, 0 for all
     */
    public List<String> objects(StepRef at, Collection<String> statuses, List<StepRef> done, String lane, int limit)
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
            s.setObject(i++, OffsetDateTime.now(ZoneOffset.UTC));
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

    /** The lanes of the active steps at {@code at} that have one of {@code statuses}, in name order. */
    public List<String> lanes(StepRef at, Collection<String> statuses) throws SQLException {
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

    /**
     * Active steps of any workflow in {@code status} since before {@code before} (null: any time), oldest first. Steps
     * of a future-dated workflow are left out until its start date.
     *
     * @param limit at most this many, 0 for all
     */
    public List<Step> inStatus(String status, OffsetDateTime before, int limit) throws SQLException {
        if (limit < 0) {
            throw new IllegalArgumentException("The limit must be >= 0 but was " + limit);
        }
        String sql = "SELECT " + StepRows.COLUMNS + " FROM workflow_step WHERE status = ? AND active = TRUE"
                     + " AND (start_at IS NULL OR start_at <= ?)" + (before == null ? "" : " AND status_at < ?")
                     + " ORDER BY status_at, id" + (limit > 0 ? " FETCH FIRST " + limit + " ROWS ONLY" : "");
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, status);
            s.setObject(2, OffsetDateTime.now(ZoneOffset.UTC));
            if (before != null) {
                s.setObject(3, before);
            }
            return StepRows.readAll(s);
        }
    }
}
