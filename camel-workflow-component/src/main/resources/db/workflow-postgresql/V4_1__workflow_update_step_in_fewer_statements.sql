-- PostgreSQL only: workflow_update_step (V2_1) again, in fewer statements and with fewer locks. Same arguments and
-- answer. (The store runs an update to a status that cannot make a step ready as one statement of its own, the same
-- as the first branch here; the function does it too, for callers that only know the function.)
--
-- * A status that cannot make a step ready (not done, not waiting): one UPDATE finds, locks and checks the step,
--   keeps the status it replaces in previous_status and so logs the change in the same statement.
-- * Reset to waiting: the step alone is locked; the statement after the lock reads its prerequisites and queues it
--   when they are done. A prerequisite finishing at the same moment either committed before that statement (then
--   the step is queued here) or locks the step after us and sees it waiting (then it queues it).
-- * Completed or skipped: the step and the steps that name it as a prerequisite are locked, in id order; then the
--   steps waiting for it whose other prerequisites are done are queued by a statement of its own. Of two
--   prerequisites of one step finishing together, the second waits for the first one's lock on that step and, its
--   next statement starting after the first committed, sees both done.
-- Under read committed each statement of a (volatile) function sees what committed before it started: that is what
-- "the statement after the lock" relies on. V2_1 locked every step of the version and decided in a loop.
CREATE OR REPLACE FUNCTION workflow_update_step(p_object_id VARCHAR, p_workflow VARCHAR, p_process VARCHAR, p_status VARCHAR,
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
    done BOOLEAN := p_status IN ('completed', 'skipped');
    t_id BIGINT;
    t_status VARCHAR;
    t_version INTEGER;
    t_lane VARCHAR;
    t_next VARCHAR;
    w workflow_step%ROWTYPE;
    r RECORD;
BEGIN
    IF NOT done AND p_status <> 'waiting' THEN
        -- nothing can become ready: one statement finds, locks, checks and updates the step and logs the change (the
        -- status it had is kept in previous_status, which is how the history row learns it)
        WITH changed AS (
            UPDATE workflow_step u
            SET previous_status = u.status, status = p_status,
                error_message = p_error_message, error_text = p_error_text, status_at = p_now,
                attempts = u.attempts + CASE WHEN p_status = 'started' OR p_status = 'error' AND u.status <> 'started'
                                             THEN 1 ELSE 0 END,
                lifecycle = COALESCE(p_lifecycle, u.lifecycle), note = COALESCE(p_note, u.note),
                lane = COALESCE(p_lane, u.lane), elapsed = COALESCE(p_elapsed, u.elapsed)
            WHERE u.object_id = p_object_id AND u.workflow = p_workflow AND u.process = p_process AND u.active
              AND (p_expected IS NULL OR u.status = p_expected)
            RETURNING u.previous_status, u.version, u.lane, u.next_workflow
        ), logged AS (
            INSERT INTO workflow_history (object_id, workflow, process, version, old_status, new_status, changed_at)
            SELECT p_object_id, p_workflow, p_process, changed.version, changed.previous_status, p_status, p_now
            FROM changed
        )
        SELECT * INTO current_status, step_version, step_lane, step_next_workflow FROM changed;
        applied := FOUND;
        deferred := FALSE;
        IF NOT applied THEN
            -- missing, or not in the expected status: say which
            SELECT s.status, s.version, COALESCE(p_lane, s.lane), s.next_workflow
            INTO current_status, step_version, step_lane, step_next_workflow
            FROM workflow_step s WHERE s.object_id = p_object_id AND s.workflow = p_workflow AND s.process = p_process
              AND s.active;
            IF NOT FOUND THEN
                RETURN;
            END IF;
        END IF;
        RETURN NEXT;
        RETURN;
    END IF;
    IF done THEN
        -- a step that became done can make the steps that wait for it ready: lock it and them, in id order, so
        -- that of two prerequisites finishing together the second waits for the first and then sees it done
        FOR r IN SELECT s.id, s.process, s.status, s.version, s.lane, s.next_workflow FROM workflow_step s
                 WHERE s.object_id = p_object_id AND s.workflow = p_workflow AND s.active
                   AND (s.process = p_process OR p_process = ANY (string_to_array(s.prerequisites, ',')))
                 ORDER BY s.id FOR UPDATE LOOP
            IF r.process = p_process THEN
                t_id := r.id; t_status := r.status; t_version := r.version; t_lane := r.lane; t_next := r.next_workflow;
            END IF;
        END LOOP;
    ELSE
        SELECT s.id, s.status, s.version, s.lane, s.next_workflow INTO t_id, t_status, t_version, t_lane, t_next
        FROM workflow_step s WHERE s.object_id = p_object_id AND s.workflow = p_workflow AND s.process = p_process
          AND s.active FOR UPDATE;
    END IF;
    IF t_id IS NULL THEN
        RETURN;
    END IF;
    -- the answer's first columns, the same on every row
    current_status := t_status;
    step_version := t_version;
    step_lane := COALESCE(p_lane, t_lane);
    step_next_workflow := t_next;
    applied := FALSE;
    deferred := FALSE;
    IF p_defer_next AND t_next IS NOT NULL AND done THEN
        deferred := TRUE;
        RETURN NEXT;
        RETURN;
    END IF;
    IF p_expected IS NOT NULL AND t_status <> p_expected THEN
        RETURN NEXT;
        RETURN;
    END IF;
    applied := TRUE;

    IF NOT done THEN
        -- reset to waiting: the statement that updates the step starts after its lock, so the prerequisites it reads
        -- are as they committed; done ones send the step on to queued, and it is the one step this made ready
        WITH changed AS (
            UPDATE workflow_step u
            SET previous_status = u.status,
                status = CASE WHEN NOT u.skip_queue AND NOT EXISTS (
                                  SELECT 1 FROM unnest(string_to_array(NULLIF(u.prerequisites, ''), ',')) AS p(name)
                                  WHERE NOT EXISTS (
                                      SELECT 1 FROM workflow_step e WHERE e.object_id = p_object_id
                                        AND e.workflow = p_workflow AND e.version = t_version AND e.process = p.name
                                        AND e.status IN ('completed', 'skipped')))
                              THEN 'queued' ELSE 'waiting' END,
                error_message = p_error_message, error_text = p_error_text, status_at = p_now,
                lifecycle = COALESCE(p_lifecycle, u.lifecycle), note = COALESCE(p_note, u.note),
                lane = COALESCE(p_lane, u.lane), elapsed = COALESCE(p_elapsed, u.elapsed)
            WHERE u.id = t_id
            RETURNING u.*
        ), logged AS (
            INSERT INTO workflow_history (object_id, workflow, process, version, old_status, new_status, changed_at)
            SELECT p_object_id, p_workflow, p_process, t_version, t_status, 'waiting', p_now FROM changed
            UNION ALL
            SELECT p_object_id, p_workflow, p_process, t_version, 'waiting', 'queued', p_now FROM changed
            WHERE changed.status = 'queued'
        )
        SELECT * INTO w FROM changed;
        IF w.status = 'queued' THEN
            s_object_id := w.object_id; s_workflow := w.workflow; s_process := w.process; s_version := w.version;
            s_status := w.status; s_lane := w.lane; s_active := w.active; s_skip_queue := w.skip_queue;
            s_prerequisites := w.prerequisites; s_lifecycle := w.lifecycle; s_next_workflow := w.next_workflow;
            s_attempts := w.attempts; s_elapsed := w.elapsed; s_error_message := w.error_message;
            s_error_text := w.error_text; s_note := w.note; s_status_at := w.status_at;
            s_completed_at := w.completed_at; s_created_at := w.created_at;
        END IF;
        RETURN NEXT;
        RETURN;
    END IF;

    -- done: the step and its history, then the steps waiting for it whose other prerequisites are done (read by a
    -- statement that starts after the locks) are queued, logged and answered
    WITH changed AS (
        UPDATE workflow_step u
        SET previous_status = u.status, status = p_status,
            error_message = p_error_message, error_text = p_error_text, status_at = p_now, completed_at = p_now,
            lifecycle = COALESCE(p_lifecycle, u.lifecycle), note = COALESCE(p_note, u.note),
            lane = COALESCE(p_lane, u.lane), elapsed = COALESCE(p_elapsed, u.elapsed)
        WHERE u.id = t_id
        RETURNING u.id
    )
    INSERT INTO workflow_history (object_id, workflow, process, version, old_status, new_status, changed_at)
    SELECT p_object_id, p_workflow, p_process, t_version, t_status, p_status, p_now FROM changed;
    RETURN QUERY WITH promoted AS (
        UPDATE workflow_step d SET previous_status = d.status, status = 'queued', status_at = p_now
        WHERE d.object_id = p_object_id AND d.workflow = p_workflow AND d.version = t_version
          AND d.status = 'waiting' AND NOT d.skip_queue AND p_process = ANY (string_to_array(d.prerequisites, ','))
          AND NOT EXISTS (SELECT 1 FROM unnest(string_to_array(d.prerequisites, ',')) AS p(name)
                          WHERE p.name <> p_process AND NOT EXISTS (
                              SELECT 1 FROM workflow_step e WHERE e.object_id = p_object_id AND e.workflow = p_workflow
                                AND e.version = t_version AND e.process = p.name AND e.status IN ('completed', 'skipped')))
        RETURNING d.*
    ), logged AS (
        INSERT INTO workflow_history (object_id, workflow, process, version, old_status, new_status, changed_at)
        SELECT p_object_id, p_workflow, promoted.process, t_version, 'waiting', 'queued', p_now FROM promoted
        ORDER BY promoted.id
    )
    SELECT t_status, t_version, COALESCE(p_lane, t_lane), t_next, TRUE, FALSE,
        x.object_id, x.workflow, x.process, x.version, x.status, x.lane, x.active, x.skip_queue, x.prerequisites,
        x.lifecycle, x.next_workflow, x.attempts, x.elapsed, x.error_message, x.error_text, x.note, x.status_at,
        x.completed_at, x.created_at
    FROM promoted x ORDER BY x.id;
    IF NOT FOUND THEN
        RETURN NEXT;
    END IF;
END;
$$;
