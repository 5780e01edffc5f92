package dev.camelsuite.workflow.store;

import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.List;
import java.util.function.LongPredicate;
import java.util.function.Function;

import javax.sql.DataSource;

import dev.camelsuite.workflow.IdempotencyKeyReusedException;
import dev.camelsuite.workflow.WorkflowConflictException;
import dev.camelsuite.workflow.WorkflowExistsException;
import dev.camelsuite.workflow.WorkflowNotFoundException;
import dev.camelsuite.workflow.model.Milestone;
import dev.camelsuite.workflow.model.RepairQuery;
import dev.camelsuite.workflow.model.RepairResult;
import dev.camelsuite.workflow.model.HeldStep;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepAttempt;
import dev.camelsuite.workflow.model.StepCount;
import dev.camelsuite.workflow.model.StepEnd;
import dev.camelsuite.workflow.model.StepEndResult;
import dev.camelsuite.workflow.model.StepRef;
import dev.camelsuite.workflow.model.StepUpdate;
import dev.camelsuite.workflow.template.WorkflowTemplate;
import org.flywaydb.core.Flyway;

/**
 * Workflow state in a JDBC database (H2 or PostgreSQL). Every change runs in one transaction with its history rows,
 * its events (when the {@link EventOutbox} is on) and the readiness changes it causes: a waiting step whose
 * prerequisites are all done becomes {@code queued} in the same commit, so a queue is a plain index range scan.
 * The operations, by role: {@link StepWrites}, {@link StepClaims}, {@link StepReads}, {@link WorkflowArchive}, over
 * {@link Transactions}; their changes told to the listener after each commit ({@link StepChanges}).
 */
public class WorkflowStore {

    private final Transactions tx;
    private final EventOutbox outbox;
    private final StepChanges changes;
    private final StepWrites writes;
    private final StepClaims claims;
    private final StepAttempts attempts;
    private final StepReads reads;
    private final WorkflowArchive archive;
    private final StepRepairs repairs;
    private volatile Duration keyRetention = Duration.ofHours(24);

    /** A store that starts no next workflows: it only records the steps' statuses. */
    public WorkflowStore(DataSource dataSource) {
        this(dataSource, null);
    }

    /**
     * @param templates the template of a workflow by name (null when unknown), for the next workflows that done steps
     *                  start; null for a store that starts none
     */
    public WorkflowStore(DataSource dataSource, Function<String, WorkflowTemplate> templates) {
        this.tx = new Transactions(dataSource);
        this.outbox = new EventOutbox(tx);
        this.changes = new StepChanges(outbox);
        this.writes = new StepWrites(tx, changes, templates);
        this.claims = new StepClaims(tx, changes);
        this.attempts = new StepAttempts(dataSource);
        this.reads = new StepReads(dataSource);
        this.archive = new WorkflowArchive(tx);
        this.repairs = new StepRepairs(dataSource, writes);
    }

    /** Tells {@code listener} of every status change after its transaction committed (null: nobody). */
    public void setListener(StepListener listener) {
        changes.setListener(listener);
    }

    /** The outbox of step events: off until set on, then each change writes its event in its transaction. */
    public EventOutbox outbox() {
        return outbox;
    }

    /**
     * Brings the schema up to date (Flyway, its history in {@code workflow_schema_history}). PostgreSQL also gets the
     * server-side update function of {@code classpath:db/workflow-postgresql}. The migrations are named in
     * {@link WorkflowMigrations}, not found by scanning.
     */
    public void migrate() throws SQLException {
        boolean postgres = tx.isPostgres();
        String[] locations = postgres
                ? new String[] { "classpath:" + WorkflowMigrations.FOLDER,
                                 "classpath:" + WorkflowMigrations.POSTGRESQL_FOLDER }
                : new String[] { "classpath:" + WorkflowMigrations.FOLDER };
        Flyway.configure().dataSource(tx.dataSource()).locations(locations)
                .resourceProvider(new WorkflowMigrations(postgres)).table("workflow_schema_history").load().migrate();
    }

