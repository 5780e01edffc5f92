package dev.camelsuite.app.workflow;

import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.camelsuite.workflow.Workflow;
import dev.camelsuite.workflow.WorkflowConflictException;
import dev.camelsuite.workflow.WorkflowConstants;
import dev.camelsuite.workflow.WorkflowNotFoundException;
import dev.camelsuite.workflow.WorkflowStoreUnavailableException;
import dev.camelsuite.workflow.model.Milestone;
import dev.camelsuite.workflow.model.HeldStep;
import dev.camelsuite.workflow.model.RepairQuery;
import dev.camelsuite.workflow.model.RepairResult;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepAttempt;
import dev.camelsuite.workflow.model.StepCount;
import dev.camelsuite.workflow.model.StepQuery;
import dev.camelsuite.workflow.model.StepRef;
import dev.camelsuite.workflow.model.StepUpdate;
import dev.camelsuite.workflow.template.WorkflowTemplate;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.ProducerTemplate;

/**
 * The operations of the {@code workflow:} component, sent through a producer template as any route would send them:
 * inputs as headers, the result as the body. A failed operation throws its own exception again (not found, conflict,
 * a database that cannot be reached); an {@link IllegalArgumentException} of the component (e.g. an unknown template)
 * becomes an {@link InvalidRequestException}, and any other failure a {@link WorkflowStoreFailure}.
 */
@ApplicationScoped
public class WorkflowOperations {

    private static final String ENDPOINT = "workflow:?operation=";

    @Inject
    ProducerTemplate producer;

    /**
     * Creates (or, with {@code replace}, re-creates) a workflow version from its template, once per idempotency key
     * (null: none); answers whether an earlier create with the key made it.
     *
     * @throws dev.camelsuite.workflow.WorkflowExistsException when the version exists and may not be replaced
     * @throws dev.camelsuite.workflow.IdempotencyKeyReusedException when the key named another request
     */
    public boolean create(String objectId, String workflow, int version, String lane, String context, String key,
                          boolean replace) throws WorkflowConflictException, WorkflowStoreUnavailableException {
        Map<String, Object> headers = objectAndWorkflow(objectId, workflow);
        headers.put(WorkflowConstants.VERSION, version);
        put(headers, WorkflowConstants.LANE, lane);
        put(headers, WorkflowConstants.CONTEXT, context);
        put(headers, WorkflowConstants.IDEMPOTENCY_KEY, key);
        headers.put(WorkflowConstants.REPLACE, replace);
        try {
            return call("create", headers).getHeader(WorkflowConstants.REPEATED, Boolean.FALSE, Boolean.class);
        } catch (WorkflowNotFoundException e) {
            throw new IllegalStateException("Operation create cannot fail so", e);
        }
    }

    /** Active steps in {@code status} since before {@code before}, by workflow and process. */
    @SuppressWarnings("unchecked")
    public List<StepCount> counts(String status, OffsetDateTime before) throws WorkflowStoreUnavailableException {
        Map<String, Object> headers = new HashMap<>();
        headers.put(WorkflowConstants.STATUS, status);
        headers.put(WorkflowConstants.BEFORE, before);
        return read("counts", headers).getBody(List.class);
    }

    /** A bulk repair: a dry run counts and lists the steps it would change, else it changes them. */
    public RepairResult repair(RepairQuery query, boolean dryRun) throws WorkflowStoreUnavailableException {
        Map<String, Object> headers = new HashMap<>();
        headers.put(WorkflowConstants.WORKFLOW, query.workflow());
        put(headers, WorkflowConstants.PROCESS, query.process());
        headers.put(WorkflowConstants.EXPECTED_STATUS, query.from());
        headers.put(WorkflowConstants.STATUS, query.to());
        put(headers, WorkflowConstants.LANE, query.lane());
        put(headers, WorkflowConstants.BEFORE, query.before());
        put(headers, WorkflowConstants.ERROR_CONTAINS, query.errorContains());
        put(headers, WorkflowConstants.NOTE, query.note());
        headers.put(WorkflowConstants.LIMIT, query.limit());
        headers.put(WorkflowConstants.DRY_RUN, dryRun);
        return read("repair", headers).getBody(RepairResult.class);
    }

