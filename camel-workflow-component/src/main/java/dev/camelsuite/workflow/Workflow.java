package dev.camelsuite.workflow;

import java.util.List;

import dev.camelsuite.workflow.model.Step;

/**
 * An object's workflow as {@code get} returns it: every step of every version. Converting it to {@code String} gives
 * the workflow service's XML ({@link WorkflowXml}).
 */
public record Workflow(String objectId, String name, List<Step> steps) {

    public Workflow {
        steps = List.copyOf(steps);
    }

    /** The step of a process in the active version, or null. */
    public Step activeStep(String process) {
        return steps.stream().filter(s -> s.active() && s.process().equals(process)).findFirst().orElse(null);
    }
}