    /**
     * On H2, makes every commit reach the database file before it returns (H2's {@code WRITE_DELAY 0}, a setting the
     * database keeps; else a process that dies takes its last half second of answered writes). Nothing on PostgreSQL.
     *
     * @throws SQLException when the database's user may not change the setting (H2 wants an administrator)
     */
    public void makeCommitsDurable() throws SQLException {
        if (tx.isH2()) {
            tx.writeSql(c -> Transactions.execute(c, "SET WRITE_DELAY 0"));
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

    /** Creates a workflow as the create above does, dated to start at {@code startAt} (null: at once). */
    public List<Step> create(String objectId, WorkflowTemplate template, int version, String lane, String context,
                             OffsetDateTime startAt)
            throws SQLException {
        try {
            return create(null, objectId, template, version, lane, context, startAt, true).steps();
        } catch (WorkflowConflictException e) {
            throw new IllegalStateException("A create without a key that may replace refuses nothing", e);
        }
    }

    /**
     * Creates a workflow once per idempotency key, recorded in the create's transaction: a create with a recorded key
     * (a retry) answers that create's version as it is now; the key with another request fails with
     * {@link IdempotencyKeyReusedException}. Keys are kept for {@link #setIdempotencyKeyRetention(Duration)}.
     *
     * @param key     the idempotency key, or null for none
     * @param replace whether an existing version may be replaced; false fails with {@link WorkflowExistsException}
     */
    public Creation create(String key, String objectId, WorkflowTemplate template, int version, String lane,
                           String context, OffsetDateTime startAt, boolean replace)
            throws SQLException, WorkflowConflictException {
        return writes.create(new CreateKeys.Request(key, objectId, template.getId(), version, lane, context, startAt),
                template, replace, keyRetention);
    }

    /** How long idempotency keys of creates are remembered (24 hours unless set). */
    public void setIdempotencyKeyRetention(Duration retention) {
        if (retention.isNegative() || retention.isZero()) {
            throw new IllegalArgumentException("The retention of idempotency keys must be positive: " + retention);
        }
        this.keyRetention = retention;
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
        return writes.update(objectId, workflow, process, update);
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
        return writes.updateAll(ends);
    }

    /**
     * Claims up to {@code limit} ready steps at a process for a robot, oldest first: {@code queued} ones, and
     * {@code retrying} ones whose last change is older than {@code retryDelay}. Each becomes {@code started}
     * (attempts + 1, note = the robot) in one transaction; the rows are taken with {@code FOR UPDATE SKIP LOCKED}, so
     * robots claiming at the same moment — threads or JVMs — never get the same step and never wait for each other.
     *
     * @param lane one lane, or null for all
     */
    public List<Step> claim(String workflow, String process, String lane, int limit, Duration retryDelay,
                            String robot)
            throws SQLException {
        return claims.claim(workflow, process, lane, limit, retryDelay, robot, robot, null);
    }

    /**
     * Claims as {@link #claim(String, String, String, int, Duration, String)} does, each step under a lease: the step
     * is the robot's until {@code lease} from now, and the robot {@link #renew renews} it while it works; a step whose
     * lease ran out is {@link #expire given out again}. The claim records who holds the step ({@code holder}) and
     * since when, and starts the step's next attempt in the attempt history ({@link #attempts}).
     *
     * @param robot  what the step's note says: the robot's name
     * @param holder the robot that holds the step, as shown to people (its name and its route)
     * @param lease  how long the claim lasts without a renewal; null or zero for none (then the sweeper gives a step
     *               of a robot that died out again)
     */
    public List<Step> claim(String workflow, String process, String lane, int limit, Duration retryDelay,
                            String robot, String holder, Duration lease)
            throws SQLException {
        return claims.claim(workflow, process, lane, limit, retryDelay, robot, holder, lease);
    }

    /** A bulk repair (see {@link StepRepairs}): a dry run counts and lists, else each step is updated as listed. */
    public RepairResult repair(RepairQuery query, boolean dryRun) throws SQLException {
        return repairs.repair(query, dryRun);
    }

    /**
     * Renews the leases of the steps a robot holds ({@code held}, as its claims answered them) for {@code lease} from
     * now; answers how many it still held. A step whose lease ran out in the meantime is not renewed: it was, or is
     * about to be, given out again, and the robot's end of it will be refused.
     */
    public int renew(List<Step> held, Duration lease) throws SQLException {
        return claims.renew(held, lease);
    }

    /** Takes the lease off a held step: it stays started for whoever ends it; the sweeper watches it. */
    public void letGo(Step step) throws SQLException {
        claims.letGo(step);
    }

    /**
     * Gives back the started steps of a process whose lease ran out (their robot died, or cannot reach the database):
     * they become {@code queued}, for the next claim; their attempts are counted when claimed again. Answers how many.
     */
    public int expire(String workflow, String process) throws SQLException {
        return claims.expire(workflow, process);
    }

    /**
     * The sweeper: active steps {@code started} without a lease for longer than {@code stuckAfter} — their robot
     * died — go back to {@code queued} (a claim starts a step in its transaction: no queued step to sweep, unlike the
     * original service). Answers how many went back.
     */
    public int sweep(String workflow, Duration stuckAfter) throws SQLException {
        return claims.sweep(workflow, stuckAfter);
    }

    /**
     * Gives back to the queue the started steps of {@code workflow} held by robots of a process that died on this
     * host: robots name themselves {@code host:pid}, and a process that is no longer alive holds nothing. A node that
     * restarts so gives out again at once what its robots held when it died, instead of after the sweeper's period.
     * Answers how many went back.
     *
     * @param alive whether the process of a pid is alive
     */
    public int releaseOrphans(String workflow, String host, LongPredicate alive) throws SQLException {
        return claims.releaseOrphans(workflow, host, alive);
    }

    /**
     * Every attempt robots made at a process of an object's workflow, of every version, in order: the robot, the
     * start, and how it ended (the last one as its step shows it; none while it runs).
     */
    public List<StepAttempt> attempts(String objectId, String workflow, String process) throws SQLException {
        return attempts.of(objectId, workflow, process);
    }

    /**
     * The active started steps of a workflow (null: every workflow), with who holds each, since when and until when
     * its lease runs; the longest held first, at most {@code limit}.
     */
    public List<HeldStep> held(String workflow, int limit) throws SQLException {
        return attempts.held(workflow, limit);
    }

    /** Every step of every version of an object's workflow, by version then template order. */
    public List<Step> get(String objectId, String workflow) throws SQLException {
        return reads.get(objectId, workflow);
    }

    /**
     * Objects whose active step at a process is ready (queued), oldest first.
     *
     * @param lane  one lane, or null for all
     * @param limit at most this many, 0 for no limit
     */
    public List<String> queue(String workflow, String process, String lane, int limit) throws SQLException {
        return reads.queue(workflow, process, lane, limit);
    }

    /** Objects whose active step at a process is in error, oldest first ({@code limit} 0 for no limit). */
    public List<String> errors(String workflow, String process, String lane, int limit) throws SQLException {
        return reads.errors(workflow, process, lane, limit);
    }

    /**
     * The lifecycle milestones an object reached: its done steps that carry a lifecycle, with the date they were
     * completed and their version. With {@code activeOnly} and a version: nothing when every step of that version is
     * done, else every step of that version that carries a lifecycle, reached or not (dated by its creation when not),
     * as the workflow service answers.
     */
    public List<Milestone> lifecycle(String objectId, boolean activeOnly, Integer version) throws SQLException {
        return reads.lifecycle(objectId, activeOnly, version);
    }

    /** Sets every active step of an object's workflow to skipped, with a note; answers how many changed. */
    public int skipAll(String objectId, String workflow, String note) throws SQLException, WorkflowNotFoundException {
        return writes.skipAll(objectId, workflow, note);
    }

    /**
     * Deletes an object's workflow: one version, or every version when {@code version} is null. Answers how many
     * steps went. Deleting the active version leaves no active version (as the workflow service does).
     */
    public int delete(String objectId, String workflow, Integer version) throws SQLException {
        return writes.delete(objectId, workflow, version);
    }

    /**
     * Moves finished workflow versions out of the live table: those of inactive versions, and — when
     * {@code finishedBefore} is given — active ones whose last change is older. "Finished" means every step completed
     * or skipped. Answers how many steps moved.
     */
    public int archive(OffsetDateTime finishedBefore) throws SQLException {
        return archive.archive(finishedBefore);
    }

    /** How many archived steps an object has. */
    public int archivedSteps(String objectId) throws SQLException {
        return archive.archivedSteps(objectId);
    }

    /** Deletes every workflow of an object and its contexts; answers how many steps went. */
    public int deleteObject(String objectId) throws SQLException {
        return writes.deleteObject(objectId);
    }

    /** The context of an object version, or null. */
    public String context(String objectId, int version) throws SQLException {
        return reads.context(objectId, version);
    }

    /** The most recent errors of active steps, newest first, at most {@code limit}: what an operator looks at first. */
    public List<Step> recentErrors(int limit) throws SQLException {
        return reads.recentErrors(limit);
    }

    /** Active steps by workflow, process and status. */
    public List<StepCount> counts() throws SQLException {
        return reads.counts();
    }

    /** Active steps in {@code status} since before {@code before}, by workflow and process (steps overdue). */
    public List<StepCount> counts(String status, OffsetDateTime before) throws SQLException {
        return reads.counts(status, before);
    }

    /** The status transitions of an object's workflow, oldest first: [process, old, new] each. */
    public List<String[]> history(String objectId, String workflow) throws SQLException {
        return reads.history(objectId, workflow);
    }

    /** Every step of every workflow of an object, by workflow, then version, then template order. */
    public List<Step> steps(String objectId) throws SQLException {
        return reads.steps(objectId);
    }

    /**
     * Objects whose active step at {@code at} has one of {@code statuses} and whose active steps {@code done} — of
     * the same workflow or of others — are all done (completed or skipped), oldest first: by the time the step at
     * {@code at} got its status. Steps of a future-dated workflow are left out until its start date. With the single
     * status {@code queued} the candidates are a range of the queue index, the readiness the store keeps; each
     * {@code done} step is then one lookup by object.
     *
     * @param lane  the lane of the step at {@code at}, or null for all
     * @param limit at most this many, 0 for all
     */
    public List<String> objects(StepRef at, Collection<String> statuses, List<StepRef> done, String lane, int limit)
            throws SQLException {
        return reads.objects(at, statuses, done, lane, limit);
    }

    /** The lanes of the active steps at {@code at} that have one of {@code statuses}, in name order. */
    public List<String> lanes(StepRef at, Collection<String> statuses) throws SQLException {
        return reads.lanes(at, statuses);
    }

    /**
     * Active steps of any workflow in {@code status} since before {@code before} (null: any time), oldest first. Steps
     * of a future-dated workflow are left out until its start date.
     *
     * @param limit at most this many, 0 for all
     */
    public List<Step> inStatus(String status, OffsetDateTime before, int limit) throws SQLException {
        return reads.inStatus(status, before, limit);
    }
}
