package dev.camelsuite.workflow.store;

import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * The parameters that name a step in a statement — its object id, workflow and process, and its version where the
 * statement names one — bound in that order, each with the setter of its column's type (PostgreSQL does not guess a
 * parameter's type as H2 does).
 */
final class StepKey {

    private StepKey() {
    }

    /** Binds object id, workflow and process as strings from {@code index} on; answers the next index. */
    static int bind(PreparedStatement s, int index, String objectId, String workflow, String process)
            throws SQLException {
        s.setString(index, objectId);
        s.setString(index + 1, workflow);
        s.setString(index + 2, process);
        return index + 3;
    }

    /** Binds object id, workflow and process as strings and the version as an integer; answers the next index. */
    static int bind(PreparedStatement s, int index, String objectId, String workflow, String process, int version)
            throws SQLException {
        int next = bind(s, index, objectId, workflow, process);
        s.setInt(next, version);
        return next + 1;
    }
}
