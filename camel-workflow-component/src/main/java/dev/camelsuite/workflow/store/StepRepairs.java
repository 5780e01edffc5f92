package dev.camelsuite.workflow.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import dev.camelsuite.workflow.model.RepairQuery;
import dev.camelsuite.workflow.model.RepairResult;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepEnd;
import dev.camelsuite.workflow.model.StepEndResult;
import dev.camelsuite.workflow.model.StepUpdate;

/**
 * Bulk repairs: the steps a {@link RepairQuery} matches, counted and listed (a dry run), or each changed as an update
 * would change it — a history row each, readiness and next workflows as for any update — in transactions of
 * {@link #AT_ONCE} steps, so no repair holds its locks for long. Each change is conditional on the step still being
 * in the repaired status: a step a robot or client changed meanwhile is left as it is.
 */
final class StepRepairs {

    /** Steps changed in one transaction. */
    static final int AT_ONCE = 200;

    private final DataSource dataSource;
    private final StepWrites writes;

    StepRepairs(DataSource dataSource, StepWrites writes) {
        this.dataSource = dataSource;
        this.writes = writes;
    }

    RepairResult repair(RepairQuery q, boolean dryRun) throws SQLException {
        long matched;
        List<Step> steps;
        try (Connection c = dataSource.getConnection()) {
            matched = count(c, q);
            steps = matched == 0 ? List.of() : find(c, q);
        }
        int changed = 0;
        if (!dryRun) {
            for (int from = 0; from < steps.size(); from += AT_ONCE) {
                List<StepEnd> ends = new ArrayList<>();
                for (Step s : steps.subList(from, Math.min(steps.size(), from + AT_ONCE))) {
                    StepUpdate update = StepUpdate.to(q.to()).expecting(q.from());
                    ends.add(new StepEnd(s.objectId(), s.workflow(), s.process(),
                            q.note() == null ? update : update.withNote(q.note())));
                }
                for (StepEndResult r : writes.updateAll(ends)) {
                    changed += r.failure() == null ? 1 : 0;
                }
            }
        }
        return new RepairResult(dryRun, matched, changed,
                List.copyOf(steps.subList(0, Math.min(steps.size(), RepairResult.LISTED))));
    }

    private static String where(RepairQuery q) {
        return " FROM workflow_step WHERE workflow = ? AND status = ? AND active = TRUE"
               + (q.process() == null ? "" : " AND process = ?") + (q.lane() == null ? "" : " AND lane = ?")
               + (q.before() == null ? "" : " AND status_at < ?")
               + (q.errorContains() == null ? "" : " AND error_message LIKE ? ESCAPE '!'");
    }

    private static void bind(PreparedStatement s, RepairQuery q) throws SQLException {
        int i = 1;
        s.setString(i++, q.workflow());
        s.setString(i++, q.from());
        if (q.process() != null) {
            s.setString(i++, q.process());
        }
        if (q.lane() != null) {
            s.setString(i++, q.lane());
        }
        if (q.before() != null) {
            s.setObject(i++, q.before());
        }
        if (q.errorContains() != null) {
            s.setString(i, "%" + q.errorContains().replace("!", "!!").replace("%", "!%").replace("_", "!_") + "%");
        }
    }

    private static long count(Connection c, RepairQuery q) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT COUNT(*)" + where(q))) {
            bind(s, q);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static List<Step> find(Connection c, RepairQuery q) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + StepRows.COLUMNS + where(q)
                                                      + " ORDER BY status_at, id FETCH FIRST " + q.limit()
                                                      + " ROWS ONLY")) {
            bind(s, q);
            return StepRows.readAll(s);
        }
    }
}
