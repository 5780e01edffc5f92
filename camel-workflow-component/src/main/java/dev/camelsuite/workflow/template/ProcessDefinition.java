package dev.camelsuite.workflow.template;

import java.util.List;

/**
 * One process of a workflow template: {@code <process name lifecycle skip-queue status next-workflow><label/><prereq/>}.
 *
 * @param name          the process name, unique in its workflow
 * @param label         a human label, or null
 * @param lifecycle     the lifecycle milestone reached when the step completes, or null
 * @param skipQueue     whether the step waits for an external signal and is never queued by the service
 * @param initialStatus the status a new step starts with ({@code waiting} unless the template says otherwise)
 * @param nextWorkflow  the workflow to start when this step completes, or null
 * @param prerequisites the processes of the same workflow that must be done first
 */
public record ProcessDefinition(String name, String label, String lifecycle, boolean skipQueue, String initialStatus,
                                String nextWorkflow, List<String> prerequisites) {

    public ProcessDefinition {
        prerequisites = List.copyOf(prerequisites);
    }
}
