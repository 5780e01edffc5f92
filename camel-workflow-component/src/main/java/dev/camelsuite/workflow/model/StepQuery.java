package dev.camelsuite.workflow.model;

import java.util.List;

/**
 * A query across an object's workflows, the body of the operations {@code objects} and {@code lanes}: the active
 * steps at {@code at} that have one of {@code statuses}, of objects whose active steps {@code done} are all done
 * (completed or skipped), in {@code lane} (null: any), at most {@code limit} objects (0: all). The workflow service's
 * {@code /workflow_queue?waiting=…&completed=…} is one.
 */
public record StepQuery(StepRef at, List<String> statuses, List<StepRef> done, String lane, int limit) {

    public StepQuery {
        if (at == null) {
            throw new IllegalArgumentException("A step query needs the step it looks at");
        }
        if (statuses == null || statuses.isEmpty()) {
            throw new IllegalArgumentException("A query of the steps at " + at + " needs at least one status");
        }
        if (limit < 0) {
            throw new IllegalArgumentException("The limit of a query of the steps at " + at + " must be >= 0, not "
                                               + limit);
        }
        statuses = List.copyOf(statuses);
        done = done == null ? List.of() : List.copyOf(done);
    }

    /** The active steps at {@code at} in one of {@code statuses}, of any object and lane. */
    public static StepQuery at(StepRef at, List<String> statuses) {
        return new StepQuery(at, statuses, List.of(), null, 0);
    }
}
