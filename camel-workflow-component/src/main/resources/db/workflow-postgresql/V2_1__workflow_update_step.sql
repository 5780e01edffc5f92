-- PostgreSQL only: a step update as one server-side call, so that it costs one round trip and a few cached plans
-- (a single statement doing the same work spends more on executor set-up than a bare UPDATE does in total).
--
-- Answers one row per step the update made ready (its columns in s_*), or one row whose s_* are null; no row
-- when the object has no such step in its active version. `applied` is false when the step's status was not the
-- expected one; `deferred` true when p_defer_next asked to leave alone an update that would start a next workflow
-- (the caller then redoes it in a transaction that also creates that workflow).
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
    ids BIGINT[] := '{}';
    processes VARCHAR[] := '{}';
    statuses VARCHAR[] := '{}';
    skips BOOLEAN[] := '{}';
    prereqs VARCHAR[] := '{}';
    ready BIGINT[] := '{}';
    t INTEGER;
    t_id BIGINT;
    t_status VARCHAR;
    t_version INTEGER;
    t_lane VARCHAR;
    t_next VARCHAR;
    i INTEGER;
    p VARCHAR;
    ok BOOLEAN;
    r RECORD;
BEGIN
    IF p_status IN ('completed', 'skipped', 'waiting') THEN
        -- the update can make steps ready: lock every step of the version in id order, so updates of one object
        -- take turns and the second of two parallel steps finishing together sees the first one done
        FOR r IN SELECT s.id, s.process, s.status, s.skip_queue, s.prerequisites, s.version, s.lane, s.next_workflow
                 FROM workflow_step s WHERE s.object_id = p_object_id AND s.workflow = p_workflow AND s.active
                 ORDER BY s.id FOR UPDATE LOOP
            ids := ids || r.id;
            processes := processes || r.process;
            statuses := statuses || r.status;
            skips := skips || r.skip_queue;
            prereqs := prereqs || r.prerequisites;
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
    IF p_defer_next AND t_next IS NOT NULL AND p_status IN ('completed', 'skipped') THEN
        deferred := TRUE;
        RETURN NEXT;
        RETURN;
    END IF;
    IF p_expected IS NOT NULL AND t_status <> p_expected THEN
        RETURN NEXT;
        RETURN;
    END IF;
    applied := TRUE;

    IF array_length(ids, 1) IS NOT NULL THEN
        t := array_position(processes, p_process);
        statuses[t] := p_status;
        FOR i IN 1 .. array_length(ids, 1) LOOP
            IF statuses[i] = 'waiting' AND NOT skips[i] THEN
                ok := TRUE;
                IF prereqs[i] <> '' THEN
                    FOREACH p IN ARRAY string_to_array(prereqs[i], ',') LOOP
                        IF COALESCE(statuses[array_position(processes, p)], '') NOT IN ('completed', 'skipped') THEN
                            ok := FALSE;
                            EXIT;
                        END IF;
                    END LOOP;
                END IF;
                IF ok THEN
                    ready := ready || ids[i];
                END IF;
            END IF;
        END LOOP;
    END IF;

    -- the step and its history in one statement (a step reset to waiting that is ready goes on to queued)
    WITH changed AS (
        UPDATE workflow_step w
        SET status = CASE WHEN t_id = ANY (ready) THEN 'queued' ELSE p_status END,
            error_message = p_error_message, error_text = p_error_text, status_at = p_now,
            attempts = w.attempts + CASE WHEN p_status = 'started' OR p_status = 'error' AND t_status <> 'started'
                                         THEN 1 ELSE 0 END,
            completed_at = CASE WHEN p_status IN ('completed', 'skipped') THEN p_now ELSE w.completed_at END,
            lifecycle = COALESCE(p_lifecycle, w.lifecycle), note = COALESCE(p_note, w.note),
            lane = COALESCE(p_lane, w.lane), elapsed = COALESCE(p_elapsed, w.elapsed)
        WHERE w.id = t_id
        RETURNING w.status
    )
    INSERT INTO workflow_history (object_id, workflow, process, version, old_status, new_status, changed_at)
    SELECT p_object_id, p_workflow, p_process, t_version, t_status, p_status, p_now FROM changed
    UNION ALL
    SELECT p_object_id, p_workflow, p_process, t_version, 'waiting', 'queued', p_now FROM changed
    WHERE changed.status = 'queued' AND p_status = 'waiting';

    IF array_length(ready, 1) IS NULL THEN
        RETURN NEXT;
        RETURN;
    END IF;
    WITH promoted AS (
        UPDATE workflow_step w SET status = 'queued', status_at = p_now WHERE w.id = ANY (ready) AND w.id <> t_id
        RETURNING w.id, w.process
    )
    INSERT INTO workflow_history (object_id, workflow, process, version, old_status, new_status, changed_at)
    SELECT p_object_id, p_workflow, promoted.process, t_version, 'waiting', 'queued', p_now FROM promoted
    ORDER BY promoted.id;
    RETURN QUERY SELECT t_status, t_version, COALESCE(p_lane, t_lane), t_next, TRUE, FALSE,
        w.object_id, w.workflow, w.process, w.version, w.status, w.lane, w.active, w.skip_queue, w.prerequisites, w.lifecycle, w.next_workflow, w.attempts, w.elapsed, w.error_message, w.error_text, w.note, w.status_at, w.completed_at, w.created_at
        FROM workflow_step w WHERE w.id = ANY (ready) ORDER BY w.id;
END;
$$;
