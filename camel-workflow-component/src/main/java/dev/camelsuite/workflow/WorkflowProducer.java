package dev.camelsuite.workflow;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Date;
import java.util.List;

import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepQuery;
import dev.camelsuite.workflow.model.StepUpdate;
import dev.camelsuite.workflow.store.Unreachable;
import dev.camelsuite.workflow.model.RepairQuery;
import dev.camelsuite.workflow.store.Creation;
import dev.camelsuite.workflow.store.WorkflowStore;
import dev.camelsuite.workflow.template.WorkflowTemplate;
import org.apache.camel.AsyncCallback;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.spi.InvokeOnHeader;
import org.apache.camel.support.HeaderSelectorProducer;

/**
 * One method per operation. Inputs come from headers, which override the endpoint's path and options; a missing input
 * fails with a message naming the operation, the option and the header.
 */
public class WorkflowProducer extends HeaderSelectorProducer {

    /** How many errors {@code recentErrors} lists without a limit. */
    static final int RECENT_ERRORS = 20;
    /** How many held steps {@code held} lists without a limit. */
    static final int HELD = 100;

    private final WorkflowEndpoint endpoint;

    public WorkflowProducer(WorkflowEndpoint endpoint) {
        super(endpoint, WorkflowConstants.OPERATION,
                () -> endpoint.getOperation() == null ? null : endpoint.getOperation().name());
        this.endpoint = endpoint;
    }

    /** A producer without an operation (a robot's URI used as a producer, say) says what it needs. */
    @Override
    public boolean process(Exchange exchange, AsyncCallback callback) {
        if (endpoint.getOperation() == null && exchange.getMessage().getHeader(WorkflowConstants.OPERATION) == null) {
            exchange.setException(new IllegalArgumentException("A workflow producer needs an operation: the option"
                                                               + " operation (workflow:accessionWF?operation=create)"
                                                               + " or the header CamelWorkflowOperation"));
            callback.done(true);
            return true;
        }
        if (!endpoint.getComponent().prepareStore()) {
            exchange.setException(new WorkflowStoreUnavailableException("The workflow database cannot be reached ("
                                                                        + endpoint.getComponent()
                                                                                .getLastPreparationFailure()
                                                                        + "): nothing was changed; try again later",
                    null));
            callback.done(true);
            return true;
        }
        return super.process(exchange, doneSync -> {
            Exception failure = exchange.getException();
            if (failure != null && !(failure instanceof WorkflowStoreUnavailableException) && Unreachable.is(failure)) {
                exchange.setException(new WorkflowStoreUnavailableException("The workflow database cannot be reached ("
                                                                            + failure.getMessage() + "); try again later",
                        failure));
            }
            callback.done(doneSync);
        });
    }

    private WorkflowStore store() {
        return endpoint.getComponent().getStore();
    }

    @InvokeOnHeader("create")
    public void create(Message message) throws Exception {
        String workflow = requireWorkflow(message, "create");
        WorkflowTemplate template = endpoint.getComponent().getTemplateSet().get(workflow);
        if (template == null) {
            throw new IllegalArgumentException("Operation create: no template for workflow '" + workflow + "'");
        }
        Integer version = message.getHeader(WorkflowConstants.VERSION, Integer.class);
        String lane = message.getHeader(WorkflowConstants.LANE, endpoint.getLane(), String.class);
        String context = message.getHeader(WorkflowConstants.CONTEXT, String.class);
        String key = message.getHeader(WorkflowConstants.IDEMPOTENCY_KEY, String.class);
        boolean replace = message.getHeader(WorkflowConstants.REPLACE, Boolean.TRUE, Boolean.class);
        Creation creation = store().create(key, requireObjectId(message, "create"), template,
                version == null ? 1 : version, lane, context, startDate(message), replace);
        message.setBody(creation.steps());
        message.setHeader(WorkflowConstants.REPEATED, creation.repeated());
    }

