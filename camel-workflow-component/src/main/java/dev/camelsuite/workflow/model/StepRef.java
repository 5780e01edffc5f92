package dev.camelsuite.workflow.model;

/**
 * A step named by its workflow and process, as the workflow service's queries write it ({@code accessionWF:shelve}).
 */
public record StepRef(String workflow, String process) {

    public StepRef {
        if (workflow == null || workflow.isBlank() || process == null || process.isBlank()) {
            throw new IllegalArgumentException("A step needs a workflow and a process, not '" + workflow + ":" + process
                                               + "'");
        }
    }

    @Override
    public String toString() {
        return workflow + ":" + process;
    }
}
