package dev.camelsuite.workflow.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import javax.sql.DataSource;

import dev.camelsuite.workflow.StepStatus;
import dev.camelsuite.workflow.WorkflowConflictException;
import dev.camelsuite.workflow.WorkflowNotFoundException;
import dev.camelsuite.workflow.template.ProcessDefinition;
import dev.camelsuite.workflow.template.WorkflowTemplate;
import org.flywaydb.core.Flyway;

/**
 * Workflow state in a JDBC database (H2 or PostgreSQL). Every change runs in one transaction with its history rows
 * and the readiness promotion it causes: a waiting step whose prerequisites are all done becomes {@code queued} in
 * the same commit, so a queue is a plain index range scan.
 */
public class WorkflowStore {

    private static final String COLUMNS = StepRows.COLUMNS;

    private final DataSource dataSource;
    private final Function<String, WorkflowTemplate> templates;
    private volatile StepUpdater updater;
    private volatile StepListener listener;

    /** A store that starts no next workflows: it only records the steps' statuses. */
    public WorkflowStore(DataSource dataSource) {
        this(dataSource, null);
    }

    /**
     * @param templates the template of a workflow by name (null when unknown), for the next workflows that done steps
     *                  start; null for a store that starts none
     */
    public WorkflowStore(DataSource dataSource, Function<String, WorkflowTemplate> templates) {
        this.dataSource = dataSource;
        this.templates = templates;
    }

    /** Tells {@code listener} of every status change after its transaction committed (null: nobody). */
    public void setListener(StepListener listener) {
        this.listener = listener;
    }

    private void emit(List<StepChange> changes) {
        StepListener l = listener;
        if (l == null || changes.isEmpty()) {
            return;
        }
        try {
            l.changed(changes);
        } catch (RuntimeException e) {
            org.slf4j.LoggerFactory.getLogger(WorkflowStore.class).warn("A step listener failed: {}", e.getMessage(), e);
        }
    }

    /** The changes of a created workflow: each step from nothing to its first status, then those queued at once. */
    private static List<StepChange> created(WorkflowTemplate template, List<Step> steps, OffsetDateTime at) {
        List<StepChange> changes = new ArrayList<>();
        for (Step s : steps) {
            ProcessDefinition p = template.getProcess(s.process());
            String initial = p == null ? s.status() : p.initialStatus();
            changes.add(new StepChange(s.objectId(), s.workflow(), s.process(), s.version(), s.lane(), null, initial, at));
        }
        for (Step s : steps) {
            ProcessDefinition p = template.getProcess(s.process());
            if (p != null && "waiting".equals(p.initialStatus()) && "queued".equals(s.status())) {
                changes.add(new StepChange(s.objectId(), s.workflow(), s.process(), s.version(), s.lane(), "waiting",
                        "queued", at));
            }
        }
        return changes;
    }

    /** The changes of an update: the step itself, then the steps it made ready. */
    private static List<StepChange> updated(String objectId, String workflow, String process, StepUpdate update,
                                            UpdateOutcome outcome, OffsetDateTime at) {
        List<StepChange> changes = new ArrayList<>();
        changes.add(new StepChange(objectId, workflow, process, outcome.version(), outcome.lane(),
                outcome.currentStatus(), update.status(), at));
        for (Step s : outcome.next()) {
            changes.add(new StepChange(s.objectId(), s.workflow(), s.process(), s.version(), s.lane(), "waiting",
                    "queued", at));
        }
        return changes;
    }

    /**
     * Brings the schema up to date (Flyway, its history in {@code workflow_schema_history}). PostgreSQL also gets the
     * server-side update function of {@code classpath:db/workflow-postgresql}. The migrations are named in
     * {@link WorkflowMigrations}, not found by scanning.
     */
    public void migrate() throws SQLException {
        boolean postgres = isPostgres();
        String[] locations = postgres
                ? new String[] { "classpath:" + WorkflowMigrations.FOLDER, "classpath:" + WorkflowMigrations.POSTGRESQL_FOLDER }
                : new String[] { "classpath:" + WorkflowMigrations.FOLDER };
        Flyway.configure().dataSource(dataSource).locations(locations).resourceProvider(new WorkflowMigrations(postgres))
                .table("workflow_schema_history").load().migrate();
    }