    /** The start date of a created workflow, from an OffsetDateTime, Instant, Date or ISO-8601 text; null for none. */
    private static OffsetDateTime startDate(Message message) {
        return date(message, WorkflowConstants.START_DATE, "create");
    }

    /** A date header: an OffsetDateTime, Instant, Date or ISO-8601 text; null when absent. */
    private static OffsetDateTime date(Message message, String header, String operation) {
        Object value = message.getHeader(header);
        if (value == null) {
            return null;
        }
        if (value instanceof OffsetDateTime d) {
            return d;
        }
        if (value instanceof Instant i) {
            return i.atOffset(ZoneOffset.UTC);
        }
        if (value instanceof Date d) {
            return d.toInstant().atOffset(ZoneOffset.UTC);
        }
        try {
            return OffsetDateTime.parse(value.toString().trim());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("Operation " + operation + ": header " + header
                                               + " must be a date (e.g. 2026-12-01T00:00:00Z), not '" + value + "'");
        }
    }

    @InvokeOnHeader("update")
    public void update(Message message) throws Exception {
        StepUpdate update = message.getBody() instanceof StepUpdate typed ? typed : updateOf(message);
        if (update.status() == null || update.status().isBlank()) {
            throw new IllegalArgumentException("Operation update needs the new status: a StepUpdate body, or header "
                                               + WorkflowConstants.STATUS);
        }
        String objectId = requireObjectId(message, "update");
        String workflow = requireWorkflow(message, "update");
        String process = requireProcess(message, "update");
        List<Step> next = store().update(objectId, workflow, process, update);
        message.setBody(next);
        message.setHeader(WorkflowConstants.NEXT_STEPS, next.stream().map(Step::process).toList());
    }

    /** An update from the headers, when the body is no {@link StepUpdate}. */
    private static StepUpdate updateOf(Message message) {
        String status = message.getHeader(WorkflowConstants.STATUS, String.class);
        if (status == null || status.isBlank()) {
            throw new IllegalArgumentException("Operation update needs the new status: a StepUpdate body, or header "
                                               + WorkflowConstants.STATUS);
        }
        return new StepUpdate(status, message.getHeader(WorkflowConstants.EXPECTED_STATUS, String.class),
                message.getHeader(WorkflowConstants.ERROR_MESSAGE, String.class),
                message.getHeader(WorkflowConstants.ERROR_TEXT, String.class),
                message.getHeader(WorkflowConstants.ELAPSED, BigDecimal.class),
                message.getHeader(WorkflowConstants.LIFECYCLE, String.class),
                message.getHeader(WorkflowConstants.NOTE, String.class),
                message.getHeader(WorkflowConstants.LANE, String.class));
    }

    @InvokeOnHeader("get")
    public void get(Message message) throws Exception {
        String objectId = requireObjectId(message, "get");
        String workflow = requireWorkflow(message, "get");
        message.setBody(new Workflow(objectId, workflow, store().get(objectId, workflow)));
    }

    @InvokeOnHeader("archive")
    public void archive(Message message) throws Exception {
        Integer days = message.getHeader(WorkflowConstants.RETENTION_DAYS, endpoint.getRetentionDays(), Integer.class);
        message.setBody(store().archive(days == null || days <= 0 ? null
                : OffsetDateTime.now(ZoneOffset.UTC).minusDays(days)));
    }

    @InvokeOnHeader("queue")
    public void queue(Message message) throws Exception {
        message.setBody(store().queue(requireWorkflow(message, "queue"), requireProcess(message, "queue"),
                message.getHeader(WorkflowConstants.LANE, endpoint.getLane(), String.class), limit(message)));
    }

    @InvokeOnHeader("errors")
    public void errors(Message message) throws Exception {
        message.setBody(store().errors(requireWorkflow(message, "errors"), requireProcess(message, "errors"),
                message.getHeader(WorkflowConstants.LANE, endpoint.getLane(), String.class), limit(message)));
    }

