-- PostgreSQL only: workflow_end_steps (V1_3) learns the claim each end belongs to, so that a robot's late end — after
-- the sweeper put its step back in the queue and another robot claimed it, or after the workflow was created again —
-- is refused instead of applied to the other claim. Two more parallel arrays: the version and the attempt count each
-- end's claim gave its step (null: the end names no claim). A step's attempts only grow, so the pair names one claim.
-- Everything else as in V1_3, whose text this replaces (a migration once released is never changed).
DROP FUNCTION workflow_end_steps(VARCHAR[], VARCHAR[], VARCHAR[], VARCHAR[], VARCHAR[], VARCHAR[], VARCHAR[], NUMERIC[],
                                 VARCHAR[], VARCHAR[], VARCHAR[], TIMESTAMPTZ);

CREATE FUNCTION workflow_end_steps(p_object_ids VARCHAR[], p_workflows VARCHAR[], p_processes VARCHAR[],
                                   p_statuses VARCHAR[], p_expected VARCHAR[], p_error_messages VARCHAR[],
                                   p_error_texts VARCHAR[], p_elapsed NUMERIC[], p_lifecycles VARCHAR[],
                                   p_notes VARCHAR[], p_lanes VARCHAR[], p_claim_versions INTEGER[],
                                   p_claim_attempts INTEGER[], p_now TIMESTAMPTZ)
RETURNS TABLE (end_index INTEGER, current_status VARCHAR, step_version INTEGER, step_lane VARCHAR,
               step_next_workflow VARCHAR, s_object_id VARCHAR, s_workflow VARCHAR, s_process VARCHAR,
               s_version INTEGER, s_status VARCHAR, s_lane VARCHAR, s_active BOOLEAN, s_skip_queue BOOLEAN,
               s_prerequisites VARCHAR, s_lifecycle VARCHAR, s_next_workflow VARCHAR, s_attempts INTEGER,
               s_elapsed NUMERIC, s_error_message VARCHAR, s_error_text VARCHAR, s_note VARCHAR,
               s_status_at TIMESTAMPTZ, s_completed_at TIMESTAMPTZ, s_created_at TIMESTAMPTZ)
LANGUAGE plpgsql AS $$
DECLARE
    -- the ends that applied, as parallel arrays: their index in the batch, their step, the status it left
    a_n INTEGER[];
    a_object_id VARCHAR[];
    a_workflow VARCHAR[];
    a_process VARCHAR[];
    a_version INTEGER[];
    a_previous VARCHAR[];
    a_lane VARCHAR[];
    a_next VARCHAR[];
