-- PostgreSQL only: a step update as one server-side call, so that it costs one round trip and a few cached plans.
-- The readiness rules it applies are stated once, in docs/workflow-component.adoc ("Readiness"); the portable
-- implementation of the same rules is LockingStepUpdater.
--
-- The store runs the common updates as statements of its own: a step that is not done going to another status that is
-- not done (started, error, waiting, a custom one), or to done. This function is what it calls for the rest -- a done
-- step reopened or ended again -- and for an update its statement did not apply, to learn why (the step is missing,
-- in another status than expected, or starts a next workflow). It handles every update.
--
-- Answers one row per step the update made ready (its columns in s_*), or one row whose s_* are null; no row when the
-- object has no such step in its active version. `applied` is false when the step's status was not the expected one;
-- `deferred` true when p_defer_next asked to leave alone an update that would start a next workflow (the caller then
-- redoes it in a transaction that also creates that workflow).
--
-- The step and the steps that name it as a prerequisite are locked first, in id order, as every update that changes
-- their counts locks them: updates of one object then never wait for each other in a circle. The statements after
-- the lock see what committed before it (read committed, a snapshot per statement).
CREATE FUNCTION workflow_update_step(p_object_id VARCHAR, p_workflow VARCHAR, p_process VARCHAR, p_status VARCHAR,
                                     p_expected VARCHAR, p_error_message VARCHAR, p_error_text VARCHAR,
                                     p_elapsed NUMERIC, p_lifecycle VARCHAR, p_note VARCHAR, p_lane VARCHAR,
                                     p_now TIMESTAMPTZ, p_defer_next BOOLEAN)
RETURNS TABLE (current_status VARCHAR, step_version INTEGER, step_lane VARCHAR, step_next_workflow VARCHAR,
               applied BOOLEAN, deferred BOOLEAN, s_object_id VARCHAR, s_workflow VARCHAR, s_process VARCHAR,
               s_version INTEGER, s_status VARCHAR, s_lane VARCHAR, s_active BOOLEAN, s_skip_queue BOOLEAN,
               s_prerequisites VARCHAR, s_lifecycle VARCHAR, s_next_workflow VARCHAR, s_attempts INTEGER,
               s_elapsed NUMERIC, s_error_message VARCHAR, s_error_text VARCHAR, s_note VARCHAR,
               s_status_at TIMESTAMPTZ, s_completed_at TIMESTAMPTZ, s_created_at TIMESTAMPTZ)
LANGUAGE plpgsql AS $$
DECLARE
    now_done BOOLEAN := p_status IN ('completed', 'skipped');
    t workflow_step%ROWTYPE;
    w workflow_step%ROWTYPE;