    @InvokeOnHeader("lifecycle")
    public void lifecycle(Message message) throws Exception {
        message.setBody(store().lifecycle(requireObjectId(message, "lifecycle"), endpoint.isActiveOnly(),
                message.getHeader(WorkflowConstants.VERSION, Integer.class)));
    }

    @InvokeOnHeader("skipAll")
    public void skipAll(Message message) throws Exception {
        message.setBody(store().skipAll(requireObjectId(message, "skipAll"), requireWorkflow(message, "skipAll"),
                message.getHeader(WorkflowConstants.NOTE, String.class)));
    }

    @InvokeOnHeader("delete")
    public void delete(Message message) throws Exception {
        String objectId = requireObjectId(message, "delete");
        String workflow = workflowOf(message);
        message.setBody(workflow == null
                ? store().deleteObject(objectId)
                : store().delete(objectId, workflow, message.getHeader(WorkflowConstants.VERSION, Integer.class)));
    }

    /** Every active step by status; with CamelWorkflowStatus and CamelWorkflowBefore, those in it since before then. */
    @InvokeOnHeader("counts")
    public void counts(Message message) throws Exception {
        String status = message.getHeader(WorkflowConstants.STATUS, String.class);
        OffsetDateTime before = date(message, WorkflowConstants.BEFORE, "counts");
        if ((status == null) != (before == null)) {
            throw new IllegalArgumentException("Operation counts takes " + WorkflowConstants.STATUS + " and "
                                               + WorkflowConstants.BEFORE + " together, or neither");
        }
        message.setBody(status == null ? store().counts() : store().counts(status, before));
    }

    @InvokeOnHeader("steps")
    public void steps(Message message) throws Exception {
        message.setBody(store().steps(requireObjectId(message, "steps")));
    }

    @InvokeOnHeader("context")
    public void context(Message message) throws Exception {
        Integer version = message.getHeader(WorkflowConstants.VERSION, Integer.class);
        if (version == null) {
            throw new IllegalArgumentException("Operation context needs the object version in header "
                                               + WorkflowConstants.VERSION);
        }
        message.setBody(store().context(requireObjectId(message, "context"), version));
    }

    @InvokeOnHeader("objects")
    public void objects(Message message) throws Exception {
        StepQuery query = requireQuery(message, "objects");
        message.setBody(store().objects(query.at(), query.statuses(), query.done(), query.lane(), query.limit()));
    }

    @InvokeOnHeader("lanes")
    public void lanes(Message message) throws Exception {
        StepQuery query = requireQuery(message, "lanes");
        message.setBody(store().lanes(query.at(), query.statuses()));
    }

    /**
     * Bulk repair: the active steps of the workflow (one process, or every one) in {@code CamelWorkflowExpectedStatus}
     * (default error) get {@code CamelWorkflowStatus}, at most {@code CamelWorkflowLimit} (default 100) a call.
     */
    @InvokeOnHeader("repair")
    public void repair(Message message) throws Exception {
        String to = message.getHeader(WorkflowConstants.STATUS, String.class);
        if (to == null) {
            throw new IllegalArgumentException("Operation repair needs the status its steps get in header "
                                               + WorkflowConstants.STATUS);
        }
        Integer limit = message.getHeader(WorkflowConstants.LIMIT, Integer.class);
        RepairQuery query = new RepairQuery(requireWorkflow(message, "repair"),
                message.getHeader(WorkflowConstants.PROCESS, endpoint.getProcessName(), String.class),
                message.getHeader(WorkflowConstants.EXPECTED_STATUS, "error", String.class), to,
                message.getHeader(WorkflowConstants.LANE, endpoint.getLane(), String.class),
                date(message, WorkflowConstants.BEFORE, "repair"),
                message.getHeader(WorkflowConstants.ERROR_CONTAINS, String.class),
                message.getHeader(WorkflowConstants.NOTE, String.class), limit == null ? 100 : limit);
        message.setBody(store().repair(query, message.getHeader(WorkflowConstants.DRY_RUN, Boolean.FALSE,
                Boolean.class)));
    }

