package dev.camelsuite.workflow;

import java.io.InputStream;

import dev.camelsuite.workflow.template.WorkflowTemplate;
import dev.camelsuite.workflow.template.WorkflowTemplateParser;

/** The test templates, written after the seed's Google scanned book case and the accessioning workflow. */
public final class Templates {

    private Templates() {
    }

    public static WorkflowTemplate load(String name) {
        try (InputStream in = Templates.class.getClassLoader().getResourceAsStream("templates/" + name + ".xml")) {
            return WorkflowTemplateParser.parse(in, name + ".xml");
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
