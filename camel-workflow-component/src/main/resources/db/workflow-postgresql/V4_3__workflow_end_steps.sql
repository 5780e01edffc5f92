-- PostgreSQL only: many steps ended as done (completed or skipped) in one call, for a robot endpoint's batched step
-- ends (completionBatch). The same rules as workflow_update_step, applied to the whole batch at once: one statement
-- locks the steps and the steps waiting for them (in id order), one updates the steps and logs them, one queues and
-- logs the steps that became ready. That is three statements a batch instead of three a step.
--
-- The arguments are parallel arrays, one element per step end. Answers a row per end that applied (s_* null), and a
-- row per step made ready (end_index: the last end of the batch it was waiting for). An end that did not apply (the
-- step is missing, or not in the expected status) has no row: the caller learns why on its own.
CREATE FUNCTION workflow_end_steps(p_object_ids VARCHAR[], p_workflows VARCHAR[], p_processes VARCHAR[],
                                   p_statuses VARCHAR[], p_expected VARCHAR[], p_error_messages VARCHAR[],
                                   p_error_texts VARCHAR[], p_elapsed NUMERIC[], p_lifecycles VARCHAR[],
                                   p_notes VARCHAR[], p_lanes VARCHAR[], p_now TIMESTAMPTZ)
RETURNS TABLE (end_index INTEGER, current_status VARCHAR, step_version INTEGER, step_lane VARCHAR,
               step_next_workflow VARCHAR, s_object_id VARCHAR, s_workflow VARCHAR, s_process VARCHAR,
               s_version INTEGER, s_status VARCHAR, s_lane VARCHAR, s_active BOOLEAN, s_skip_queue BOOLEAN,
               s_prerequisites VARCHAR, s_lifecycle VARCHAR, s_next_workflow VARCHAR, s_attempts INTEGER,
               s_elapsed NUMERIC, s_error_message VARCHAR, s_error_text VARCHAR, s_note VARCHAR,
               s_status_at TIMESTAMPTZ, s_completed_at TIMESTAMPTZ, s_created_at TIMESTAMPTZ)
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM workflow_step s, unnest(p_object_ids, p_workflows, p_processes) AS e(object_id, workflow, process)
    WHERE s.object_id = e.object_id AND s.workflow = e.workflow AND s.active
      AND (s.process = e.process OR e.process = ANY (string_to_array(s.prerequisites, ',')))
    ORDER BY s.id FOR UPDATE OF s;

    RETURN QUERY WITH e AS (
        SELECT * FROM unnest(p_object_ids, p_workflows, p_processes, p_statuses, p_expected, p_error_messages,
                             p_error_texts, p_elapsed, p_lifecycles, p_notes, p_lanes) WITH ORDINALITY
            AS e(object_id, workflow, process, status, expected, error_message, error_text, elapsed, lifecycle, note,
                 lane, n)
    ), changed AS (
        UPDATE workflow_step u
        SET previous_status = u.status, status = e.status, error_message = e.error_message,
            error_text = e.error_text, status_at = p_now, completed_at = p_now,
            lifecycle = COALESCE(e.lifecycle, u.lifecycle), note = COALESCE(e.note, u.note),
            lane = COALESCE(e.lane, u.lane), elapsed = COALESCE(e.elapsed, u.elapsed)
        FROM e
        WHERE u.object_id = e.object_id AND u.workflow = e.workflow AND u.process = e.process AND u.active
          AND (e.expected IS NULL OR u.status = e.expected)
        RETURNING e.n, u.object_id, u.workflow, u.process, u.version, u.previous_status, u.status, u.lane,
                  u.next_workflow
    ), logged AS (
        INSERT INTO workflow_history (object_id, workflow, process, version, old_status, new_status, changed_at)
        SELECT c.object_id, c.workflow, c.process, c.version, c.previous_status, c.status, p_now FROM changed c
        ORDER BY c.n
    )
    SELECT c.n::INTEGER, c.previous_status, c.version, c.lane, c.next_workflow, NULL::VARCHAR, NULL::VARCHAR,
           NULL::VARCHAR, NULL::INTEGER, NULL::VARCHAR, NULL::VARCHAR, NULL::BOOLEAN, NULL::BOOLEAN, NULL::VARCHAR,
           NULL::VARCHAR, NULL::VARCHAR, NULL::INTEGER, NULL::NUMERIC, NULL::VARCHAR, NULL::VARCHAR, NULL::VARCHAR,
           NULL::TIMESTAMPTZ, NULL::TIMESTAMPTZ, NULL::TIMESTAMPTZ
    FROM changed c;

    -- a statement of its own, after the locks: it sees the steps above done and what committed while it waited
    RETURN QUERY WITH e AS (
        SELECT * FROM unnest(p_object_ids, p_workflows, p_processes) WITH ORDINALITY AS e(object_id, workflow, process, n)
    ), promoted AS (
        UPDATE workflow_step d SET previous_status = d.status, status = 'queued', status_at = p_now
        WHERE d.id IN (SELECT w.id FROM workflow_step w, e WHERE w.object_id = e.object_id AND w.workflow = e.workflow
                         AND w.active AND e.process = ANY (string_to_array(w.prerequisites, ',')))
          AND d.status = 'waiting' AND NOT d.skip_queue
          AND NOT EXISTS (SELECT 1 FROM unnest(string_to_array(d.prerequisites, ',')) AS p(name)
                          WHERE NOT EXISTS (
                              SELECT 1 FROM workflow_step x WHERE x.object_id = d.object_id AND x.workflow = d.workflow
                                AND x.version = d.version AND x.process = p.name
                                AND x.status IN ('completed', 'skipped')))
        RETURNING d.*
    ), logged AS (
        INSERT INTO workflow_history (object_id, workflow, process, version, old_status, new_status, changed_at)
        SELECT p.object_id, p.workflow, p.process, p.version, 'waiting', 'queued', p_now FROM promoted p ORDER BY p.id
    )
    SELECT (SELECT max(e.n) FROM e WHERE e.object_id = p.object_id AND e.workflow = p.workflow
              AND e.process = ANY (string_to_array(p.prerequisites, ',')))::INTEGER,
           NULL::VARCHAR, NULL::INTEGER, NULL::VARCHAR, NULL::VARCHAR,
           p.object_id, p.workflow, p.process, p.version, p.status, p.lane, p.active, p.skip_queue, p.prerequisites,
           p.lifecycle, p.next_workflow, p.attempts, p.elapsed, p.error_message, p.error_text, p.note, p.status_at,
           p.completed_at, p.created_at
    FROM promoted p ORDER BY p.id;
END;
$$;