BEGIN
    PERFORM 1 FROM workflow_step s
    WHERE s.object_id = p_object_id AND s.workflow = p_workflow AND s.active
      AND (s.process = p_process OR p_process = ANY (string_to_array(s.prerequisites, ',')))
    ORDER BY s.id FOR UPDATE;
    SELECT * INTO t FROM workflow_step s
    WHERE s.object_id = p_object_id AND s.workflow = p_workflow AND s.process = p_process AND s.active;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    -- the answer's first columns, the same on every row
    current_status := t.status;
    step_version := t.version;
    step_lane := COALESCE(p_lane, t.lane);
    step_next_workflow := t.next_workflow;
    applied := FALSE;
    deferred := FALSE;
    IF p_defer_next AND t.next_workflow IS NOT NULL AND now_done THEN
        deferred := TRUE;
        RETURN NEXT;
        RETURN;
    END IF;
    IF p_expected IS NOT NULL AND t.status <> p_expected THEN
        RETURN NEXT;
        RETURN;
    END IF;
    applied := TRUE;

    -- the step and its history (a step reset to waiting with no open prerequisite goes on to queued)
    WITH changed AS (
        UPDATE workflow_step u
        SET previous_status = u.status,
            status = CASE WHEN p_status = 'waiting' AND u.open_prerequisites = 0 AND NOT u.skip_queue
                          THEN 'queued' ELSE p_status END,
            error_message = p_error_message, error_text = p_error_text, status_at = p_now,
            attempts = u.attempts + CASE WHEN p_status = 'started' OR p_status = 'error' AND u.status <> 'started'
                                         THEN 1 ELSE 0 END,
            completed_at = CASE WHEN now_done THEN p_now ELSE u.completed_at END,
            lifecycle = COALESCE(p_lifecycle, u.lifecycle), note = COALESCE(p_note, u.note),
            lane = COALESCE(p_lane, u.lane), elapsed = COALESCE(p_elapsed, u.elapsed)
        WHERE u.id = t.id
        RETURNING u.*
    ), logged AS (
        INSERT INTO workflow_history (object_id, workflow, process, version, old_status, new_status, changed_at)
        SELECT p_object_id, p_workflow, p_process, t.version, t.status, p_status, p_now FROM changed
        UNION ALL
        SELECT p_object_id, p_workflow, p_process, t.version, 'waiting', 'queued', p_now FROM changed
        WHERE changed.status = 'queued' AND p_status = 'waiting'
    )
    SELECT * INTO w FROM changed;

    IF NOT now_done AND t.status IN ('completed', 'skipped') THEN
        -- reopened: the steps waiting for it have one more open prerequisite (a queued one stays queued, as a
        -- started one goes on)
        UPDATE workflow_step d SET open_prerequisites = d.open_prerequisites + 1
        WHERE d.object_id = p_object_id AND d.workflow = p_workflow AND d.version = t.version
          AND p_process = ANY (string_to_array(d.prerequisites, ','));
    END IF;
    IF w.status = 'queued' AND p_status = 'waiting' THEN
        -- the one step a reset makes ready is itself
        s_object_id := w.object_id; s_workflow := w.workflow; s_process := w.process; s_version := w.version;
        s_status := w.status; s_lane := w.lane; s_active := w.active; s_skip_queue := w.skip_queue;
        s_prerequisites := w.prerequisites; s_lifecycle := w.lifecycle; s_next_workflow := w.next_workflow;
        s_attempts := w.attempts; s_elapsed := w.elapsed; s_error_message := w.error_message;
        s_error_text := w.error_text; s_note := w.note; s_status_at := w.status_at;
        s_completed_at := w.completed_at; s_created_at := w.created_at;
    END IF;
    IF NOT now_done OR t.status IN ('completed', 'skipped') THEN
        RETURN NEXT;
        RETURN;
    END IF;

    -- done now and not before: the steps waiting for it have one fewer open prerequisite, and a waiting one left with
    -- none is queued, logged and answered
    RETURN QUERY WITH opened AS (
        UPDATE workflow_step d
        SET open_prerequisites = d.open_prerequisites - 1, previous_status = d.status,
            status = CASE WHEN d.status = 'waiting' AND d.open_prerequisites = 1 AND NOT d.skip_queue
                          THEN 'queued' ELSE d.status END,
            status_at = CASE WHEN d.status = 'waiting' AND d.open_prerequisites = 1 AND NOT d.skip_queue
                             THEN p_now ELSE d.status_at END
        WHERE d.object_id = p_object_id AND d.workflow = p_workflow AND d.version = t.version
          AND p_process = ANY (string_to_array(d.prerequisites, ','))
        RETURNING d.*
    ), promoted AS (
        SELECT * FROM opened o WHERE o.previous_status = 'waiting' AND o.status = 'queued'
    ), logged AS (
        INSERT INTO workflow_history (object_id, workflow, process, version, old_status, new_status, changed_at)
        SELECT p_object_id, p_workflow, x.process, t.version, 'waiting', 'queued', p_now FROM promoted x ORDER BY x.id
    )
    SELECT t.status, t.version, COALESCE(p_lane, t.lane), t.next_workflow, TRUE, FALSE,
        x.object_id, x.workflow, x.process, x.version, x.status, x.lane, x.active, x.skip_queue, x.prerequisites,
        x.lifecycle, x.next_workflow, x.attempts, x.elapsed, x.error_message, x.error_text, x.note, x.status_at,
        x.completed_at, x.created_at
    FROM promoted x ORDER BY x.id;
    IF NOT FOUND THEN
        RETURN NEXT;
    END IF;
END;
$$;
