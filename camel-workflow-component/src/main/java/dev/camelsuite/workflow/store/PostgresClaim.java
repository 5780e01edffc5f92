package dev.camelsuite.workflow.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.camelsuite.workflow.StepStatus;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepChange;

/**
 * A claim on PostgreSQL in one statement that commits on its own: it takes the ready steps ({@code SKIP LOCKED}, the
 * index of ready steps read in order), marks them started under the robot's lease, ends the attempt before each and
 * starts its next one, writes their history rows and — when the outbox is on — their events, and answers the steps
 * with the status each had. What {@link StepClaims} does in a transaction of six statements on other databases, in one
 * round trip whose text never changes (so the server keeps its plan), and with no transaction left open between
 * statements while the robot's JVM reads the answers.
 */
final class PostgresClaim {

    private static final String EVENTS = "INSERT INTO workflow_event (event_id, object_id, workflow, process, version,"
                                         + " lane, old_status, new_status, changed_at)";

    /**
     * The claim's texts made so far, by limit and lane: a robot endpoint asks for one again and again. Kept for at
     * most {@link #KEPT} of them: the limits come from endpoints' options, but nothing holds their number down.
     */
    private static final Map<Integer, String> TEXTS = new ConcurrentHashMap<>();
    private static final int KEPT = 64;

    private PostgresClaim() {
    }

    /**
     * The claim's text for a number of steps and with or without a lane. The number is written into the text, not
     * bound: with a bound limit PostgreSQL plans each claim anew (half a millisecond a claim), while with a written one
     * it keeps one plan for the statement; a robot endpoint claims the same number each time.
     */
    private static String sql(boolean lane, int limit) {
        return "WITH ready AS MATERIALIZED ("
               + " SELECT id, status, attempts, status_at, error_message, error_text FROM workflow_step"
               + " WHERE workflow = ? AND process = ?"
               // in this shape PostgreSQL reads its index of ready steps in order (db/workflow-postgresql)
               + " AND status IN ('queued', 'retrying') AND active = TRUE AND (status = 'queued' OR status_at <= ?)"
               + " AND (start_at IS NULL OR start_at <= ?)" + (lane ? " AND lane = ?" : "")
               + " ORDER BY status_at, id LIMIT " + limit + " FOR UPDATE SKIP LOCKED"
               + "), started AS ("
               + " UPDATE workflow_step u SET status = 'started', attempts = u.attempts + 1, status_at = ?, note = ?,"
               + " held_by = ?, held_since = ?, lease_until = ? FROM ready r WHERE u.id = r.id"
               + " RETURNING " + StepRows.columns("u.") + ", r.status AS old_status, r.attempts AS old_attempts,"
               + " r.status_at AS old_at, r.error_message AS old_error_message, r.error_text AS old_error_text, u.id"
               // the attempt before ends as the step shows it now (ends do not write their attempt: see StepClaims).
               // Only a claim of a step tried before reads the attempts at all: the EXISTS is decided once, before the
               // join, whose plan a connection may have made while the table was small (a scan of every attempt)
               + "), ended AS ("
               + " UPDATE workflow_attempt a SET ended_at = s.old_at, status = s.old_status,"
               + " error_message = s.old_error_message, error_text = s.old_error_text FROM started s"
               + " WHERE EXISTS (SELECT 1 FROM ready x WHERE x.attempts > 0)"
               + " AND s.old_attempts > 0 AND a.object_id = s.object_id AND a.workflow = s.workflow"
               + " AND a.process = s.process AND a.version = s.version AND a.attempt = s.old_attempts"
               + " AND a.ended_at IS NULL"
               + "), attempted AS ("
               + " INSERT INTO workflow_attempt (object_id, workflow, process, version, attempt, robot, started_at)"
               + " SELECT s.object_id, s.workflow, s.process, s.version, s.attempts, ?, s.status_at FROM started s"
               + "), logged AS ("
               + " INSERT INTO workflow_history (object_id, workflow, process, version, old_status, new_status,"
               + " changed_at)"
               + " SELECT s.object_id, s.workflow, s.process, s.version, s.old_status, 'started', s.status_at"
               + " FROM started s ORDER BY s.old_at, s.id"
               + "), evented AS (" + EVENTS
               + " SELECT CAST(gen_random_uuid() AS VARCHAR), s.object_id, s.workflow, s.process, s.version, s.lane,"
               + " s.old_status, 'started', s.status_at FROM started s WHERE ? ORDER BY s.old_at, s.id"
               + ") SELECT " + StepRows.columns("s.") + ", s.old_status FROM started s ORDER BY s.old_at, s.id";
    }

    private static String text(boolean lane, int limit) {
        int key = limit * 2 + (lane ? 1 : 0);
        String text = TEXTS.get(key);
        if (text == null) {
            text = sql(lane, limit);
            if (TEXTS.size() < KEPT) {
                TEXTS.put(key, text);
            }
        }
        return text;
    }

    /**
     * Claims up to {@code limit} ready steps of {@code workflow}/{@code process} (of {@code lane}, unless null) on
     * {@code c}, which commits the statement; adds each step's change to {@code changed}.
     */
    static List<Step> claim(Connection c, String workflow, String process, String lane, int limit,
                            OffsetDateTime retryBefore, OffsetDateTime now, String robot, String holder,
                            OffsetDateTime leaseUntil, boolean events, List<StepChange> changed)
            throws SQLException {
        List<Step> steps = new ArrayList<>(limit);
        try (PreparedStatement s = c.prepareStatement(text(lane != null, limit))) {
            int p = 1;
            s.setString(p++, workflow);
            s.setString(p++, process);
            s.setObject(p++, retryBefore);
            s.setObject(p++, now);
            if (lane != null) {
                s.setString(p++, lane);
            }
            s.setObject(p++, now);
            s.setString(p++, robot);
            s.setString(p++, holder);
            s.setObject(p++, now);
            s.setObject(p++, leaseUntil);
            s.setString(p++, holder);
            s.setBoolean(p, events);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    Step step = StepRows.read(rs, 1);
                    steps.add(step);
                    changed.add(new StepChange(step.objectId(), workflow, process, step.version(), step.lane(),
                            rs.getString(StepRows.COUNT + 1), StepStatus.STARTED.label(), now));
                }
            }
        }
        return steps;
    }
}
