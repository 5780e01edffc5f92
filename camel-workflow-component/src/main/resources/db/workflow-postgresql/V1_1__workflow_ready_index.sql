-- PostgreSQL only: the steps a robot can claim (queued, or retrying), per process, oldest first. A claim without a lane
-- reads this index in order and stops after its batch; on the queue index, ordered by lane first, it had to read and
-- sort every ready step of the process, which made claims slower the longer the backlog. Partial: an update to any
-- other status leaves it alone. (H2 has no partial indexes.)
CREATE INDEX workflow_step_ready ON workflow_step (workflow, process, status_at, id)
    WHERE status IN ('queued', 'retrying') AND active;
