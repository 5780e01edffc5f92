package dev.camelsuite.benchmarks;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

/** What the fault-injection run ({@link FaultInjectionRun}) reads of its documents' {@code enhance} steps. */
final class FaultRunSteps {

    private FaultRunSteps() {
    }

    /** Documents whose step ended: completed or in error; -1 while the database restarts. */
    static long ended(DataSource ds) {
        try {
            long[] c = counts(ds);
            return c[0] + c[1];
        } catch (Exception e) {
            return -1; // the database is restarting
        }
    }

    /** Completed, in error, completed more than once. */
    static long[] counts(DataSource ds) throws Exception {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            long[] counts = new long[3];
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FILTER (WHERE status = 'completed'),"
                                               + " COUNT(*) FILTER (WHERE status = 'error') FROM workflow_step"
                                               + " WHERE process = 'enhance' AND active")) {
                rs.next();
                counts[0] = rs.getLong(1);
                counts[1] = rs.getLong(2);
            }
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM (SELECT object_id FROM workflow_history"
                                               + " WHERE process = 'enhance' AND new_status = 'completed'"
                                               + " GROUP BY object_id HAVING COUNT(*) > 1) twice")) {
                rs.next();
                counts[2] = rs.getLong(1);
            }
            return counts;
        }
    }

    /** The documents whose step a robot of this JVM holds under its claim; none while the database restarts. */
    static List<String> heldBy(DataSource db, String robotJvm) {
        List<String> held = new ArrayList<>();
        try (Connection c = db.getConnection(); var s = c.prepareStatement("SELECT object_id FROM workflow_step"
                                                                             + " WHERE process = 'enhance' AND"
                                                                             + " active AND status = 'started' AND"
                                                                             + " held_by LIKE ? AND held_since ="
                                                                             + " status_at")) {
            s.setString(1, robotJvm + " (%");
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    held.add(rs.getString(1));
                }
            }
        } catch (java.sql.SQLException e) {
            // the database is restarting: none seen
        }
        return held;
    }
}