    /** Updates a step of the active version (the update as the body); answers the steps it made ready. */
    @SuppressWarnings("unchecked")
    public List<Step> update(String objectId, String workflow, String process, StepUpdate update)
            throws WorkflowNotFoundException, WorkflowConflictException, WorkflowStoreUnavailableException {
        Map<String, Object> headers = objectAndWorkflow(objectId, workflow);
        headers.put(WorkflowConstants.PROCESS, process);
        return call("update", headers, update).getBody(List.class);
    }

    /** Every step of every workflow of an object, by workflow, version and template order. */
    @SuppressWarnings("unchecked")
    public List<Step> steps(String objectId) throws WorkflowStoreUnavailableException {
        return read("steps", new HashMap<>(Map.of(WorkflowConstants.OBJECT_ID, objectId))).getBody(List.class);
    }

    /** The object's contexts (JSON) of the given versions, by version; versions without one are left out. */
    public Map<Integer, String> contexts(String objectId, Collection<Integer> versions)
            throws WorkflowStoreUnavailableException {
        Map<Integer, String> contexts = new HashMap<>();
        for (Integer version : versions) {
            Map<String, Object> headers = new HashMap<>();
            headers.put(WorkflowConstants.OBJECT_ID, objectId);
            headers.put(WorkflowConstants.VERSION, version);
            String context = read("context", headers).getBody(String.class);
            if (context != null) {
                contexts.put(version, context);
            }
        }
        return contexts;
    }

    /** The objects a query across workflows finds (operation {@code objects}), oldest first. */
    @SuppressWarnings("unchecked")
    public List<String> objects(StepQuery query) throws WorkflowStoreUnavailableException {
        return read("objects", new HashMap<>(), query).getBody(List.class);
    }

    /** The lanes of the active steps at a step in one of the statuses, in name order. */
    @SuppressWarnings("unchecked")
    public List<String> lanes(StepRef at, Collection<String> statuses) throws WorkflowStoreUnavailableException {
        return read("lanes", new HashMap<>(), StepQuery.at(at, List.copyOf(statuses))).getBody(List.class);
    }

    /** Active steps of any workflow in a status since before {@code before} (null: any time), oldest first. */
    @SuppressWarnings("unchecked")
    public List<Step> inStatus(String status, OffsetDateTime before, int limit)
            throws WorkflowStoreUnavailableException {
        Map<String, Object> headers = new HashMap<>();
        headers.put(WorkflowConstants.STATUS, status);
        put(headers, WorkflowConstants.BEFORE, before);
        headers.put(WorkflowConstants.LIMIT, limit);
        return read("inStatus", headers).getBody(List.class);
    }

    /** Active steps by workflow, process and status. */
    @SuppressWarnings("unchecked")
    public List<StepCount> counts() throws WorkflowStoreUnavailableException {
        return read("counts", new HashMap<>()).getBody(List.class);
    }

    /** The newest errors of active steps, at most {@code limit}. */
    @SuppressWarnings("unchecked")
    public List<Step> recentErrors(int limit) throws WorkflowStoreUnavailableException {
        return read("recentErrors", new HashMap<>(Map.of(WorkflowConstants.LIMIT, limit))).getBody(List.class);
    }

    /** Every attempt robots made at a step, every version, in order. */
    @SuppressWarnings("unchecked")
    public List<StepAttempt> attempts(String objectId, String workflow, String process)
            throws WorkflowStoreUnavailableException {
        Map<String, Object> headers = objectAndWorkflow(objectId, workflow);
        headers.put(WorkflowConstants.PROCESS, process);
        return read("attempts", headers).getBody(List.class);
    }

    /** The active started steps of a workflow (null: every workflow) and who holds them, longest held first. */
    @SuppressWarnings("unchecked")
    public List<HeldStep> held(String workflow, int limit) throws WorkflowStoreUnavailableException {
        Map<String, Object> headers = new HashMap<>();
        put(headers, WorkflowConstants.WORKFLOW, workflow);
        headers.put(WorkflowConstants.LIMIT, limit);
        return read("held", headers).getBody(List.class);
    }

    /** Every step of every version of an object's workflow (none when it has no such workflow). */
    public Workflow get(String objectId, String workflow) throws WorkflowStoreUnavailableException {
        return read("get", objectAndWorkflow(objectId, workflow)).getBody(Workflow.class);
    }

    /** The milestones of an object, of one version when {@code version} is given. */
    @SuppressWarnings("unchecked")
    public List<Milestone> lifecycle(String objectId, boolean activeOnly, Integer version)
            throws WorkflowStoreUnavailableException {
        Map<String, Object> headers = new HashMap<>();
        headers.put(WorkflowConstants.OBJECT_ID, objectId);
        put(headers, WorkflowConstants.VERSION, version);
        return read(activeOnly ? "lifecycle&activeOnly=true" : "lifecycle", headers).getBody(List.class);
    }