    @InvokeOnHeader("inStatus")
    public void inStatus(Message message) throws Exception {
        String status = message.getHeader(WorkflowConstants.STATUS, String.class);
        if (status == null || status.isBlank()) {
            throw new IllegalArgumentException("Operation inStatus needs the status in header "
                                               + WorkflowConstants.STATUS);
        }
        message.setBody(store().inStatus(status, date(message, WorkflowConstants.BEFORE, "inStatus"), limit(message)));
    }

    @InvokeOnHeader("recentErrors")
    public void recentErrors(Message message) throws Exception {
        int limit = limit(message);
        message.setBody(store().recentErrors(limit == 0 ? RECENT_ERRORS : limit));
    }

    /** Every attempt robots made at a step (object id, workflow, process), every version, in order. */
    @InvokeOnHeader("attempts")
    public void attempts(Message message) throws Exception {
        message.setBody(store().attempts(requireObjectId(message, "attempts"), requireWorkflow(message, "attempts"),
                requireProcess(message, "attempts")));
    }

    /** The started steps of the endpoint's workflow (or every workflow) with who holds them, longest held first. */
    @InvokeOnHeader("held")
    public void held(Message message) throws Exception {
        int limit = limit(message);
        message.setBody(store().held(message.getHeader(WorkflowConstants.WORKFLOW, endpoint.getWorkflowName(),
                String.class), limit == 0 ? HELD : limit));
    }

    private static StepQuery requireQuery(Message message, String operation) {
        if (message.getBody() instanceof StepQuery query) {
            return query;
        }
        throw new IllegalArgumentException("Operation " + operation + " needs a StepQuery body, not "
                                           + (message.getBody() == null ? "none"
                                                   : message.getBody().getClass().getSimpleName()));
    }

    @InvokeOnHeader("templates")
    public void templates(Message message) {
        String workflow = workflowOf(message);
        if (workflow == null) {
            message.setBody(List.copyOf(endpoint.getComponent().getTemplateSet().all()));
        } else {
            WorkflowTemplate template = endpoint.getComponent().getTemplateSet().get(workflow);
            if (template == null) {
                throw new IllegalArgumentException("Operation templates: no template for workflow '" + workflow + "'");
            }
            message.setBody(template);
        }
    }

    private int limit(Message message) {
        Integer limit = message.getHeader(WorkflowConstants.LIMIT, Integer.class);
        int value = limit != null ? limit : endpoint.getLimit();
        if (value < 0) {
            throw new IllegalArgumentException("Header " + WorkflowConstants.LIMIT + " must be >= 0 but was " + value);
        }
        return value;
    }

    private String workflowOf(Message message) {
        return message.getHeader(WorkflowConstants.WORKFLOW, endpoint.getWorkflowName(), String.class);
    }

    private static String requireObjectId(Message message, String operation) {
        String id = message.getHeader(WorkflowConstants.OBJECT_ID, String.class);
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("Operation " + operation + " needs the object id in header "
                                               + WorkflowConstants.OBJECT_ID);
        }
        return id;
    }

    private String requireWorkflow(Message message, String operation) {
        String workflow = workflowOf(message);
        if (workflow == null || workflow.isBlank()) {
            throw new IllegalArgumentException("Operation " + operation + " needs a workflow: in the path"
                                               + " (workflow:workflowName) or header " + WorkflowConstants.WORKFLOW);
        }
        return workflow;
    }

    private String requireProcess(Message message, String operation) {
        String process = message.getHeader(WorkflowConstants.PROCESS, endpoint.getProcessName(), String.class);
        if (process == null || process.isBlank()) {
            throw new IllegalArgumentException("Operation " + operation + " needs a process: in the path"
                                               + " (workflow:workflowName/processName) or header "
                                               + WorkflowConstants.PROCESS);
        }
        return process;
    }
}
