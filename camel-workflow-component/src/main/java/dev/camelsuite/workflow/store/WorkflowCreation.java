package dev.camelsuite.workflow.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.camelsuite.workflow.StepStatus;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.template.ProcessDefinition;
import dev.camelsuite.workflow.template.WorkflowTemplate;

import static dev.camelsuite.workflow.store.Transactions.execute;
import static dev.camelsuite.workflow.store.Transactions.history;

/**
 * Creates a workflow version's steps from its template inside the caller's transaction — a workflow created on its
 * own, or the next workflow a done step starts: the version's steps replaced, the other versions made inactive, each
 * step's count of open prerequisites set (rule 4 of docs/workflow-component.adoc, "Readiness"), the ready ones
 * queued.
 */
final class WorkflowCreation {

    private WorkflowCreation() {
    }

    /** @param context the version's context: non-blank replaces it, {@code ""} deletes it, null keeps it */
    static List<Step> create(Connection c, String objectId, WorkflowTemplate template, int version, String lane,
                             String context, OffsetDateTime now)
            throws SQLException {
        String workflow = template.getId();
        // a step a robot holds keeps its count, so that the robot's late end, which names its claim by version and
        // count, is never taken for the claim of the step created again (each claim adds one to the count)
        Map<String, Integer> held = heldAttempts(c, objectId, workflow, version);
        // a version created again starts over: its steps, and the attempts at them
        execute(c, "DELETE FROM workflow_attempt WHERE object_id = ? AND workflow = ? AND version = ?", objectId,
                template.getId(), version);
        execute(c, "DELETE FROM workflow_step WHERE object_id = ? AND workflow = ? AND version = ?", objectId,
                workflow, version);
        execute(c, "UPDATE workflow_step SET active = FALSE WHERE object_id = ? AND workflow = ? AND version <> ?",
                objectId, workflow, version);
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO workflow_step (" + StepRows.COLUMNS
                                                           + ", open_prerequisites)"
                                                           + " VALUES (?, ?, ?, ?, ?, ?, TRUE, ?, ?, ?, ?, ?,"
                                                           + " NULL, NULL, NULL, NULL, ?, ?, ?, ?)")) {
            // prerequisites first, so that a step's id is greater than its prerequisites' ids: updates lock in id order
            for (ProcessDefinition p : template.inPrerequisiteOrder()) {
                insert.setString(1, objectId);
                insert.setString(2, workflow);
                insert.setString(3, p.name());
                insert.setInt(4, version);
                insert.setString(5, p.initialStatus());
                insert.setString(6, lane == null || lane.isBlank() ? "default" : lane);
                insert.setBoolean(7, p.skipQueue());
                insert.setString(8, String.join(",", p.prerequisites()));
                insert.setString(9, p.lifecycle());
                insert.setString(10, p.nextWorkflow());
                insert.setInt(11, held.getOrDefault(p.name(), 0));
                insert.setObject(12, now);
                // a step the template starts done (status="completed") reached its milestone now
                insert.setObject(13, StepStatus.isDone(p.initialStatus()) ? now : null, Types.TIMESTAMP_WITH_TIMEZONE);
                insert.setObject(14, now);
                insert.setInt(15, openPrerequisites(template, p));
                insert.addBatch();
                history(c, objectId, workflow, p.name(), version, null, p.initialStatus(), now);
            }
            insert.executeBatch();
        }
        if (context != null) {
            execute(c, "DELETE FROM workflow_context WHERE object_id = ? AND version = ?", objectId, version);
            if (!context.isBlank()) {
                execute(c, "INSERT INTO workflow_context (object_id, version, context) VALUES (?, ?, ?)",
                        objectId, version, context);
            }
        }
        queueReady(c, objectId, workflow, version, now);
        return steps(c, objectId, workflow, version);
    }

    /** The attempt counts of the version's steps that are started (held by a robot, most often), by process. */
    private static Map<String, Integer> heldAttempts(Connection c, String objectId, String workflow, int version)
            throws SQLException {
        Map<String, Integer> held = new HashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT process, attempts FROM workflow_step WHERE object_id = ?"
                                                      + " AND workflow = ? AND version = ? AND status = 'started'")) {
            s.setString(1, objectId);
            s.setString(2, workflow);
            s.setInt(3, version);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    held.put(rs.getString(1), rs.getInt(2));
                }
            }
        }
        return held;
    }

    /** How many prerequisites of a process are not done when its workflow is created: those the template starts so. */
    private static int openPrerequisites(WorkflowTemplate template, ProcessDefinition process) {
        int open = 0;
        for (String name : process.prerequisites()) {
            if (!StepStatus.isDone(template.getProcess(name).initialStatus())) {
                open++;
            }
        }
        return open;
    }

    /** Queues the waiting steps of the new version whose prerequisites the template starts done. */
    private static void queueReady(Connection c, String objectId, String workflow, int version, OffsetDateTime now)
            throws SQLException {
        Map<String, String> status = new HashMap<>();
        List<String[]> candidates = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT process, status, skip_queue, prerequisites FROM workflow_step"
                                                      + " WHERE object_id = ? AND workflow = ? AND version = ?"
                                                      + " ORDER BY id")) {
            s.setString(1, objectId);
            s.setString(2, workflow);
            s.setInt(3, version);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    status.put(rs.getString(1), rs.getString(2));
                    if (StepStatus.WAITING.is(rs.getString(2)) && !rs.getBoolean(3)) {
                        candidates.add(new String[] { rs.getString(1), rs.getString(4) });
                    }
                }
            }
        }
        for (String[] candidate : candidates) {
            boolean ready = candidate[1].isEmpty()
                            || Arrays.stream(candidate[1].split(",")).allMatch(p -> StepStatus.isDone(status.get(p)));
            if (ready) {
                int changed = execute(c, "UPDATE workflow_step SET status = 'queued', status_at = ? WHERE object_id = ?"
                                         + " AND workflow = ? AND version = ? AND process = ? AND status = 'waiting'",
                        now, objectId, workflow, version, candidate[0]);
                if (changed == 1) {
                    history(c, objectId, workflow, candidate[0], version, StepStatus.WAITING.label(), StepStatus.QUEUED.label(), now);
                }
            }
        }
    }

    static List<Step> steps(Connection c, String objectId, String workflow, int version) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + StepRows.COLUMNS + " FROM workflow_step"
                                                      + " WHERE object_id = ? AND workflow = ? AND version = ?"
                                                      + " ORDER BY id")) {
            s.setString(1, objectId);
            s.setString(2, workflow);
            s.setInt(3, version);
            return StepRows.readAll(s);
        }
    }
}
