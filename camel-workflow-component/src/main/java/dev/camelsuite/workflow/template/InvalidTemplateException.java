package dev.camelsuite.workflow.template;

/** A workflow template that cannot be used; the message names the template and, where one is at fault, the process. */
public class InvalidTemplateException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String workflow;

    public InvalidTemplateException(String workflow, String message) {
        super(message);
        this.workflow = workflow;
    }

    public InvalidTemplateException(String workflow, String message, Throwable cause) {
        super(message, cause);
        this.workflow = workflow;
    }

    public String getWorkflow() {
        return workflow;
    }
}
