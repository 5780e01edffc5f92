package dev.camelsuite.workflow.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import dev.camelsuite.workflow.StepStatus;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepChange;

import static dev.camelsuite.workflow.store.Transactions.execute;
import static dev.camelsuite.workflow.store.Transactions.history;
import static dev.camelsuite.workflow.store.Transactions.now;

/**
 * What robots do to the queues: claim ready steps, and sweep the steps of robots that died back into the queue. Rows
 * are taken with {@code FOR UPDATE SKIP LOCKED}, so robots of any number of threads and JVMs never get the same step
 * and never wait for each other. See {@link WorkflowStore#claim} and {@link WorkflowStore#sweep}.
 */
final class StepClaims {

    /** A ready step a claim took, as it was before: its status, attempts, and how its last attempt ended. */
    private record Claimed(long id, String objectId, int version, String status, int attempts,
                           OffsetDateTime statusAt, String errorMessage, String errorText) {
    }

    /** A step held started for too long. */
    private record Stuck(long id, String objectId, String process, int version, String status, String lane,
                         String robot) {
    }

    private final Transactions tx;
    private final StepChanges changes;

    StepClaims(Transactions tx, StepChanges changes) {
        this.tx = tx;
        this.changes = changes;
    }

    List<Step> claim(String workflow, String process, String lane, int limit, Duration retryDelay, String robot,
                     String holder, Duration lease)
            throws SQLException {
        OffsetDateTime now = now();
        OffsetDateTime leaseUntil = lease == null || lease.isZero() ? null : now.plus(lease);
        if (tx.isPostgres()) {
            // the same claim in one auto-committed statement (PostgresClaim); below, the transaction other databases run
            List<StepChange> changed = new ArrayList<>();
            List<Step> steps = tx.read(c -> PostgresClaim.claim(c, workflow, process, lane, limit,
                    now.minus(retryDelay), now, robot, holder, leaseUntil, changes.recorded(), changed));
            changes.emit(changed);
            return steps;
        }
        String sql = "SELECT id, object_id, version, status, attempts, status_at, error_message, error_text"
                     + " FROM workflow_step WHERE workflow = ? AND process = ?"
                     + " AND status IN ('queued', 'retrying') AND active = TRUE"
                     + " AND (status = 'queued' OR status_at <= ?)"
                     + " AND (start_at IS NULL OR start_at <= ?)"
                     + (lane == null ? "" : " AND lane = ?") + " ORDER BY status_at, id FETCH FIRST " + limit
                     + " ROWS ONLY FOR UPDATE SKIP LOCKED";
        List<StepChange> changed = new ArrayList<>();
        List<Step> steps = tx.writeSql(c -> {
            List<Claimed> claimed = ready(c, sql, workflow, process, lane, now.minus(retryDelay), now);
            if (claimed.isEmpty()) {
                return List.<Step>of();
            }
            String ids = claimed.stream().map(row -> Long.toString(row.id())).collect(Collectors.joining(", "));
            execute(c, "UPDATE workflow_step SET status = 'started', attempts = attempts + 1, status_at = ?, note = ?,"
                       + " held_by = ?, held_since = ?, lease_until = ? WHERE id IN (" + ids + ")", now, robot, holder,
                    now, leaseUntil);
            attempts(c, workflow, process, claimed, holder, now);
            startedInHistory(c, workflow, process, claimed, now);
            List<Step> started;
            try (PreparedStatement s = c.prepareStatement("SELECT " + StepRows.COLUMNS + " FROM workflow_step"
                                                          + " WHERE id IN (" + ids + ") ORDER BY status_at, id")) {
                started = StepRows.readAll(s);
            }
            Map<String, String> before = new HashMap<>();
            for (Claimed row : claimed) {
                before.put(row.objectId(), row.status());
            }
            for (Step st : started) {
                changed.add(new StepChange(st.objectId(), workflow, process, st.version(), st.lane(),
                        before.get(st.objectId()), StepStatus.STARTED.label(), now));
            }
            changes.record(c, changed);
            return started;
        });
        changes.emit(changed);
        return steps;
    }

