package dev.camelsuite.app.workflow;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import dev.camelsuite.workflow.model.StepRef;
import dev.camelsuite.workflow.template.ProcessDefinition;
import dev.camelsuite.workflow.template.WorkflowTemplate;

/**
 * The statuses that {@code waiting=} means here. The workflow service lists steps still {@code waiting} whose
 * {@code completed=} steps are done. This store keeps readiness: a waiting step whose prerequisites are done becomes
 * {@code queued} in the same transaction, and stays so until a robot claims it. So the step at {@code waiting=} is
 * looked for as {@code queued}; and as {@code waiting} too only where a waiting step can have the named steps done —
 * when they do not cover its template's prerequisites. When they do, the answer is a range of the queue index. A
 * skip-queue step waits for an outside signal and the store never queues it, so a {@code queued} one was set so by a
 * client, and is no longer waiting: it is looked for as {@code waiting} alone, as the original does.
 */
final class WaitingStatuses {

    static final Set<String> READY = Set.of("queued");
    static final Set<String> NOT_STARTED = Set.of("queued", "waiting");
    static final Set<String> WAITING = Set.of("waiting");

    private WaitingStatuses() {
    }

    /** @param template the template of the waiting step's workflow, or null when there is none */
    static Set<String> of(WorkflowTemplate template, StepRef waiting, List<StepRef> completed) {
        ProcessDefinition process = template == null ? null : template.getProcess(waiting.process());
        if (process == null) {
            return NOT_STARTED;
        }
        if (process.skipQueue()) {
            return WAITING;
        }
        Set<String> named = completed.stream().filter(c -> c.workflow().equals(waiting.workflow()))
                .map(StepRef::process).collect(Collectors.toSet());
        return named.containsAll(process.prerequisites()) ? READY : NOT_STARTED;
    }
}
