package dev.camelsuite.app.workflow;

import java.util.Collection;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.camelsuite.workflow.template.ProcessDefinition;
import dev.camelsuite.workflow.template.WorkflowTemplate;

/**
 * Templates as JSON: the list of names ({@code ["accessionWF", …]}) and one template as the workflow service shows it,
 * {@code {"processes":[{"name":"…","label":"…"}…]}}, each process here also with its {@code prerequisites},
 * {@code skipQueue} and, when set, {@code lifecycle} and {@code nextWorkflow}.
 */
final class TemplateJson {

    private TemplateJson() {
    }

    /** The names, sorted. */
    static String names(Collection<WorkflowTemplate> templates) {
        ArrayNode names = JsonNodeFactory.instance.arrayNode();
        templates.stream().map(WorkflowTemplate::getId).sorted().forEach(names::add);
        return names.toString();
    }

    static String of(WorkflowTemplate template) {
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        ArrayNode processes = answer.putArray("processes");
        for (ProcessDefinition p : template.getProcesses()) {
            ObjectNode process = processes.addObject().put("name", p.name())
                    .put("label", p.label() == null ? "" : p.label());
            ArrayNode prerequisites = process.putArray("prerequisites");
            p.prerequisites().forEach(prerequisites::add);
            process.put("skipQueue", p.skipQueue());
            if (p.lifecycle() != null) {
                process.put("lifecycle", p.lifecycle());
            }
            if (p.nextWorkflow() != null) {
                process.put("nextWorkflow", p.nextWorkflow());
            }
        }
        return answer.toString();
    }
}
