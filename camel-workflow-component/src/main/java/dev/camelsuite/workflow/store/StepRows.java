package dev.camelsuite.workflow.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

import dev.camelsuite.workflow.model.Step;

/** How a {@link Step} is laid out in a row of {@code workflow_step}, for every query that reads whole steps. */
final class StepRows {

    private static final String[] NAMES = {
            "object_id", "workflow", "process", "version", "status", "lane", "active", "skip_queue", "prerequisites",
            "lifecycle", "next_workflow", "attempts", "elapsed", "error_message", "error_text", "note", "status_at",
            "completed_at", "created_at" };

    /** How many columns a step has. */
    static final int COUNT = NAMES.length;

    /** The columns of a step, in the order {@link #read(ResultSet, int)} expects. */
    static final String COLUMNS = columns("");

    private StepRows() {
    }

    /** The columns of a step, each with a table alias prefix such as {@code "w."}. */
    static String columns(String prefix) {
        StringBuilder sb = new StringBuilder();
        for (String name : NAMES) {
            sb.append(sb.isEmpty() ? "" : ", ").append(prefix).append(name);
        }
        return sb.toString();
    }

    /** The step whose columns start at column {@code first} of the current row. */
    static Step read(ResultSet rs, int first) throws SQLException {
        int i = first;
        String prereqs = rs.getString(i + 8);
        return new Step(rs.getString(i), rs.getString(i + 1), rs.getString(i + 2), rs.getInt(i + 3),
                rs.getString(i + 4), rs.getString(i + 5), rs.getBoolean(i + 6), rs.getBoolean(i + 7),
                prereqs.isEmpty() ? List.of() : List.of(prereqs.split(",")), rs.getString(i + 9),
                rs.getString(i + 10), rs.getInt(i + 11), rs.getBigDecimal(i + 12), rs.getString(i + 13),
                rs.getString(i + 14), rs.getString(i + 15), rs.getObject(i + 16, OffsetDateTime.class),
                rs.getObject(i + 17, OffsetDateTime.class), rs.getObject(i + 18, OffsetDateTime.class));
    }

    /** Every step a query answers, its columns first in each row. */
    static List<Step> readAll(PreparedStatement s) throws SQLException {
        List<Step> steps = new ArrayList<>();
        try (ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                steps.add(read(rs, 1));
            }
        }
        return steps;
    }
}