    private boolean isPostgres() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            return "PostgreSQL".equals(c.getMetaData().getDatabaseProductName());
        }
    }

    /**
     * Creates the steps of a workflow for an object from its template, replacing the steps of that version, making
     * it the active version, and queueing the steps that are ready.
     *
     * @param context the object version's context: non-blank replaces it, {@code ""} deletes it, null keeps it
     */
    public List<Step> create(String objectId, WorkflowTemplate template, int version, String lane, String context)
            throws SQLException {
        return create(objectId, template, version, lane, context, null);
    }

    /**
     * Creates a workflow as {@link #create(String, WorkflowTemplate, int, String, String)} does, dated to start at
     * {@code startAt}: until then no queue lists its steps and no robot claims them (null: at once).
     */
    public List<Step> create(String objectId, WorkflowTemplate template, int version, String lane, String context,
                             OffsetDateTime startAt)
            throws SQLException {
        OffsetDateTime now = now();
        try (Connection c = begin()) {
            try {
                List<Step> created = create(c, objectId, template, version, lane, context, now);
                if (startAt != null) {
                    execute(c, "UPDATE workflow_step SET start_at = ? WHERE object_id = ? AND workflow = ? AND version = ?",
                            startAt, objectId, template.getId(), version);
                }
                c.commit();
                emit(created(template, created, now));
                return created;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    private List<Step> create(Connection c, String objectId, WorkflowTemplate template, int version, String lane,
                              String context, OffsetDateTime now)
            throws SQLException {
        String workflow = template.getId();
        execute(c, "DELETE FROM workflow_step WHERE object_id = ? AND workflow = ? AND version = ?", objectId,
                workflow, version);
        execute(c, "UPDATE workflow_step SET active = FALSE WHERE object_id = ? AND workflow = ? AND version <> ?",
                objectId, workflow, version);
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO workflow_step (" + StepRows.COLUMNS
                                                           + ", open_prerequisites)"
                                                           + " VALUES (?, ?, ?, ?, ?, ?, TRUE, ?, ?, ?, ?, 0,"
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
                insert.setObject(11, now);
                // a step the template starts done (status="completed") reached its milestone now
                insert.setObject(12, StepStatus.isDone(p.initialStatus()) ? now : null,
                        java.sql.Types.TIMESTAMP_WITH_TIMEZONE);
                insert.setObject(13, now);
                insert.setInt(14, openPrerequisites(template, p));
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
        promoteReady(c, objectId, workflow, version, now);
        return steps(c, objectId, workflow, version);
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

    /**
     * Updates one step of the active version of an object's workflow. A step that becomes done and names a next
     * workflow starts that workflow for the object — same version and lane — in the same transaction.
     *
     * @return the steps this update made ready (queued), in template order
     * @throws WorkflowNotFoundException when the object has no such step
     * @throws WorkflowConflictException when the update expects another current status
     */
    public List<Step> update(String objectId, String workflow, String process, StepUpdate update)
            throws SQLException, WorkflowNotFoundException, WorkflowConflictException {
        if (update.status() == null || update.status().isBlank()) {
            throw new IllegalArgumentException("A step update needs a status");
        }
        OffsetDateTime now = now();
        StepUpdater u = updater();
        if (u.isSingleStatement()) {
            try (Connection c = dataSource.getConnection()) {
                c.setAutoCommit(true);
                UpdateOutcome outcome = u.apply(c, objectId, workflow, process, update, now, templates != null);
                if (!outcome.deferred()) {
                    check(outcome, objectId, workflow, process, update);
                    emit(updated(objectId, workflow, process, update, outcome, now));
                    return outcome.next();
                }
            }
        }
        try (Connection c = begin()) {
            try {
                UpdateOutcome outcome = check(u.apply(c, objectId, workflow, process, update, now, false), objectId,
                        workflow, process, update);
                List<StepChange> changes = updated(objectId, workflow, process, update, outcome, now);
                if (templates != null && outcome.nextWorkflow() != null && StepStatus.isDone(update.status())) {
                    WorkflowTemplate next = nextTemplate(workflow, process, outcome.nextWorkflow());
                    changes.addAll(created(next, create(c, objectId, next, outcome.version(), outcome.lane(), null, now),
                            now));
                }
                c.commit();
                emit(changes);
                return outcome.next();
            } catch (SQLException | RuntimeException | WorkflowNotFoundException | WorkflowConflictException e) {
                c.rollback();
                throw e;
            }
        }
    }

    /**
     * Applies several updates in one transaction — one commit for all, which is what makes many small completions
     * cheap on a database that syncs every commit to disk. Each update is decided on its own: one that finds its step
     * missing or in another status than expected changes nothing and says so in its result, and the others still
     * apply. The updates are applied in object order, so two batches never wait for each other in a circle (on
     * PostgreSQL the ones to done come first, all together, their steps locked in id order). Events of all of them go
     * out after the commit.
     *
     * @throws SQLException when the transaction fails: then none of the updates applied
     */
    public List<StepEndResult> updateAll(List<StepEnd> ends) throws SQLException {
        if (ends.isEmpty()) {
            return List.of();
        }
        List<StepEnd> ordered = new ArrayList<>(ends);
        ordered.sort(java.util.Comparator.comparing(StepEnd::objectId).thenComparing(StepEnd::workflow)
                .thenComparing(StepEnd::process));
        OffsetDateTime now = now();
        StepUpdater u = updater();
        List<StepEndResult> results = new ArrayList<>(ordered.size());
        List<StepChange> changes = new ArrayList<>();
        try (Connection c = begin()) {
            try {
                List<UpdateOutcome> outcomes = u.applyAll(c, ordered, now);
                for (int i = 0; i < ordered.size(); i++) {
                    StepEnd end = ordered.get(i);
                    StepUpdate update = end.update();
                    UpdateOutcome outcome = outcomes.get(i);
                    try {
                        check(outcome, end.objectId(), end.workflow(), end.process(), update);
                    } catch (WorkflowNotFoundException | WorkflowConflictException refused) {
                        results.add(new StepEndResult(end, List.of(), refused));
                        continue;
                    }
                    changes.addAll(updated(end.objectId(), end.workflow(), end.process(), update, outcome, now));
                    if (templates != null && outcome.nextWorkflow() != null && StepStatus.isDone(update.status())) {
                        WorkflowTemplate next = nextTemplate(end.workflow(), end.process(), outcome.nextWorkflow());
                        changes.addAll(created(next, create(c, end.objectId(), next, outcome.version(), outcome.lane(),
                                null, now), now));
                    }
                    results.add(new StepEndResult(end, outcome.next(), null));
                }
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
        emit(changes);
        return results;
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

    private WorkflowTemplate nextTemplate(String workflow, String process, String next) {
        WorkflowTemplate template = templates.apply(next);
        if (template == null) {
            throw new IllegalStateException("Step " + workflow + "/" + process + " starts workflow " + next
                                            + ", which has no template in this store");
        }
        return template;
    }

    /** The single-statement update on PostgreSQL, the portable one elsewhere; decided once, on first use. */
    private StepUpdater updater() throws SQLException {
        StepUpdater u = updater;
        if (u == null) {
            u = isPostgres() ? new PostgresStepUpdater() : new LockingStepUpdater();
            updater = u;
        }
        return u;
    }

    /**
     * Claims up to {@code limit} ready steps at a process for a robot, oldest first: {@code queued} ones, and
     * {@code retrying} ones whose last change is older than {@code retryDelay}. Each becomes {@code started}
     * (attempts + 1, note = the robot) in one transaction; the rows are taken with {@code FOR UPDATE SKIP LOCKED}, so
     * robots claiming at the same moment — threads or JVMs — never get the same step and never wait for each other.
     *
     * @param lane one lane, or null for all
     */
    public List<Step> claim(String workflow, String process, String lane, int limit, java.time.Duration retryDelay,
                            String robot)
            throws SQLException {
        OffsetDateTime now = now();
        String sql = "SELECT id, object_id, version, status FROM workflow_step WHERE workflow = ? AND process = ?"
                     // in this shape PostgreSQL reads its index of ready steps in order (db/workflow-postgresql)
                     + " AND status IN ('queued', 'retrying') AND active = TRUE"
                     + " AND (status = 'queued' OR status_at <= ?)"
                     + " AND (start_at IS NULL OR start_at <= ?)"
                     + (lane == null ? "" : " AND lane = ?") + " ORDER BY status_at, id FETCH FIRST " + limit
                     + " ROWS ONLY FOR UPDATE SKIP LOCKED";
        try (Connection c = begin()) {
            try {
                List<Object[]> claimed = new ArrayList<>();
                try (PreparedStatement s = c.prepareStatement(sql)) {
                    s.setString(1, workflow);
                    s.setString(2, process);
                    s.setObject(3, now.minus(retryDelay));
                    s.setObject(4, now);
                    if (lane != null) {
                        s.setString(5, lane);
                    }
                    try (ResultSet rs = s.executeQuery()) {
                        while (rs.next()) {
                            claimed.add(new Object[] { rs.getLong(1), rs.getString(2), rs.getInt(3), rs.getString(4) });
                        }
                    }
                }
                if (claimed.isEmpty()) {
                    c.commit();
                    return List.of();
                }
                StringBuilder ids = new StringBuilder();
                for (Object[] row : claimed) {
                    ids.append(ids.isEmpty() ? "" : ", ").append(row[0]);
                }
                try (PreparedStatement u = c.prepareStatement("UPDATE workflow_step SET status = 'started',"
                                                              + " attempts = attempts + 1, status_at = ?, note = ?"
                                                              + " WHERE id IN (" + ids + ")")) {
                    u.setObject(1, now);
                    u.setString(2, robot);
                    u.executeUpdate();
                }
                try (PreparedStatement h = c.prepareStatement("INSERT INTO workflow_history (object_id, workflow,"
                                                              + " process, version, old_status, new_status, changed_at)"
                                                              + " VALUES (?, ?, ?, ?, ?, 'started', ?)")) {
                    for (Object[] row : claimed) {
                        h.setString(1, (String) row[1]);
                        h.setString(2, workflow);
                        h.setString(3, process);
                        h.setInt(4, (Integer) row[2]);
                        h.setString(5, (String) row[3]);
                        h.setObject(6, now);
                        h.addBatch();
                    }
                    h.executeBatch();
                }
                List<Step> steps;
                try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM workflow_step WHERE id IN ("
                                                              + ids + ") ORDER BY status_at, id")) {
                    steps = StepRows.readAll(s);
                }
                c.commit();
                Map<String, String> before = new HashMap<>();
                for (Object[] row : claimed) {
                    before.put((String) row[1], (String) row[3]);
                }
                List<StepChange> changes = new ArrayList<>();
                for (Step st : steps) {
                    changes.add(new StepChange(st.objectId(), workflow, process, st.version(), st.lane(),
                            before.get(st.objectId()), "started", now));
                }
                emit(changes);
                return steps;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    /**
     * The sweeper: active steps {@code started} for longer than {@code stuckAfter} — their robot died — go back to
     * {@code queued}, so robots claim them again. (A {@code queued} step is held by nobody here: a robot's claim moves
     * it to {@code started} in the same transaction, so unlike the original service there is no queued step to
     * sweep.) Answers how many went back.
     */
    public int sweep(String workflow, java.time.Duration stuckAfter) throws SQLException {
        OffsetDateTime now = now();
        try (Connection c = begin()) {
            try {
                List<Object[]> stuck = new ArrayList<>();
                try (PreparedStatement s = c.prepareStatement("SELECT id, object_id, process, version, status, lane FROM"
                                                              + " workflow_step WHERE workflow = ? AND active = TRUE AND"
                                                              + " status = 'started' AND status_at < ?"
                                                              + " FOR UPDATE SKIP LOCKED")) {
                    s.setString(1, workflow);
                    s.setObject(2, now.minus(stuckAfter));
                    try (ResultSet rs = s.executeQuery()) {
                        while (rs.next()) {
                            stuck.add(new Object[] { rs.getLong(1), rs.getString(2), rs.getString(3), rs.getInt(4),
                                                     rs.getString(5), rs.getString(6) });
                        }
                    }
                }
                for (Object[] row : stuck) {
                    execute(c, "UPDATE workflow_step SET status = 'queued', status_at = ? WHERE id = ?", now, row[0]);
                    history(c, (String) row[1], workflow, (String) row[2], (Integer) row[3], (String) row[4], "queued",
                            now);
                }
                c.commit();
                List<StepChange> changes = new ArrayList<>();
                for (Object[] row : stuck) {
                    changes.add(new StepChange((String) row[1], workflow, (String) row[2], (Integer) row[3],
                            (String) row[5], (String) row[4], "queued", now));
                }
                emit(changes);
                return stuck.size();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    /** Every step of every version of an object's workflow, by version then template order. */
    public List<Step> get(String objectId, String workflow) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM workflow_step WHERE object_id = ?"
                                                      + " AND workflow = ? ORDER BY version, id")) {
            s.setString(1, objectId);
            s.setString(2, workflow);
            return StepRows.readAll(s);
        }
    }

    /**
     * Objects whose active step at a process is ready (queued), oldest first.
     *
     * @param lane  one lane, or null for all
     * @param limit at most this many, 0 for no limit
     */
    public List<String> queue(String workflow, String process, String lane, int limit) throws SQLException {
        return objectsAt(workflow, process, "queued", lane, limit);
    }

    /** Objects whose active step at a process is in error, oldest first ({@code limit} 0 for no limit). */
    public List<String> errors(String workflow, String process, String lane, int limit) throws SQLException {
        return objectsAt(workflow, process, "error", lane, limit);
    }

    /**
     * The lifecycle milestones an object reached: its done steps that carry a lifecycle, with the date they were
     * completed and their version. With {@code activeOnly} and a version: nothing when every step of that version is
     * done, else the milestones of that version.
     */
    public List<Milestone> lifecycle(String objectId, boolean activeOnly, Integer version) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            if (activeOnly && version != null) {
                try (PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM workflow_step WHERE object_id = ?"
                                                              + " AND version = ? AND status NOT IN ('completed', 'skipped')")) {
                    s.setString(1, objectId);
                    s.setInt(2, version);
                    try (ResultSet rs = s.executeQuery()) {
                        rs.next();
                        if (rs.getLong(1) == 0) {
                            return List.of();
                        }
                    }
                }
            }
            String sql = "SELECT lifecycle, COALESCE(completed_at, created_at), version FROM workflow_step"
                         + " WHERE object_id = ? AND lifecycle IS NOT NULL AND status IN ('completed', 'skipped')"
                         + (version != null ? " AND version = ?" : "") + " ORDER BY 2, id";
            try (PreparedStatement s = c.prepareStatement(sql)) {
                s.setString(1, objectId);
                if (version != null) {
                    s.setInt(2, version);
                }
                List<Milestone> milestones = new ArrayList<>();
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        milestones.add(new Milestone(rs.getString(1), rs.getObject(2, OffsetDateTime.class), rs.getInt(3)));
                    }
                }
                return milestones;
            }
        }
    }

    /** Sets every active step of an object's workflow to skipped, with a note; answers how many changed. */
    public int skipAll(String objectId, String workflow, String note) throws SQLException, WorkflowNotFoundException {
        OffsetDateTime now = now();
        try (Connection c = begin()) {
            try {
                List<Step> active = new ArrayList<>();
                try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM workflow_step WHERE"
                                                              + " object_id = ? AND workflow = ? AND active = TRUE"
                                                              + " ORDER BY id FOR UPDATE")) {
                    s.setString(1, objectId);
                    s.setString(2, workflow);
                    active.addAll(StepRows.readAll(s));
                }
                if (active.isEmpty()) {
                    throw new WorkflowNotFoundException("Object " + objectId + " has no workflow " + workflow);
                }
                int changed = 0;
                List<StepChange> changes = new ArrayList<>();
                for (Step step : active) {
                    if (!"skipped".equals(step.status())) {
                        changes.add(new StepChange(objectId, workflow, step.process(), step.version(), step.lane(),
                                step.status(), "skipped", now));
                        execute(c, "UPDATE workflow_step SET status = 'skipped', note = ?, status_at = ?,"
                                   + " completed_at = COALESCE(completed_at, ?)"
                                   + " WHERE object_id = ? AND workflow = ? AND version = ? AND process = ?",
                                note, now, now, objectId, workflow, step.version(), step.process());
                        history(c, objectId, workflow, step.process(), step.version(), step.status(), "skipped", now);
                        changed++;
                    }
                }
                // every step of the version is done now, so none has an open prerequisite left
                execute(c, "UPDATE workflow_step SET open_prerequisites = 0 WHERE object_id = ? AND workflow = ?"
                           + " AND active = TRUE AND open_prerequisites <> 0", objectId, workflow);
                c.commit();
                emit(changes);
                return changed;
            } catch (SQLException | RuntimeException | WorkflowNotFoundException e) {
                c.rollback();
                throw e;
            }
        }
    }

    /**
     * Deletes an object's workflow: one version, or every version when {@code version} is null. Answers how many
     * steps went. Deleting the active version leaves no active version (as the workflow service does).
     */
    public int delete(String objectId, String workflow, Integer version) throws SQLException {
        try (Connection c = begin()) {
            try {
                int n = version == null
                        ? execute(c, "DELETE FROM workflow_step WHERE object_id = ? AND workflow = ?", objectId, workflow)
                        : execute(c, "DELETE FROM workflow_step WHERE object_id = ? AND workflow = ? AND version = ?",
                                objectId, workflow, version);
                c.commit();
                return n;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    /**
     * Moves finished workflow versions out of the live table: those of inactive versions, and — when
     * {@code finishedBefore} is given — active ones whose last change is older. "Finished" means every step completed
     * or skipped. Answers how many steps moved.
     */
    public int archive(OffsetDateTime finishedBefore) throws SQLException {
        String finished = "SELECT object_id, workflow, version FROM workflow_step GROUP BY object_id, workflow, version"
                          + " HAVING SUM(CASE WHEN status IN ('completed', 'skipped') THEN 0 ELSE 1 END) = 0"
                          + " AND (SUM(CASE WHEN active THEN 1 ELSE 0 END) = 0"
                          + (finishedBefore == null ? ")" : " OR MAX(status_at) < ?)");
        String where = " WHERE (object_id, workflow, version) IN (" + finished + ")";
        OffsetDateTime now = now();
        try (Connection c = begin()) {
            try {
                int moved;
                try (PreparedStatement copy = c.prepareStatement(
                        "INSERT INTO workflow_step_archive (object_id, workflow, process, version, status, lane,"
                        + " lifecycle, attempts, elapsed, note, status_at, completed_at, created_at, archived_at)"
                        + " SELECT object_id, workflow, process, version, status, lane, lifecycle, attempts, elapsed,"
                        + " note, status_at, completed_at, created_at, ? FROM workflow_step" + where)) {
                    copy.setObject(1, now);
                    if (finishedBefore != null) {
                        copy.setObject(2, finishedBefore);
                    }
                    moved = copy.executeUpdate();
                }
                try (PreparedStatement delete = c.prepareStatement("DELETE FROM workflow_step" + where)) {
                    if (finishedBefore != null) {
                        delete.setObject(1, finishedBefore);
                    }
                    int deleted = delete.executeUpdate();
                    if (deleted != moved) {
                        throw new SQLException("Archiving moved " + moved + " steps but deleted " + deleted
                                               + "; nothing was archived");
                    }
                }
                c.commit();
                return moved;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    /** How many archived steps an object has. */
    public int archivedSteps(String objectId) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM workflow_step_archive WHERE object_id = ?")) {
            s.setString(1, objectId);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** Deletes every workflow of an object and its contexts; answers how many steps went. */
    public int deleteObject(String objectId) throws SQLException {
        try (Connection c = begin()) {
            try {
                int n = execute(c, "DELETE FROM workflow_step WHERE object_id = ?", objectId);
                execute(c, "DELETE FROM workflow_context WHERE object_id = ?", objectId);
                c.commit();
                return n;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    /** The context of an object version, or null. */
    public String context(String objectId, int version) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT context FROM workflow_context WHERE object_id = ?"
                                                      + " AND version = ?")) {
            s.setString(1, objectId);
            s.setInt(2, version);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    /** The most recent errors of active steps, newest first, at most {@code limit}: what an operator looks at first. */
    public List<Step> recentErrors(int limit) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM workflow_step WHERE status = 'error'"
                                                      + " AND active = TRUE ORDER BY status_at DESC, id DESC FETCH FIRST "
                                                      + Math.max(1, limit) + " ROWS ONLY")) {
            return StepRows.readAll(s);
        }
    }

    /** Active steps by workflow, process and status. */
    public List<StepCount> counts() throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT workflow, process, status, COUNT(*) FROM workflow_step"
                                                      + " WHERE active = TRUE GROUP BY workflow, process, status"
                                                      + " ORDER BY workflow, process, status")) {
            List<StepCount> counts = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    counts.add(new StepCount(rs.getString(1), rs.getString(2), rs.getString(3), rs.getLong(4)));
                }
            }
            return counts;
        }
    }

    private List<String> objectsAt(String workflow, String process, String status, String lane, int limit)
            throws SQLException {
        // With a lane every column of the queue index before status_at is fixed, so ordering by all of them is
        // ordering by age; spelled out, H2 reads the index in order too instead of sorting the whole queue.
        String sql = "SELECT object_id FROM workflow_step WHERE workflow = ? AND process = ? AND status = ?"
                     + " AND active = TRUE AND (start_at IS NULL OR start_at <= ?)" + (lane == null ? " ORDER BY status_at, id"
                : " AND lane = ? ORDER BY workflow, process, status, active, lane, status_at, id")
                     + (limit > 0 ? " FETCH FIRST " + limit + " ROWS ONLY" : "");
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, workflow);
            s.setString(2, process);
            s.setString(3, status);
            s.setObject(4, now());
            if (lane != null) {
                s.setString(5, lane);
            }
            List<String> ids = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
            return ids;
        }
    }

    /** The status transitions of an object's workflow, oldest first: [process, old, new] each. */
    public List<String[]> history(String objectId, String workflow) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT process, old_status, new_status FROM workflow_history"
                                                      + " WHERE object_id = ? AND workflow = ? ORDER BY id")) {
            s.setString(1, objectId);
            s.setString(2, workflow);
            List<String[]> rows = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    rows.add(new String[] { rs.getString(1), rs.getString(2), rs.getString(3) });
                }
            }
            return rows;
        }
    }

    /** Queues the waiting steps of one workflow version whose prerequisites are done; answers their processes. */
    private List<String> promoteReady(Connection c, String objectId, String workflow, int version, OffsetDateTime now)
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
                    if ("waiting".equals(rs.getString(2)) && !rs.getBoolean(3)) {
                        candidates.add(new String[] { rs.getString(1), rs.getString(4) });
                    }
                }
            }
        }
        List<String> promoted = new ArrayList<>();
        for (String[] candidate : candidates) {
            boolean ready = candidate[1].isEmpty()
                            || Arrays.stream(candidate[1].split(",")).allMatch(p -> StepStatus.isDone(status.get(p)));
            if (ready) {
                int changed = execute(c, "UPDATE workflow_step SET status = 'queued', status_at = ? WHERE object_id = ?"
                                         + " AND workflow = ? AND version = ? AND process = ? AND status = 'waiting'",
                        now, objectId, workflow, version, candidate[0]);
                if (changed == 1) {
                    history(c, objectId, workflow, candidate[0], version, "waiting", "queued", now);
                    promoted.add(candidate[0]);
                }
            }
        }
        return promoted;
    }

    private static List<Step> steps(Connection c, String objectId, String workflow, int version) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM workflow_step WHERE object_id = ?"
                                                      + " AND workflow = ? AND version = ? ORDER BY id")) {
            s.setString(1, objectId);
            s.setString(2, workflow);
            s.setInt(3, version);
            return StepRows.readAll(s);
        }
    }

    private static void history(Connection c, String objectId, String workflow, String process, int version,
                                String oldStatus, String newStatus, OffsetDateTime at)
            throws SQLException {
        execute(c, "INSERT INTO workflow_history (object_id, workflow, process, version, old_status, new_status,"
                   + " changed_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                objectId, workflow, process, version, oldStatus, newStatus, at);
    }

    private static int execute(Connection c, String sql, Object... args) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                s.setObject(i + 1, args[i]);
            }
            return s.executeUpdate();
        }
    }

    private Connection begin() throws SQLException {
        Connection c = dataSource.getConnection();
        c.setAutoCommit(false);
        return c;
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
