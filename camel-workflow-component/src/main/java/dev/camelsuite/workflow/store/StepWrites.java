package dev.camelsuite.workflow.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

import dev.camelsuite.workflow.IdempotencyKeyReusedException;
import dev.camelsuite.workflow.StepStatus;
import dev.camelsuite.workflow.WorkflowConflictException;
import dev.camelsuite.workflow.WorkflowExistsException;
import dev.camelsuite.workflow.WorkflowNotFoundException;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepChange;
import dev.camelsuite.workflow.model.StepEnd;
import dev.camelsuite.workflow.model.StepEndResult;
import dev.camelsuite.workflow.model.StepUpdate;
import dev.camelsuite.workflow.template.WorkflowTemplate;

import static dev.camelsuite.workflow.store.Transactions.execute;
import static dev.camelsuite.workflow.store.Transactions.history;
import static dev.camelsuite.workflow.store.Transactions.now;

/**
 * The store's writes of workflows and steps: create, update (one, or a batch in one commit), skip all, delete. Each is
 * one transaction with its history rows, the readiness changes it causes and its events in the outbox; the listener
 * hears of the changes after the commit. See {@link WorkflowStore} for each operation's contract.
 */
final class StepWrites {

    private final Transactions tx;
    private final StepChanges changes;
    private final Function<String, WorkflowTemplate> templates;
    private volatile StepUpdater updater;

    StepWrites(Transactions tx, StepChanges changes, Function<String, WorkflowTemplate> templates) {
        this.tx = tx;
        this.changes = changes;
        this.templates = templates;
    }

    /**
     * Creates a version, or, when an earlier create recorded the request's key, answers that create's version as it
     * is now.
     *
     * @param replace   whether an existing version may be replaced (false: {@link WorkflowExistsException})
     * @param retention how long keys are remembered
     */
    Creation create(CreateKeys.Request r, WorkflowTemplate template, boolean replace, Duration retention)
            throws SQLException, WorkflowConflictException {
        OffsetDateTime now = now();
        List<Step> created;
        try {
            created = tx.write(c -> {
                if (r.key() != null) {
                    CreateKeys.forgetBefore(c, now.minus(retention));
                    CreateKeys.record(c, r, now);
                }
                if (!replace && exists(c, r.objectId(), r.workflow(), r.version())) {
                    throw new WorkflowExistsException("Version " + r.version() + " of " + r.workflow() + " exists for "
                                                      + r.objectId() + ", and this create may not replace it");
                }
                List<Step> steps = WorkflowCreation.create(c, r.objectId(), template, r.version(), r.lane(),
                        r.context(), now);
                if (r.startAt() != null) {
                    execute(c, "UPDATE workflow_step SET start_at = ? WHERE object_id = ? AND workflow = ? AND"
                               + " version = ?", r.startAt(), r.objectId(), r.workflow(), r.version());
                }
                changes.record(c, StepChanges.created(template, steps, now));
                return steps;
            });
        } catch (SQLException e) {
            if (r.key() == null || !CreateKeys.taken(e)) {
                throw e;
            }
            return repeated(r);
        } catch (WorkflowNotFoundException e) {
            throw new IllegalStateException("A create refuses no step as not found", e);
        }
        changes.emit(StepChanges.created(template, created, now));
        return new Creation(created, false);
    }

    /** The create its key recorded, as it is now; the key with another request is refused. */
    private Creation repeated(CreateKeys.Request r) throws SQLException, WorkflowConflictException {
        try {
            return tx.write(c -> {
                CreateKeys.Recorded earlier = CreateKeys.find(c, r.key());
                if (earlier == null || !earlier.hash().equals(r.hash())) {
                    throw new IdempotencyKeyReusedException(r.key());
                }
                return new Creation(WorkflowCreation.steps(c, earlier.objectId(), earlier.workflow(),
                        earlier.version()), true);
            });
        } catch (WorkflowNotFoundException e) {
            throw new IllegalStateException("Reading a create refuses nothing as not found", e);
        }
    }