    /** The ready steps a claim takes, locked, as they were before. */
    private static List<Claimed> ready(Connection c, String sql, String workflow, String process, String lane,
                                       OffsetDateTime retryBefore, OffsetDateTime now)
            throws SQLException {
        List<Claimed> claimed = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, workflow);
            s.setString(2, process);
            s.setObject(3, retryBefore);
            s.setObject(4, now);
            if (lane != null) {
                s.setString(5, lane);
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    claimed.add(new Claimed(rs.getLong(1), rs.getString(2), rs.getInt(3), rs.getString(4),
                            rs.getInt(5), rs.getObject(6, OffsetDateTime.class), rs.getString(7), rs.getString(8)));
                }
            }
        }
        return claimed;
    }

    /** Each claimed step's change to {@code started}, in the history. */
    private static void startedInHistory(Connection c, String workflow, String process, List<Claimed> claimed,
                                         OffsetDateTime now)
            throws SQLException {
        try (PreparedStatement h = c.prepareStatement("INSERT INTO workflow_history (object_id, workflow, process,"
                                                      + " version, old_status, new_status, changed_at)"
                                                      + " VALUES (?, ?, ?, ?, ?, 'started', ?)")) {
            for (Claimed row : claimed) {
                StepKey.bind(h, 1, row.objectId(), workflow, process, row.version());
                h.setString(5, row.status());
                h.setObject(6, now);
                h.addBatch();
            }
            h.executeBatch();
        }
    }

    /**
     * The attempt each claim starts, with its robot; and the end of the attempt before it, as the step shows it now
     * (its status, error and time): the ends of attempts are not written when they happen, so that a step's end costs
     * nothing more, but read from the step until the next claim keeps them here.
     */
    private static void attempts(Connection c, String workflow, String process, List<Claimed> claimed, String robot,
                                 OffsetDateTime now)
            throws SQLException {
        try (PreparedStatement ended = c.prepareStatement("UPDATE workflow_attempt SET ended_at = ?, status = ?,"
                                                          + " error_message = ?, error_text = ? WHERE object_id = ?"
                                                          + " AND workflow = ? AND process = ? AND version = ?"
                                                          + " AND attempt = ? AND ended_at IS NULL");
             PreparedStatement started = c.prepareStatement("INSERT INTO workflow_attempt (object_id, workflow,"
                                                            + " process, version, attempt, robot, started_at)"
                                                            + " VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            boolean before = false;
            for (Claimed row : claimed) {
                if (row.attempts() > 0) {
                    ended.setObject(1, row.statusAt());
                    ended.setString(2, row.status());
                    ended.setString(3, row.errorMessage());
                    ended.setString(4, row.errorText());
                    StepKey.bind(ended, 5, row.objectId(), workflow, process, row.version());
                    ended.setInt(9, row.attempts());
                    ended.addBatch();
                    before = true;
                }
                StepKey.bind(started, 1, row.objectId(), workflow, process, row.version());
                started.setInt(5, row.attempts() + 1);
                started.setString(6, robot);
                started.setObject(7, now);
                started.addBatch();
            }
            if (before) {
                ended.executeBatch();
            }
            started.executeBatch();
        }
    }

    /**
     * Renews the leases of the steps a robot holds, each under its claim: answers how many it still held (a step whose
     * lease ran out and was given out again is not renewed).
     */
    int renew(List<Step> held, Duration lease) throws SQLException {
        if (held.isEmpty()) {
            return 0;
        }
        OffsetDateTime until = now().plus(lease);
        StringBuilder keys = new StringBuilder();
        for (int i = 0; i < held.size(); i++) {
            keys.append(i == 0 ? "" : " OR ").append("(object_id = ? AND workflow = ? AND process = ? AND version = ?"
                                                    + " AND attempts = ?)");
        }
        return tx.writeSql(c -> {
            // locked in id order first, as every change of several steps locks them (a batch of ends): a renewal
            // and a batch never wait for each other in a circle
            List<Long> ids = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT id FROM workflow_step WHERE status = 'started' AND ("
                                                          + keys + ") ORDER BY id FOR UPDATE")) {
                int p = 1;
                for (Step step : held) {
                    StepKey.bind(s, p, step.objectId(), step.workflow(), step.process(), step.version());
                    s.setInt(p + 4, step.attempts());
                    p += 5;
                }
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getLong(1));
                    }
                }
            }
            if (ids.isEmpty()) {
                return 0;
            }
            String list = ids.stream().map(String::valueOf).collect(Collectors.joining(", "));
            return execute(c, "UPDATE workflow_step SET lease_until = ? WHERE id IN (" + list + ")", until);
        });
    }

    /** No lease holds the step any more (its claim stays): the sweeper, not a lease, gives it out again. */
    int letGo(Step step) throws SQLException {
        return tx.writeSql(c -> execute(c, "UPDATE workflow_step SET lease_until = NULL WHERE object_id = ?"
                                           + " AND workflow = ? AND process = ? AND version = ? AND attempts = ?"
                                           + " AND status = 'started'", step.objectId(), step.workflow(),
                step.process(), step.version(), step.attempts()));
    }

    /** Gives back the started steps of a process whose lease ran out: their robot died or lost the database. */
    int expire(String workflow, String process) throws SQLException {
        OffsetDateTime now = now();
        return giveBack(workflow, now, c -> {
            try (PreparedStatement s = c.prepareStatement(STARTED + " AND process = ? AND lease_until < ? AND "
                                                          + UNDER_CLAIM + " FOR UPDATE SKIP LOCKED")) {
                s.setString(1, workflow);
                s.setString(2, process);
                s.setObject(3, now);
                return stuck(s, row -> true);
            }
        });
    }

    int sweep(String workflow, Duration stuckAfter) throws SQLException {
        OffsetDateTime now = now();
        return giveBack(workflow, now, c -> {
            // steps under a lease are given back when it runs out, not after the sweeper's period
            try (PreparedStatement s = c.prepareStatement(STARTED + " AND (lease_until IS NULL OR NOT " + UNDER_CLAIM
                                                          + ") AND status_at < ? FOR UPDATE SKIP LOCKED")) {
                s.setString(1, workflow);
                s.setObject(2, now.minus(stuckAfter));
                return stuck(s, row -> true);
            }
        });
    }

    /**
     * Gives back the started steps of {@code workflow} whose robot, named {@code host:pid} as robots name themselves,
     * ran on this host in a process that is no longer alive.
     */
    int releaseOrphans(String workflow, String host, LongPredicate alive) throws SQLException {
        String prefix = host + ":";
        return giveBack(workflow, now(), c -> {
            try (PreparedStatement s = c.prepareStatement(STARTED + " AND note LIKE ? FOR UPDATE SKIP LOCKED")) {
                s.setString(1, workflow);
                s.setString(2, prefix.replace("%", "\\%").replace("_", "\\_") + "%");
                return stuck(s, row -> {
                    String pid = row.robot().substring(prefix.length());
                    return pid.chars().allMatch(Character::isDigit) && !pid.isEmpty()
                           && !alive.test(Long.parseLong(pid));
                });
            }
        });
    }

    /**
     * Whether a step is still in the status its robot's claim gave it: the claim wrote the same time into both, and
     * any later change of status (a client's, a sweep) moves {@code status_at} on. Ends do not clear a claim's lease
     * columns (that would cost them a write): this tells a live lease from a stale one.
     */
    static final String UNDER_CLAIM = "held_since = status_at";

    /** The active started steps of a workflow, for update; the query goes on with the caller's conditions. */
    private static final String STARTED = "SELECT id, object_id, process, version, status, lane, note FROM workflow_step"
                                          + " WHERE workflow = ? AND active = TRUE AND status = 'started'";

    private static List<Stuck> stuck(PreparedStatement query, Predicate<Stuck> taken)
            throws SQLException {
        List<Stuck> stuck = new ArrayList<>();
        try (ResultSet rs = query.executeQuery()) {
            while (rs.next()) {
                Stuck row = new Stuck(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getInt(4), rs.getString(5),
                        rs.getString(6), rs.getString(7));
                if (taken.test(row)) {
                    stuck.add(row);
                }
            }
        }
        return stuck;
    }

    /** Puts the steps {@code find} selects back in the queue, in one transaction, and tells of the changes. */
    private int giveBack(String workflow, OffsetDateTime now, Transactions.SqlWork<List<Stuck>> find)
            throws SQLException {
        List<StepChange> changed = new ArrayList<>();
        List<Stuck> swept = tx.writeSql(c -> {
            List<Stuck> stuck = find.run(c);
            for (Stuck row : stuck) {
                execute(c, "UPDATE workflow_step SET status = 'queued', status_at = ? WHERE id = ?", now, row.id());
                history(c, row.objectId(), workflow, row.process(), row.version(), row.status(), StepStatus.QUEUED.label(), now);
                changed.add(new StepChange(row.objectId(), workflow, row.process(), row.version(), row.lane(),
                        row.status(), StepStatus.QUEUED.label(), now));
            }
            changes.record(c, changed);
            return stuck;
        });
        changes.emit(changed);
        return swept.size();
    }
}
