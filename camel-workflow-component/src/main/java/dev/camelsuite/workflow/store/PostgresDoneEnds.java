package dev.camelsuite.workflow.store;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToIntFunction;

import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepClaim;
import dev.camelsuite.workflow.model.StepEnd;

/**
 * A batch of step ends to done ({@code completed}, {@code skipped}) in one call of the server-side function
 * {@code workflow_end_steps} (migrations {@code db/workflow-postgresql}): three statements for the whole batch — lock
 * the steps and the steps waiting for them, update and log the steps, count down the open prerequisites of the steps
 * waiting for them and queue and log what became ready — where ending them one by one costs a statement and a round
 * trip each. The arguments are parallel arrays, one element per end.
 */
final class PostgresDoneEnds {

    private static final String CALL = "SELECT * FROM workflow_end_steps(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    /** Column of the first step column in the answer. */
    private static final int FIRST_STEP_COLUMN = 6;

    /** An end the call applied: what the step was before and its version, lane and next workflow. */
    private record Applied(String previousStatus, int version, String lane, String nextWorkflow) {
    }

    private PostgresDoneEnds() {
    }

    /**
     * The outcome of each end, in the order given: null for an end the call did not apply (its step is missing, not
     * in the expected status or no longer under the end's claim), for the caller to learn why.
     */
    static List<UpdateOutcome> end(Connection c, List<StepEnd> ends, OffsetDateTime now) throws SQLException {
        int n = ends.size();
        Applied[] applied = new Applied[n];
        List<List<Step>> ready = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            ready.add(new ArrayList<>());
        }
        try (PreparedStatement s = c.prepareStatement(CALL)) {
            s.setArray(1, varchars(c, ends, StepEnd::objectId));
            s.setArray(2, varchars(c, ends, StepEnd::workflow));
            s.setArray(3, varchars(c, ends, StepEnd::process));
            s.setArray(4, varchars(c, ends, e -> e.update().status()));
            s.setArray(5, varchars(c, ends, e -> e.update().expectedStatus()));
            s.setArray(6, varchars(c, ends, e -> e.update().errorMessage()));
            s.setArray(7, varchars(c, ends, e -> e.update().errorText()));
            s.setArray(8, c.createArrayOf("numeric", ends.stream().map(e -> e.update().elapsed())
                    .toArray(BigDecimal[]::new)));
            s.setArray(9, varchars(c, ends, e -> e.update().lifecycle()));
            s.setArray(10, varchars(c, ends, e -> e.update().note()));
            s.setArray(11, varchars(c, ends, e -> e.update().lane()));
            s.setArray(12, integers(c, ends, StepClaim::version));
            s.setArray(13, integers(c, ends, StepClaim::attempts));
            s.setObject(14, now);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    int j = rs.getInt(1) - 1;
                    if (rs.getString(FIRST_STEP_COLUMN) != null) {
                        ready.get(j).add(StepRows.read(rs, FIRST_STEP_COLUMN));
                    } else {
                        applied[j] = new Applied(rs.getString(2), rs.getInt(3), rs.getString(4), rs.getString(5));
                    }
                }
            }
        }
        UpdateOutcome[] outcomes = new UpdateOutcome[n];
        for (int j = 0; j < n; j++) {
            Applied a = applied[j];
            if (a != null) {
                outcomes[j] = new UpdateOutcome(true, a.previousStatus(), a.version(), a.lane(), a.nextWorkflow(), true,
                        ready.get(j), false);
            }
        }
        return Arrays.asList(outcomes);
    }

    /** A field of each end's claim, null for an end that names none. */
    private static java.sql.Array integers(Connection c, List<StepEnd> ends, ToIntFunction<StepClaim> field)
            throws SQLException {
        return c.createArrayOf("integer", ends.stream()
                .map(e -> e.update().claim() == null ? null : field.applyAsInt(e.update().claim()))
                .toArray(Integer[]::new));
    }

    private static java.sql.Array varchars(Connection c, List<StepEnd> ends,
                                           java.util.function.Function<StepEnd, String> field)
            throws SQLException {
        return c.createArrayOf("varchar", ends.stream().map(field).toArray(String[]::new));
    }
}
