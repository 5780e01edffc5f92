-- The status a step had before its last update by the store. An UPDATE answers the row as it left it, so a status
-- update that sets previous_status to the status it replaces learns that status (for the history row) from the
-- UPDATE itself: one statement finds, locks, checks and changes the step. Other writers leave it as it is.
ALTER TABLE workflow_step ADD COLUMN previous_status VARCHAR(50);