BEGIN
    PERFORM 1 FROM workflow_step s, unnest(p_object_ids, p_workflows, p_processes) AS e(object_id, workflow, process)
    WHERE s.object_id = e.object_id AND s.workflow = e.workflow AND s.active
      AND (s.process = e.process OR e.process = ANY (string_to_array(s.prerequisites, ',')))
    ORDER BY s.id FOR UPDATE OF s;

    WITH e AS (
        SELECT * FROM unnest(p_object_ids, p_workflows, p_processes, p_statuses, p_expected, p_error_messages,
                             p_error_texts, p_elapsed, p_lifecycles, p_notes, p_lanes, p_claim_versions,
                             p_claim_attempts) WITH ORDINALITY
            AS e(object_id, workflow, process, status, expected, error_message, error_text, elapsed, lifecycle, note,
                 lane, claim_version, claim_attempts, n)
    ), changed AS (
        UPDATE workflow_step u
        SET previous_status = u.status, status = e.status, error_message = e.error_message,
            error_text = e.error_text, status_at = p_now, completed_at = p_now,
            lifecycle = COALESCE(e.lifecycle, u.lifecycle), note = COALESCE(e.note, u.note),
            lane = COALESCE(e.lane, u.lane), elapsed = COALESCE(e.elapsed, u.elapsed)
        FROM e
        WHERE u.object_id = e.object_id AND u.workflow = e.workflow AND u.process = e.process AND u.active
          AND (e.expected IS NULL OR u.status = e.expected)
          AND (e.claim_attempts IS NULL OR u.version = e.claim_version AND u.attempts = e.claim_attempts)
        RETURNING e.n, u.object_id, u.workflow, u.process, u.version, u.previous_status, u.status, u.lane,
                  u.next_workflow
    ), logged AS (
        INSERT INTO workflow_history (object_id, workflow, process, version, old_status, new_status, changed_at)
        SELECT c.object_id, c.workflow, c.process, c.version, c.previous_status, c.status, p_now FROM changed c
        ORDER BY c.n
    )
    SELECT array_agg(c.n::INTEGER ORDER BY c.n), array_agg(c.object_id ORDER BY c.n),
           array_agg(c.workflow ORDER BY c.n), array_agg(c.process ORDER BY c.n), array_agg(c.version ORDER BY c.n),
           array_agg(c.previous_status ORDER BY c.n), array_agg(c.lane ORDER BY c.n),
           array_agg(c.next_workflow ORDER BY c.n)
    INTO a_n, a_object_id, a_workflow, a_process, a_version, a_previous, a_lane, a_next
    FROM changed c;

    RETURN QUERY SELECT x.n, x.previous_status, x.version, x.lane, x.next_workflow, NULL::VARCHAR, NULL::VARCHAR,
           NULL::VARCHAR, NULL::INTEGER, NULL::VARCHAR, NULL::VARCHAR, NULL::BOOLEAN, NULL::BOOLEAN, NULL::VARCHAR,
           NULL::VARCHAR, NULL::VARCHAR, NULL::INTEGER, NULL::NUMERIC, NULL::VARCHAR, NULL::VARCHAR, NULL::VARCHAR,
           NULL::TIMESTAMPTZ, NULL::TIMESTAMPTZ, NULL::TIMESTAMPTZ
    FROM unnest(a_n, a_previous, a_version, a_lane, a_next) AS x(n, previous_status, version, lane, next_workflow);

    -- the ends that made a step done: one fewer open prerequisite for each step waiting for them
    RETURN QUERY WITH ended AS (
        SELECT * FROM unnest(a_n, a_object_id, a_workflow, a_process, a_version, a_previous)
            AS x(n, object_id, workflow, process, version, previous_status)
        WHERE x.previous_status NOT IN ('completed', 'skipped')
    ), waiting AS (
        SELECT w.id, COUNT(*) AS ends, MAX(x.n) AS n FROM ended x, workflow_step w
        WHERE w.object_id = x.object_id AND w.workflow = x.workflow AND w.version = x.version
          AND x.process = ANY (string_to_array(w.prerequisites, ','))
        GROUP BY w.id
    ), opened AS (
        UPDATE workflow_step d
        SET open_prerequisites = d.open_prerequisites - k.ends, previous_status = d.status,
            status = CASE WHEN d.status = 'waiting' AND d.open_prerequisites = k.ends AND NOT d.skip_queue
                          THEN 'queued' ELSE d.status END,
            status_at = CASE WHEN d.status = 'waiting' AND d.open_prerequisites = k.ends AND NOT d.skip_queue
                             THEN p_now ELSE d.status_at END
        FROM waiting k WHERE d.id = k.id
        RETURNING k.n, d.*
    ), promoted AS (
        SELECT * FROM opened o WHERE o.previous_status = 'waiting' AND o.status = 'queued'
    ), logged AS (
        INSERT INTO workflow_history (object_id, workflow, process, version, old_status, new_status, changed_at)
        SELECT p.object_id, p.workflow, p.process, p.version, 'waiting', 'queued', p_now FROM promoted p ORDER BY p.id
    )
    SELECT p.n::INTEGER, NULL::VARCHAR, NULL::INTEGER, NULL::VARCHAR, NULL::VARCHAR,
           p.object_id, p.workflow, p.process, p.version, p.status, p.lane, p.active, p.skip_queue, p.prerequisites,
           p.lifecycle, p.next_workflow, p.attempts, p.elapsed, p.error_message, p.error_text, p.note, p.status_at,
           p.completed_at, p.created_at
    FROM promoted p ORDER BY p.id;
END;
$$;
