package dev.camelsuite.workflow.template;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import dev.camelsuite.workflow.StepStatus;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * Reads templates in the workflow service's format:
 * {@code <workflow-def id="accessionWF"><process name="…" lifecycle="…" skip-queue="true" status="…"
 * next-workflow="…"><label>…</label><prereq>…</prereq></process>…</workflow-def>}. The XML parser refuses document
 * types, so no external entity is ever read.
 */
public final class WorkflowTemplateParser {

    private WorkflowTemplateParser() {
    }

    public static WorkflowTemplate parse(String xml) {
        return parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), "(string)");
    }

    /** @param source named in errors, e.g. the file name */
    public static WorkflowTemplate parse(InputStream xml, String source) {
        Document doc;
        try {
            doc = SafeXml.newDocumentBuilder().parse(xml);
        } catch (SAXException | IOException e) {
            throw new InvalidTemplateException(null, "Workflow template " + source + " is not well-formed XML"
                                                     + " (document types are not allowed): " + e.getMessage(), e);
        }
        Element root = doc.getDocumentElement();
        if (!"workflow-def".equals(root.getTagName())) {
            throw new InvalidTemplateException(null, "Workflow template " + source + " must have <workflow-def> as its"
                                                     + " root, not <" + root.getTagName() + ">");
        }
        String id = root.getAttribute("id").trim();
        if (id.isEmpty()) {
            throw new InvalidTemplateException(null, "Workflow template " + source + " has no id");
        }
        List<ProcessDefinition> processes = new ArrayList<>();
        NodeList children = root.getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
            Node n = children.item(i);
            if (n instanceof Element e) {
                if (!"process".equals(e.getTagName())) {
                    throw new InvalidTemplateException(id, "Workflow template '" + id + "' has an unknown element <"
                                                           + e.getTagName() + ">");
                }
                processes.add(process(id, e));
            }
        }
        return new WorkflowTemplate(id, processes);
    }

    private static ProcessDefinition process(String workflow, Element e) {
        String name = e.getAttribute("name").trim();
        if (name.isEmpty()) {
            throw new InvalidTemplateException(workflow, "Workflow template '" + workflow + "' has a process without a name");
        }
        String label = null;
        List<String> prereqs = new ArrayList<>();
        NodeList children = e.getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
            if (children.item(i) instanceof Element c) {
                switch (c.getTagName()) {
                    case "label" -> label = c.getTextContent().trim();
                    case "prereq" -> prereqs.add(c.getTextContent().trim());
                    default -> throw new InvalidTemplateException(workflow, "Workflow template '" + workflow
                                                                            + "', process '" + name
                                                                            + "' has an unknown element <"
                                                                            + c.getTagName() + ">");
                }
            }
        }
        String status = blankToNull(e.getAttribute("status"));
        return new ProcessDefinition(name, label, blankToNull(e.getAttribute("lifecycle")),
                "true".equalsIgnoreCase(e.getAttribute("skip-queue").trim()), status == null ? StepStatus.WAITING.label() : status,
                blankToNull(e.getAttribute("next-workflow")), prereqs);
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }
}
