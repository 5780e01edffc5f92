package dev.camelsuite.workflow.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import dev.camelsuite.workflow.StepStatus;
import dev.camelsuite.workflow.model.HeldStep;
import dev.camelsuite.workflow.model.StepAttempt;

/**
 * Reads of who works on what: the attempt history of a step, and the started steps with their holders and leases.
 * An attempt's end is written when its step is claimed again; the last attempt's end is read from the step itself.
 */
final class StepAttempts {

    private final DataSource dataSource;

    StepAttempts(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** Every attempt robots made at a process of an object's workflow, every version, in order. */
    List<StepAttempt> of(String objectId, String workflow, String process) throws SQLException {
        List<StepAttempt> attempts = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT a.version, a.attempt, a.robot, a.started_at, a.ended_at,"
                                                      + " a.status, a.error_message, a.error_text, t.status,"
                                                      + " t.status_at, t.error_message, t.error_text, t.attempts"
                                                      + " FROM workflow_attempt a LEFT JOIN workflow_step t"
                                                      + " ON t.object_id = a.object_id AND t.workflow = a.workflow"
                                                      + " AND t.process = a.process AND t.version = a.version"
                                                      + " WHERE a.object_id = ? AND a.workflow = ? AND a.process = ?"
                                                      + " ORDER BY a.version, a.attempt")) {
            s.setString(1, objectId);
            s.setString(2, workflow);
            s.setString(3, process);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    int attempt = rs.getInt(2);
                    OffsetDateTime ended = rs.getObject(5, OffsetDateTime.class);
                    String status = rs.getString(6);
                    String message = rs.getString(7);
                    String text = rs.getString(8);
                    String stepStatus = rs.getString(9);
                    // the last attempt ended as the step shows it, unless the step is still at it
                    if (ended == null && stepStatus != null && rs.getInt(13) == attempt
                        && !StepStatus.STARTED.is(stepStatus)) {
                        ended = rs.getObject(10, OffsetDateTime.class);
                        status = stepStatus;
                        message = rs.getString(11);
                        text = rs.getString(12);
                    } else if (ended == null && StepStatus.STARTED.is(stepStatus) && rs.getInt(13) == attempt) {
                        status = StepStatus.STARTED.label();
                    }
                    attempts.add(new StepAttempt(objectId, workflow, process, rs.getInt(1), attempt, rs.getString(3),
                            rs.getObject(4, OffsetDateTime.class), ended, status, message, text));
                }
            }
        }
        return attempts;
    }

    /**
     * The active started steps, of one workflow or all (null), with their holders, the longest held first; at most
     * {@code limit}.
     */
    List<HeldStep> held(String workflow, int limit) throws SQLException {
        List<HeldStep> held = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT object_id, workflow, process, version, lane, attempts,"
                                                      + " held_by, held_since, lease_until, status_at"
                                                      + " FROM workflow_step"
                                                      + " WHERE status = 'started' AND active = TRUE"
                                                      + (workflow == null ? "" : " AND workflow = ?")
                                                      + " ORDER BY status_at, id FETCH FIRST " + limit
                                                      + " ROWS ONLY")) {
            if (workflow != null) {
                s.setString(1, workflow);
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    OffsetDateTime since = rs.getObject(8, OffsetDateTime.class);
                    // a step started by a client after a robot's claim is held by nobody known
                    boolean claimed = since != null && since.isEqual(rs.getObject(10, OffsetDateTime.class));
                    held.add(new HeldStep(rs.getString(1), rs.getString(2), rs.getString(3), rs.getInt(4),
                            rs.getString(5), rs.getInt(6), claimed ? rs.getString(7) : null,
                            claimed ? since : null, claimed ? rs.getObject(9, OffsetDateTime.class) : null));
                }
            }
        }
        return held;
    }
}
