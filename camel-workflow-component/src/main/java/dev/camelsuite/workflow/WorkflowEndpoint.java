package dev.camelsuite.workflow;

import org.apache.camel.Category;
import org.apache.camel.Consumer;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriPath;
import org.apache.camel.support.DefaultEndpoint;

/** Reads and changes WorkDo-style workflow state of objects. */
@UriEndpoint(firstVersion = "1.0.0", scheme = "workflow", title = "Workflow", syntax = "workflow:workflowName/processName",
             producerOnly = true, category = { Category.WORKFLOW, Category.DATABASE },
             headersClass = WorkflowConstants.class)
public class WorkflowEndpoint extends DefaultEndpoint {

    @UriPath(description = "The workflow (optional for operations that span workflows)")
    private final String workflowName;
    @UriPath(description = "The process (step) of the workflow")
    private final String processName;

    @UriParam(label = "producer", description = "The operation; the header CamelWorkflowOperation overrides it.",
              enums = "create,update,get,queue,errors,lifecycle,skipAll,delete,archive,counts,templates")
    @Metadata(required = true)
    private WorkflowOperation operation;

    @UriParam(label = "producer", description = "The lane of created steps, or the lane queue and errors look in."
                                                + " The header CamelWorkflowLane overrides it.")
    private String lane;

    @UriParam(label = "producer", defaultValue = "0",
              description = "queue and errors: at most this many objects; 0 for all. The header CamelWorkflowLimit"
                            + " overrides it.")
    private int limit;

    @UriParam(label = "producer", defaultValue = "false",
              description = "lifecycle: only the milestones of a version that is not finished yet (with a version).")
    private boolean activeOnly;

    @UriParam(label = "producer", defaultValue = "0",
              description = "archive: besides the finished workflows of inactive versions, finished workflows whose last"
                            + " change is older than this many days; 0 for none. The header CamelWorkflowRetentionDays"
                            + " overrides it.")
    private int retentionDays;

    public WorkflowEndpoint(String uri, WorkflowComponent component, String workflowName, String processName) {
        super(uri, component);
        this.workflowName = workflowName;
        this.processName = processName;
    }

    void validate() {
        if (limit < 0) {
            throw new IllegalArgumentException("Option limit must be >= 0 but was " + limit);
        }
        if (retentionDays < 0) {
            throw new IllegalArgumentException("Option retentionDays must be >= 0 but was " + retentionDays);
        }
    }

    @Override
    public WorkflowComponent getComponent() {
        return (WorkflowComponent) super.getComponent();
    }

    @Override
    public Producer createProducer() {
        return new WorkflowProducer(this);
    }

    @Override
    public Consumer createConsumer(Processor processor) {
        throw new UnsupportedOperationException("The workflow endpoint " + getEndpointUri() + " has no consumer");
    }

    public String getWorkflowName() {
        return workflowName;
    }

    public String getProcessName() {
        return processName;
    }

    public WorkflowOperation getOperation() {
        return operation;
    }

    public void setOperation(WorkflowOperation operation) {
        this.operation = operation;
    }

    public String getLane() {
        return lane;
    }

    public void setLane(String lane) {
        this.lane = lane;
    }

    public int getLimit() {
        return limit;
    }

    public void setLimit(int limit) {
        this.limit = limit;
    }

    public int getRetentionDays() {
        return retentionDays;
    }

    public void setRetentionDays(int retentionDays) {
        this.retentionDays = retentionDays;
    }

    public boolean isActiveOnly() {
        return activeOnly;
    }

    public void setActiveOnly(boolean activeOnly) {
        this.activeOnly = activeOnly;
    }
}
