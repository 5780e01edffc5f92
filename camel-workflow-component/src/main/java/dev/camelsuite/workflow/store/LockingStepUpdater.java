package dev.camelsuite.workflow.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.camelsuite.workflow.StepStatus;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepUpdate;

/**
 * The portable update (H2 and any database with {@code SELECT … FOR UPDATE}): lock the version's steps in id order,
 * decide in Java, then write the step, the counts of open prerequisites it changes, the promotions and the history
 * rows in as few statements as the work needs.
 * Always run in a transaction, so it never needs to defer a next workflow. The readiness rules it keeps are stated
 * once, in docs/workflow-component.adoc ("Readiness"); the PostgreSQL path ({@link PostgresStepUpdater}) keeps the
 * same ones.
 */
final class LockingStepUpdater implements StepUpdater {

    /** One locked step of the version: what readiness needs. */
    private record Locked(long id, String process, String status, boolean skipQueue, String prerequisites,
                          int version, String nextWorkflow, String lane, int attempts) {
    }

    @Override
    public UpdateOutcome apply(Connection c, String objectId, String workflow, String process, StepUpdate update,
                               OffsetDateTime now, boolean deferNextWorkflow)
            throws SQLException {
        List<Locked> steps = lockVersion(c, objectId, workflow);
        Locked target = steps.stream().filter(s -> s.process().equals(process)).findFirst().orElse(null);
        if (target == null) {
            return UpdateOutcome.notFound();
        }
        String lane = update.lane() != null ? update.lane() : target.lane();
        if (update.expectedStatus() != null && !update.expectedStatus().equals(target.status())
            || update.claim() != null && !StepUpdater.holds(update.claim(), target.version(), target.attempts())) {
            return new UpdateOutcome(true, target.status(), target.version(), lane, target.nextWorkflow(), false,
                    List.of(), false);
        }
        List<Long> ready = StepUpdater.mayMakeReady(update.status()) ? ready(steps, process, update.status()) : List.of();
        boolean selfQueued = ready.contains(target.id());
        write(c, target, update, selfQueued, now);
        if (StepStatus.isDone(update.status()) != StepStatus.isDone(target.status())) {
            countPrerequisite(c, steps, process, StepStatus.isDone(update.status()) ? -1 : 1);
        }
        if (ready.size() > (selfQueued ? 1 : 0)) {
            try (PreparedStatement queue = c.prepareStatement(
                    "UPDATE workflow_step SET status = 'queued', status_at = ? WHERE id = ?")) {
                for (Long id : ready) {
                    if (id != target.id()) {
                        queue.setObject(1, now);
                        queue.setLong(2, id);
                        queue.addBatch();
                    }
                }
                queue.executeBatch();
            }
        }
        try (PreparedStatement history = c.prepareStatement(
                "INSERT INTO workflow_history (object_id, workflow, process, version, old_status, new_status,"
                + " changed_at) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            addHistory(history, objectId, workflow, target, target.status(), update.status(), now);
            for (Locked s : steps) {
                if (ready.contains(s.id())) {
                    addHistory(history, objectId, workflow, s, StepStatus.WAITING.label(), StepStatus.QUEUED.label(), now);
                }
            }
            history.executeBatch();
        }
        return new UpdateOutcome(true, target.status(), target.version(), lane, target.nextWorkflow(), true,
                ready.isEmpty() ? List.of() : read(c, ready), false);
    }

    /** Every step of the active version, locked in id order so that concurrent updaters of one object never deadlock. */
    private static List<Locked> lockVersion(Connection c, String objectId, String workflow) throws SQLException {
        List<Locked> steps = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement(
                "SELECT id, process, status, skip_queue, prerequisites, version, next_workflow, lane, attempts"
                + " FROM workflow_step"
                + " WHERE object_id = ? AND workflow = ? AND active = TRUE ORDER BY id FOR UPDATE")) {
            s.setString(1, objectId);
            s.setString(2, workflow);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    steps.add(new Locked(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getBoolean(4),
                            rs.getString(5), rs.getInt(6), rs.getString(7), rs.getString(8), rs.getInt(9)));
                }
            }
        }
        return steps;
    }

    /** The waiting steps that are ready once {@code process} has {@code status}, in template order. */
    private static List<Long> ready(List<Locked> steps, String process, String status) {
        Map<String, String> after = new HashMap<>();
        for (Locked s : steps) {
            after.put(s.process(), s.process().equals(process) ? status : s.status());
        }
        List<Long> ready = new ArrayList<>();
        for (Locked s : steps) {
            if (StepStatus.WAITING.is(after.get(s.process())) && !s.skipQueue() && prerequisitesDone(s, after)) {
                ready.add(s.id());
            }
        }
        return ready;
    }

    /**
     * Keeps the counts of open prerequisites (rule 2 of docs/workflow-component.adoc, "Readiness"): a step that became
     * done is one fewer for every step waiting for it, one reopened one more.
     */
    private static void countPrerequisite(Connection c, List<Locked> steps, String process, int change)
            throws SQLException {
        try (PreparedStatement count = c.prepareStatement(
                "UPDATE workflow_step SET open_prerequisites = open_prerequisites + ? WHERE id = ?")) {
            for (Locked s : steps) {
                if (List.of(s.prerequisites().split(",")).contains(process)) {
                    count.setInt(1, change);
                    count.setLong(2, s.id());
                    count.addBatch();
                }
            }
            count.executeBatch();
        }
    }

    private static boolean prerequisitesDone(Locked step, Map<String, String> statuses) {
        if (step.prerequisites().isEmpty()) {
            return true;
        }
        for (String p : step.prerequisites().split(",")) {
            if (!StepStatus.isDone(statuses.get(p))) {
                return false;
            }
        }
        return true;
    }

    private static void write(Connection c, Locked target, StepUpdate update, boolean queued, OffsetDateTime now)
            throws SQLException {
        try (PreparedStatement u = c.prepareStatement(
                "UPDATE workflow_step SET previous_status = status, status = ?, error_message = ?, error_text = ?,"
                + " status_at = ?,"
                + " attempts = attempts + ?, completed_at = CASE WHEN ? THEN ? ELSE completed_at END,"
                + " lifecycle = COALESCE(?, lifecycle), note = COALESCE(?, note), lane = COALESCE(?, lane),"
                + " elapsed = COALESCE(?, elapsed) WHERE id = ?")) {
            u.setString(1, queued ? StepStatus.QUEUED.label() : update.status());
            u.setString(2, update.errorMessage());
            u.setString(3, update.errorText());
            u.setObject(4, now);
            u.setInt(5, StepUpdater.isAttempt(update.status(), target.status()) ? 1 : 0);
            u.setBoolean(6, StepStatus.isDone(update.status()));
            u.setObject(7, now);
            u.setString(8, update.lifecycle());
            u.setString(9, update.note());
            u.setString(10, update.lane());
            u.setBigDecimal(11, update.elapsed());
            u.setLong(12, target.id());
            u.executeUpdate();
        }
    }

    private static void addHistory(PreparedStatement history, String objectId, String workflow, Locked step,
                                   String oldStatus, String newStatus, OffsetDateTime now)
            throws SQLException {
        history.setString(1, objectId);
        history.setString(2, workflow);
        history.setString(3, step.process());
        history.setInt(4, step.version());
        history.setString(5, oldStatus);
        history.setString(6, newStatus);
        history.setObject(7, now);
        history.addBatch();
    }

    private static List<Step> read(Connection c, List<Long> ids) throws SQLException {
        StringBuilder in = new StringBuilder();
        for (Long id : ids) {
            in.append(in.isEmpty() ? "" : ", ").append(id);
        }
        try (PreparedStatement s = c.prepareStatement("SELECT " + StepRows.COLUMNS + " FROM workflow_step WHERE id IN ("
                                                      + in + ") ORDER BY id")) {
            return StepRows.readAll(s);
        }
    }
}
