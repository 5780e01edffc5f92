package dev.camelsuite.workflow.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * The update on PostgreSQL: one statement of data-modifying common table expressions — lock, decide, update the
 * step, queue what became ready, write the history — so an update auto-commits in one round trip like a bare
 * UPDATE. A step that starts a next workflow is the exception: that creation needs a transaction around both.
 * <p>
 * Every step of the version is locked first ({@code FOR UPDATE}, in id order). Under read committed a row lock that
 * had to wait returns the row as the other transaction committed it, so the readiness decided from those rows sees a
 * parallel step that finished a moment earlier; the rest of the statement works from them, never from its snapshot.
 */
final class PostgresStepUpdater implements StepUpdater {

    @Override
    public boolean isSingleStatement() {
        return true;
    }

    private static final String SQL = """
            WITH args AS (
                SELECT CAST(? AS VARCHAR) AS object_id, CAST(? AS VARCHAR) AS workflow, CAST(? AS VARCHAR) AS process,
                       CAST(? AS VARCHAR) AS status, CAST(? AS VARCHAR) AS expected,
                       CAST(? AS VARCHAR) AS error_message, CAST(? AS VARCHAR) AS error_text,
                       CAST(? AS NUMERIC) AS elapsed, CAST(? AS VARCHAR) AS lifecycle, CAST(? AS VARCHAR) AS note,
                       CAST(? AS VARCHAR) AS lane, CAST(? AS TIMESTAMPTZ) AS now, CAST(? AS BOOLEAN) AS defer_next
            ),
            steps AS (
                SELECT s.id, s.process, s.status, s.skip_queue, s.prerequisites, s.version, s.next_workflow, s.lane
                FROM workflow_step s JOIN args a ON s.object_id = a.object_id AND s.workflow = a.workflow
                WHERE s.active ORDER BY s.id FOR UPDATE OF s
            ),
            target AS (
                SELECT s.* FROM steps s JOIN args a ON s.process = a.process
            ),
            deferred AS (
                SELECT t.id FROM target t JOIN args a
                ON a.defer_next AND t.next_workflow IS NOT NULL AND a.status IN ('completed', 'skipped')
            ),
            go AS (
                SELECT t.id, t.status FROM target t JOIN args a ON a.expected IS NULL OR t.status = a.expected
                WHERE NOT EXISTS (SELECT 1 FROM deferred)
            ),
            after AS (
                SELECT s.id, s.process, s.skip_queue, s.prerequisites,
                       CASE WHEN s.id IN (SELECT id FROM go) THEN (SELECT status FROM args) ELSE s.status END AS status
                FROM steps s
            ),
            ready AS (
                SELECT w.id FROM after w
                WHERE EXISTS (SELECT 1 FROM go)
                  AND (SELECT status FROM args) IN ('completed', 'skipped', 'waiting')
                  AND w.status = 'waiting' AND NOT w.skip_queue
                  AND NOT EXISTS (SELECT 1 FROM unnest(string_to_array(w.prerequisites, ',')) AS p(process)
                                  LEFT JOIN after d ON d.process = p.process
                                  WHERE d.status IS NULL OR d.status NOT IN ('completed', 'skipped'))
            ),
            changed AS (
                UPDATE workflow_step w
                SET status = CASE WHEN w.id IN (SELECT id FROM ready) THEN 'queued' ELSE a.status END,
                    error_message = a.error_message, error_text = a.error_text, status_at = a.now,
                    attempts = w.attempts
                               + CASE WHEN a.status = 'started' OR a.status = 'error' AND g.status <> 'started'
                                      THEN 1 ELSE 0 END,
                    completed_at = CASE WHEN a.status IN ('completed', 'skipped') THEN a.now ELSE w.completed_at END,
                    lifecycle = COALESCE(a.lifecycle, w.lifecycle), note = COALESCE(a.note, w.note),
                    lane = COALESCE(a.lane, w.lane), elapsed = COALESCE(a.elapsed, w.elapsed)
                FROM go g, args a WHERE w.id = g.id
                RETURNING w.id AS step_id, g.status AS old_status, %1$s
            ),
            promoted AS (
                UPDATE workflow_step w SET status = 'queued', status_at = a.now
                FROM ready r, args a WHERE w.id = r.id AND w.id NOT IN (SELECT id FROM go)
                RETURNING w.id AS step_id, %1$s
            ),
            history AS (
                INSERT INTO workflow_history (object_id, workflow, process, version, old_status, new_status, changed_at)
                SELECT c.object_id, c.workflow, c.process, c.version, c.old_status, a.status, a.now
                FROM changed c, args a
                UNION ALL
                SELECT c.object_id, c.workflow, c.process, c.version, 'waiting', 'queued', a.now
                FROM changed c, args a WHERE c.status = 'queued' AND a.status = 'waiting'
                UNION ALL
                SELECT p.object_id, p.workflow, p.process, p.version, 'waiting', 'queued', a.now
                FROM promoted p, args a
            ),
            next AS (
                SELECT c.step_id, %2$s FROM changed c, args a WHERE c.status = 'queued' AND a.status = 'waiting'
                UNION ALL
                SELECT p.step_id, %3$s FROM promoted p
            )
            SELECT t.status, t.version, COALESCE((SELECT lane FROM args), t.lane), t.next_workflow,
                   EXISTS (SELECT 1 FROM go), EXISTS (SELECT 1 FROM deferred), %4$s
            FROM target t LEFT JOIN next n ON TRUE
            ORDER BY n.step_id
            """.formatted(StepRows.columns("w."), StepRows.columns("c."), StepRows.columns("p."),
            StepRows.columns("n."));

    /** Column of the first step column in the answer. */
    private static final int FIRST_STEP_COLUMN = 7;

    @Override
    public UpdateOutcome apply(Connection c, String objectId, String workflow, String process, StepUpdate update,
                               OffsetDateTime now, boolean deferNextWorkflow)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement(SQL)) {
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