    private static boolean exists(Connection c, String objectId, String workflow, int version) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM workflow_step WHERE object_id = ? AND"
                                                      + " workflow = ? AND version = ? FETCH FIRST 1 ROWS ONLY")) {
            s.setString(1, objectId);
            s.setString(2, workflow);
            s.setInt(3, version);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next();
            }
        }
    }

    List<Step> update(String objectId, String workflow, String process, StepUpdate update)
            throws SQLException, WorkflowNotFoundException, WorkflowConflictException {
        if (update.status() == null || update.status().isBlank()) {
            throw new IllegalArgumentException("A step update needs a status");
        }
        OffsetDateTime now = now();
        StepUpdater u = updater();
        if (u.isSingleStatement()) {
            // the single statement commits on its own: with the outbox on, it writes the events too
            boolean mayDefer = templates != null;
            boolean events = changes.recorded();
            UpdateOutcome outcome = tx.read(c -> events
                    ? u.applyWritingEvents(c, objectId, workflow, process, update, now, mayDefer)
                    : u.apply(c, objectId, workflow, process, update, now, mayDefer));
            if (!outcome.deferred()) {
                check(outcome, objectId, workflow, process, update);
                changes.emit(StepChanges.updated(objectId, workflow, process, update, outcome, now));
                return outcome.next();
            }
        }
        List<StepChange> changed = new ArrayList<>();
        UpdateOutcome outcome = tx.write(c -> {
            UpdateOutcome o = check(u.apply(c, objectId, workflow, process, update, now, false), objectId, workflow,
                    process, update);
            changed.addAll(StepChanges.updated(objectId, workflow, process, update, o, now));
            changed.addAll(startNext(c, objectId, workflow, process, update, o, now));
            changes.record(c, changed);
            return o;
        });
        changes.emit(changed);
        return outcome.next();
    }

    List<StepEndResult> updateAll(List<StepEnd> ends) throws SQLException {
        if (ends.isEmpty()) {
            return List.of();
        }
        List<StepEnd> ordered = new ArrayList<>(ends);
        ordered.sort(Comparator.comparing(StepEnd::objectId).thenComparing(StepEnd::workflow)
                .thenComparing(StepEnd::process));
        OffsetDateTime now = now();
        StepUpdater u = updater();
        List<StepChange> changed = new ArrayList<>();
        List<StepEndResult> results = tx.writeSql(c -> {
            List<StepEndResult> r = new ArrayList<>(ordered.size());
            List<UpdateOutcome> outcomes = u.applyAll(c, ordered, now);
            for (int i = 0; i < ordered.size(); i++) {
                StepEnd end = ordered.get(i);
                UpdateOutcome outcome = outcomes.get(i);
                try {
                    check(outcome, end.objectId(), end.workflow(), end.process(), end.update());
                } catch (WorkflowNotFoundException | WorkflowConflictException refused) {
                    r.add(new StepEndResult(end, List.of(), refused));
                    continue;
                }
                changed.addAll(StepChanges.updated(end.objectId(), end.workflow(), end.process(), end.update(),
                        outcome, now));
                changed.addAll(startNext(c, end.objectId(), end.workflow(), end.process(), end.update(), outcome, now));
                r.add(new StepEndResult(end, outcome.next(), null));
            }
            changes.record(c, changed);
            return r;
        });
        changes.emit(changed);
        return results;
    }

    /** A done step that names a next workflow starts it for the object, same version and lane, in this transaction. */
    private List<StepChange> startNext(Connection c, String objectId, String workflow, String process,
                                       StepUpdate update, UpdateOutcome outcome, OffsetDateTime now)
            throws SQLException {
        if (templates == null || outcome.nextWorkflow() == null || !StepStatus.isDone(update.status())) {
            return List.of();
        }
        WorkflowTemplate next = templates.apply(outcome.nextWorkflow());
        if (next == null) {
            throw new IllegalStateException("Step " + workflow + "/" + process + " starts workflow "
                                            + outcome.nextWorkflow() + ", which has no template in this store");
        }
        return StepChanges.created(next, WorkflowCreation.create(c, objectId, next, outcome.version(), outcome.lane(),
                null, now), now);
    }

    private static UpdateOutcome check(UpdateOutcome outcome, String objectId, String workflow, String process,
                                       StepUpdate update)
            throws WorkflowNotFoundException, WorkflowConflictException {
        if (!outcome.found()) {
            throw new WorkflowNotFoundException("Object " + objectId + " has no step " + process + " in workflow "
                                                + workflow);
        }
        if (!outcome.applied()) {
            throw new WorkflowConflictException("Step " + workflow + "/" + process + " of " + objectId + " is "
                                                + outcome.currentStatus() + ", not " + update.expectedStatus(),
                    update.expectedStatus(), outcome.currentStatus());
        }
        return outcome;
    }

    /** The single-statement update on PostgreSQL, the portable one elsewhere; decided once, on first use. */
    private StepUpdater updater() throws SQLException {
        StepUpdater u = updater;
        if (u == null) {
            u = tx.isPostgres() ? new PostgresStepUpdater() : new LockingStepUpdater();
            updater = u;
        }
        return u;
    }

    int skipAll(String objectId, String workflow, String note) throws SQLException, WorkflowNotFoundException {
        OffsetDateTime now = now();
        List<StepChange> changed = new ArrayList<>();
        try {
            tx.write(c -> {
                List<Step> active;
                try (PreparedStatement s = c.prepareStatement("SELECT " + StepRows.COLUMNS + " FROM workflow_step"
                                                              + " WHERE object_id = ? AND workflow = ? AND active = TRUE"
                                                              + " ORDER BY id FOR UPDATE")) {
                    s.setString(1, objectId);
                    s.setString(2, workflow);
                    active = StepRows.readAll(s);
                }
                if (active.isEmpty()) {
                    throw new WorkflowNotFoundException("Object " + objectId + " has no workflow " + workflow);
                }
                for (Step step : active) {
                    if (!StepStatus.SKIPPED.is(step.status())) {
                        changed.add(new StepChange(objectId, workflow, step.process(), step.version(), step.lane(),
                                step.status(), StepStatus.SKIPPED.label(), now));
                        execute(c, "UPDATE workflow_step SET status = 'skipped', note = ?, status_at = ?,"
                                   + " completed_at = COALESCE(completed_at, ?)"
                                   + " WHERE object_id = ? AND workflow = ? AND version = ? AND process = ?",
                                note, now, now, objectId, workflow, step.version(), step.process());
                        history(c, objectId, workflow, step.process(), step.version(), step.status(), StepStatus.SKIPPED.label(), now);
                    }
                }
                // every step of the version is done now, so none has an open prerequisite left (rule 4)
                execute(c, "UPDATE workflow_step SET open_prerequisites = 0 WHERE object_id = ? AND workflow = ?"
                           + " AND active = TRUE AND open_prerequisites <> 0", objectId, workflow);
                changes.record(c, changed);
                return null;
            });
        } catch (WorkflowConflictException e) {
            throw new IllegalStateException("Skip-all refused as a conflict", e);
        }
        changes.emit(changed);
        return changed.size();
    }

    int delete(String objectId, String workflow, Integer version) throws SQLException {
        return tx.writeSql(c -> {
            if (version == null) {
                execute(c, "DELETE FROM workflow_attempt WHERE object_id = ? AND workflow = ?", objectId, workflow);
                return execute(c, "DELETE FROM workflow_step WHERE object_id = ? AND workflow = ?", objectId, workflow);
            }
            execute(c, "DELETE FROM workflow_attempt WHERE object_id = ? AND workflow = ? AND version = ?", objectId,
                    workflow, version);
            return execute(c, "DELETE FROM workflow_step WHERE object_id = ? AND workflow = ? AND version = ?",
                    objectId, workflow, version);
        });
    }

    int deleteObject(String objectId) throws SQLException {
        return tx.writeSql(c -> {
            execute(c, "DELETE FROM workflow_attempt WHERE object_id = ?", objectId);
            int n = execute(c, "DELETE FROM workflow_step WHERE object_id = ?", objectId);
            execute(c, "DELETE FROM workflow_context WHERE object_id = ?", objectId);
            return n;
        });
    }
}