    /** Skips every active step of an object's workflow, with a note. */
    public void skipAll(String objectId, String workflow, String note)
            throws WorkflowNotFoundException, WorkflowStoreUnavailableException {
        Map<String, Object> headers = objectAndWorkflow(objectId, workflow);
        put(headers, WorkflowConstants.NOTE, note);
        try {
            call("skipAll", headers);
        } catch (WorkflowConflictException e) {
            throw new IllegalStateException("Operation skipAll cannot conflict", e);
        }
    }

    /** Deletes one version of an object's workflow, every version when {@code version} is null. */
    public void delete(String objectId, String workflow, Integer version) throws WorkflowStoreUnavailableException {
        Map<String, Object> headers = objectAndWorkflow(objectId, workflow);
        put(headers, WorkflowConstants.VERSION, version);
        read("delete", headers);
    }

    /** Deletes every workflow and context of an object. */
    public void deleteObject(String objectId) throws WorkflowStoreUnavailableException {
        read("delete", new HashMap<>(Map.of(WorkflowConstants.OBJECT_ID, objectId)));
    }

    /** Objects in error at a step, oldest first. */
    @SuppressWarnings("unchecked")
    public List<String> errors(StepRef at, String lane, int limit) throws WorkflowStoreUnavailableException {
        Map<String, Object> headers = new HashMap<>();
        headers.put(WorkflowConstants.WORKFLOW, at.workflow());
        headers.put(WorkflowConstants.PROCESS, at.process());
        put(headers, WorkflowConstants.LANE, lane);
        headers.put(WorkflowConstants.LIMIT, limit);
        return read("errors", headers).getBody(List.class);
    }

    /** Every template the component knows. */
    @SuppressWarnings("unchecked")
    public List<WorkflowTemplate> templates() throws WorkflowStoreUnavailableException {
        return read("templates", new HashMap<>()).getBody(List.class);
    }

    /** The template of a workflow, or null when there is none. */
    public WorkflowTemplate template(String workflow) throws WorkflowStoreUnavailableException {
        return templates().stream().filter(t -> t.getId().equals(workflow)).findFirst().orElse(null);
    }

    private static Map<String, Object> objectAndWorkflow(String objectId, String workflow) {
        Map<String, Object> headers = new HashMap<>();
        headers.put(WorkflowConstants.OBJECT_ID, objectId);
        headers.put(WorkflowConstants.WORKFLOW, workflow);
        return headers;
    }

    private static void put(Map<String, Object> headers, String name, Object value) {
        if (value != null) {
            headers.put(name, value);
        }
    }

    /** An operation that neither finds nothing nor conflicts. */
    private Message read(String operation, Map<String, Object> headers) throws WorkflowStoreUnavailableException {
        return read(operation, headers, null);
    }

    private Message read(String operation, Map<String, Object> headers, Object body)
            throws WorkflowStoreUnavailableException {
        try {
            return call(operation, headers, body);
        } catch (WorkflowNotFoundException | WorkflowConflictException e) {
            throw new IllegalStateException("Operation " + operation + " cannot fail so", e);
        }
    }

    private Message call(String operation, Map<String, Object> headers)
            throws WorkflowNotFoundException, WorkflowConflictException, WorkflowStoreUnavailableException {
        return call(operation, headers, null);
    }

    private Message call(String operation, Map<String, Object> headers, Object body)
            throws WorkflowNotFoundException, WorkflowConflictException, WorkflowStoreUnavailableException {
        Exchange done = producer.send(ENDPOINT + operation, exchange -> {
            exchange.getIn().getHeaders().putAll(headers);
            exchange.getIn().setBody(body);
        });
        Exception failure = done.getException();
        if (failure == null) {
            return done.getMessage();
        }
        if (failure instanceof WorkflowNotFoundException e) {
            throw e;
        }
        if (failure instanceof WorkflowConflictException e) {
            throw e;
        }
        if (failure instanceof IllegalArgumentException e) {
            throw new InvalidRequestException(e.getMessage(), e);
        }
        if (failure instanceof WorkflowStoreUnavailableException e) {
            throw e;
        }
        throw new WorkflowStoreFailure("Operation " + operation + " of the workflow store failed: "
                                       + failure.getMessage(), failure);
    }
}
