package dev.camelsuite.workflow.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

import dev.camelsuite.workflow.StepStatus;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepChange;
import dev.camelsuite.workflow.model.StepUpdate;
import dev.camelsuite.workflow.template.ProcessDefinition;
import dev.camelsuite.workflow.template.WorkflowTemplate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The status changes of the store's operations: written to the outbox in their transaction when it is on
 * ({@link EventOutbox}), and told to the store's {@link StepListener} after the commit — what each kind of operation
 * changed, in the order it changed it.
 */
final class StepChanges {

    private static final Logger LOG = LoggerFactory.getLogger(WorkflowStore.class);

    private final EventOutbox outbox;
    private volatile StepListener listener;

    StepChanges(EventOutbox outbox) {
        this.outbox = outbox;
    }

    /** Whether changes write their events in their own transaction (the outbox is on). */
    boolean recorded() {
        return outbox.isOn();
    }

    /** Writes the events of {@code changes} in the transaction of {@code c} when the outbox is on. */
    void record(Connection c, List<StepChange> changes) throws SQLException {
        outbox.record(c, changes);
    }

    void setListener(StepListener listener) {
        this.listener = listener;
    }

    /** Tells the listener; a listener that fails is logged and does not undo what committed. */
    void emit(List<StepChange> changes) {
        StepListener l = listener;
        if (l == null || changes.isEmpty()) {
            return;
        }
        try {
            l.changed(changes);
        } catch (RuntimeException e) {
            LOG.warn("A step listener failed: {}", e.getMessage(), e);
        }
    }

    /** The changes of a created workflow: each step from nothing to its first status, then those queued at once. */
    static List<StepChange> created(WorkflowTemplate template, List<Step> steps, OffsetDateTime at) {
        List<StepChange> changes = new ArrayList<>();
        for (Step s : steps) {
            ProcessDefinition p = template.getProcess(s.process());
            String initial = p == null ? s.status() : p.initialStatus();
            changes.add(new StepChange(s.objectId(), s.workflow(), s.process(), s.version(), s.lane(), null, initial, at));
        }
        for (Step s : steps) {
            ProcessDefinition p = template.getProcess(s.process());
            if (p != null && StepStatus.WAITING.is(p.initialStatus()) && StepStatus.QUEUED.is(s.status())) {
                changes.add(new StepChange(s.objectId(), s.workflow(), s.process(), s.version(), s.lane(), StepStatus.WAITING.label(),
                        StepStatus.QUEUED.label(), at));
            }
        }
        return changes;
    }

    /** The changes of an update: the step itself, then the steps it made ready. */
    static List<StepChange> updated(String objectId, String workflow, String process, StepUpdate update,
                                    UpdateOutcome outcome, OffsetDateTime at) {
        List<StepChange> changes = new ArrayList<>();
        changes.add(new StepChange(objectId, workflow, process, outcome.version(), outcome.lane(),
                outcome.currentStatus(), update.status(), at));
        for (Step s : outcome.next()) {
            changes.add(new StepChange(s.objectId(), s.workflow(), s.process(), s.version(), s.lane(), StepStatus.WAITING.label(),
                    StepStatus.QUEUED.label(), at));
        }
        return changes;
    }
}
