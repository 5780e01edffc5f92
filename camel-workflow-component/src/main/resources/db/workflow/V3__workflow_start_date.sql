-- Future-dated workflows: no queue and no robot sees a step of a workflow before its start date (null: at once).
ALTER TABLE workflow_step ADD COLUMN start_at TIMESTAMP WITH TIME ZONE;
