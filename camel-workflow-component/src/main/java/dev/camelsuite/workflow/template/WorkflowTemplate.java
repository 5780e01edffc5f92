package dev.camelsuite.workflow.template;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A workflow template: its id and its processes, in template order. Checked when made. */
public final class WorkflowTemplate {

    private final String id;
    private final List<ProcessDefinition> processes;
    private final Map<String, ProcessDefinition> byName = new LinkedHashMap<>();
    private final List<ProcessDefinition> inPrerequisiteOrder = new java.util.ArrayList<>();

    public WorkflowTemplate(String id, List<ProcessDefinition> processes) {
        if (id == null || id.isBlank()) {
            throw new InvalidTemplateException(id, "A workflow template needs an id");
        }
        if (processes.isEmpty()) {
            throw new InvalidTemplateException(id, "Workflow template '" + id + "' has no processes");
        }
        this.id = id;
        this.processes = List.copyOf(processes);
        for (ProcessDefinition p : processes) {
            if (byName.put(p.name(), p) != null) {
                throw new InvalidTemplateException(id, "Workflow template '" + id + "' defines process '" + p.name()
                                                       + "' twice");
            }
        }
        for (ProcessDefinition p : processes) {
            for (String prereq : p.prerequisites()) {
                if (!byName.containsKey(prereq)) {
                    throw new InvalidTemplateException(id, "Workflow template '" + id + "': process '" + p.name()
                                                           + "' has prerequisite '" + prereq
                                                           + "', which is not a process of the workflow");
                }
            }
        }
        checkAcyclic();
    }

    private void checkAcyclic() {
        Map<String, Integer> state = new LinkedHashMap<>();
        for (ProcessDefinition p : processes) {
            visit(p.name(), state, new java.util.ArrayList<>());
        }
    }

    private void visit(String name, Map<String, Integer> state, List<String> path) {
        Integer s = state.get(name);
        if (s != null && s == 2) {
            return;
        }
        path.add(name);
        if (s != null && s == 1) {
            List<String> cycle = path.subList(path.indexOf(name), path.size());
            throw new InvalidTemplateException(id, "Workflow template '" + id + "' has a prerequisite cycle: "
                                                   + String.join(" -> ", cycle));
        }
        state.put(name, 1);
        for (String prereq : byName.get(name).prerequisites()) {
            visit(prereq, state, path);
        }
        state.put(name, 2);
        inPrerequisiteOrder.add(byName.get(name));
        path.remove(path.size() - 1);
    }

    public String getId() {
        return id;
    }

    public List<ProcessDefinition> getProcesses() {
        return processes;
    }

    /**
     * The processes with every prerequisite before the processes that need it: in template order when the template
     * lists prerequisites first (as templates do), else moved just as far as that takes. Steps are stored in this
     * order, so their ids follow it.
     */
    public List<ProcessDefinition> inPrerequisiteOrder() {
        return java.util.Collections.unmodifiableList(inPrerequisiteOrder);
    }

    /** The process of this name, or null. */
    public ProcessDefinition getProcess(String name) {
        return byName.get(name);
    }
}
