package dev.camelsuite.workflow.store;

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

    /** A ready step a claim took, as it was before. */
    private record Claimed(long id, String objectId, int version, String status) {
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

    List<Step> claim(String workflow, String process, String lane, int limit, Duration retryDelay, String robot)
            throws SQLException {
        OffsetDateTime now = now();
        String sql = "SELECT id, object_id, version, status FROM workflow_step WHERE workflow = ? AND process = ?"
                     // in this shape PostgreSQL reads its index of ready steps in order (db/workflow-postgresql)
                     + " AND status IN ('queued', 'retrying') AND active = TRUE"
                     + " AND (status = 'queued' OR status_at <= ?)"
                     + " AND (start_at IS NULL OR start_at <= ?)"
                     + (lane == null ? "" : " AND lane = ?") + " ORDER BY status_at, id FETCH FIRST " + limit
                     + " ROWS ONLY FOR UPDATE SKIP LOCKED";
        List<StepChange> changed = new ArrayList<>();
        List<Step> steps = tx.writeSql(c -> {
            List<Claimed> claimed = new ArrayList<>();
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
                        claimed.add(new Claimed(rs.getLong(1), rs.getString(2), rs.getInt(3), rs.getString(4)));
                    }
                }
            }
            if (claimed.isEmpty()) {
                return List.<Step>of();
            }
            String ids = claimed.stream().map(row -> Long.toString(row.id())).collect(Collectors.joining(", "));
            execute(c, "UPDATE workflow_step SET status = 'started', attempts = attempts + 1, status_at = ?, note = ?"
                       + " WHERE id IN (" + ids + ")", now, robot);
            try (PreparedStatement h = c.prepareStatement("INSERT INTO workflow_history (object_id, workflow,"
                                                          + " process, version, old_status, new_status, changed_at)"
                                                          + " VALUES (?, ?, ?, ?, ?, 'started', ?)")) {
                for (Claimed row : claimed) {
                    h.setString(1, row.objectId());
                    h.setString(2, workflow);
                    h.setString(3, process);
                    h.setInt(4, row.version());
                    h.setString(5, row.status());
                    h.setObject(6, now);
                    h.addBatch();
                }
                h.executeBatch();
            }
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
            return started;
        });
        changes.emit(changed);
        return steps;
    }

    int sweep(String workflow, Duration stuckAfter) throws SQLException {
        OffsetDateTime now = now();
        return giveBack(workflow, now, c -> {
            try (PreparedStatement s = c.prepareStatement(STARTED + " AND status_at < ? FOR UPDATE SKIP LOCKED")) {
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
        List<Stuck> swept = tx.writeSql(c -> {
            List<Stuck> stuck = find.run(c);
            for (Stuck row : stuck) {
                execute(c, "UPDATE workflow_step SET status = 'queued', status_at = ? WHERE id = ?", now, row.id());
                history(c, row.objectId(), workflow, row.process(), row.version(), row.status(), StepStatus.QUEUED.label(), now);
            }
            return stuck;
        });
        List<StepChange> changed = new ArrayList<>();
        for (Stuck row : swept) {
            changed.add(new StepChange(row.objectId(), workflow, row.process(), row.version(), row.lane(), row.status(),
                    StepStatus.QUEUED.label(), now));
        }
        changes.emit(changed);
        return swept.size();
    }
}
