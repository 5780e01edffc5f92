-- Readiness kept on each step as a count: how many of its prerequisites are not done (neither completed nor skipped).
-- Every change that moves a step into done takes one from the steps that name it as a prerequisite, every change that
-- moves it out of done adds one back, and a step whose count falls to 0 while it waits is queued by that same change.
-- A step reset to waiting then learns from its own row whether it is ready, so the reset is one UPDATE that reads no
-- other step. It also makes concurrent updates simple to reason about: the count lives on the row that two updates
-- racing for it both lock, and the second one recomputes it from what the first one committed.
ALTER TABLE workflow_step ADD COLUMN open_prerequisites INTEGER DEFAULT 0 NOT NULL;

-- the steps there are already: count their prerequisites that are not done (a prerequisite is named in the
-- comma-separated list; the commas around both names keep "publish" from matching "publish-metadata")
UPDATE workflow_step SET open_prerequisites = (
    SELECT COUNT(*) FROM workflow_step p
    WHERE p.object_id = workflow_step.object_id AND p.workflow = workflow_step.workflow
      AND p.version = workflow_step.version AND p.status NOT IN ('completed', 'skipped')
      AND POSITION(',' || p.process || ',' IN ',' || workflow_step.prerequisites || ',') > 0)
WHERE prerequisites <> '';
