package dev.camelsuite.workflow.template;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/** A set of templates that may start each other ({@code next-workflow}): checked as a whole. */
public final class WorkflowTemplates {

    private final Map<String, WorkflowTemplate> templates = new LinkedHashMap<>();

    public WorkflowTemplates(Collection<WorkflowTemplate> templates) {
        for (WorkflowTemplate t : templates) {
            if (this.templates.put(t.getId(), t) != null) {
                throw new InvalidTemplateException(t.getId(), "Workflow template '" + t.getId() + "' is defined twice");
            }
        }
        for (WorkflowTemplate t : templates) {
            for (ProcessDefinition p : t.getProcesses()) {
                if (p.nextWorkflow() != null && !this.templates.containsKey(p.nextWorkflow())) {
                    throw new InvalidTemplateException(t.getId(), "Workflow template '" + t.getId() + "': process '"
                                                                  + p.name() + "' starts workflow '" + p.nextWorkflow()
                                                                  + "', which has no template");
                }
            }
        }
    }

    /** The template of a workflow, or null. */
    public WorkflowTemplate get(String workflow) {
        return templates.get(workflow);
    }

    public Collection<WorkflowTemplate> all() {
        return templates.values();
    }
}
