package dev.camelsuite.workflow.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the store's readiness rests on, checked over a whole database after a test has changed it: every step's count
 * of open prerequisites is what its prerequisites' statuses say, and no active step waits with none open (unless it
 * waits for an external signal: skip-queue). A count that drifted would strand a step or queue one too early, and
 * no single update shows it; these checks do.
 */
public final class ReadinessInvariants {

    /** The count recomputed from the statuses, in the same portable SQL as the migration that added it. */
    private static final String DRIFTED = "SELECT s.object_id, s.workflow, s.version, s.process, s.open_prerequisites,"
            + " (SELECT COUNT(*) FROM workflow_step p WHERE p.object_id = s.object_id AND p.workflow = s.workflow"
            + " AND p.version = s.version AND p.status NOT IN ('completed', 'skipped')"
            + " AND POSITION(',' || p.process || ',' IN ',' || s.prerequisites || ',') > 0) AS recomputed"
            + " FROM workflow_step s";

    private static final String STRANDED = "SELECT object_id, workflow, version, process FROM workflow_step"
            + " WHERE active = TRUE AND status = 'waiting' AND NOT skip_queue AND open_prerequisites = 0";

    private ReadinessInvariants() {
    }

    public static void assertKept(DataSource database) throws Exception {
        List<String> drifted = new ArrayList<>();
        List<String> stranded = new ArrayList<>();
        try (Connection c = database.getConnection()) {
            try (PreparedStatement s = c.prepareStatement(DRIFTED); ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    if (rs.getInt(5) != rs.getInt(6)) {
                        drifted.add(rs.getString(1) + " " + rs.getString(2) + " v" + rs.getInt(3) + " "
                                    + rs.getString(4) + ": " + rs.getInt(5) + " open, " + rs.getInt(6) + " by status");
                    }
                }
            }
            try (PreparedStatement s = c.prepareStatement(STRANDED); ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    stranded.add(rs.getString(1) + " " + rs.getString(2) + " v" + rs.getInt(3) + " " + rs.getString(4));
                }
            }
        }
        assertThat(drifted).as("steps whose count of open prerequisites drifted").isEmpty();
        assertThat(stranded).as("active steps waiting with every prerequisite done").isEmpty();
    }
}
