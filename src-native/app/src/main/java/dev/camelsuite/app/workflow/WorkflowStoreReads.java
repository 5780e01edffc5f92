package dev.camelsuite.app.workflow;

import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.camelsuite.workflow.WorkflowComponent;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepRef;
import dev.camelsuite.workflow.store.WorkflowStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.apache.camel.CamelContext;

/**
 * What the API reads from the {@code workflow:} component's store where the component has no operation for it:
 * contexts, every workflow of an object, queue joins across workflows, lanes, and steps long queued.
 */
@ApplicationScoped
public class WorkflowStoreReads {

    @Inject
    CamelContext camelContext;

    private WorkflowComponent component() {
        return camelContext.getComponent("workflow", WorkflowComponent.class);
    }

    private WorkflowStore queries() {
        return component().getStore();
    }

    /** The object's contexts (JSON) of the given versions, by version; versions without one are left out. */
    public Map<Integer, String> contexts(String objectId, Collection<Integer> versions) {
        Map<Integer, String> contexts = new HashMap<>();
        try {
            for (Integer version : versions) {
                String context = component().getStore().context(objectId, version);
                if (context != null) {
                    contexts.put(version, context);
                }
            }
        } catch (SQLException e) {
            throw failure("reading the contexts of " + objectId, e);
        }
        return contexts;
    }

    /** Every step of every workflow of an object, by workflow, version and template order. */
    public List<Step> steps(String objectId) {
        try {
            return queries().steps(objectId);
        } catch (SQLException e) {
            throw failure("reading the workflows of " + objectId, e);
        }
    }

    /** See {@link WorkflowStore#objects}. */
    public List<String> objects(StepRef at, Collection<String> statuses, List<StepRef> done, String lane, int limit) {
        try {
            return queries().objects(at, statuses, done, lane, limit);
        } catch (SQLException e) {
            throw failure("querying the objects at " + at, e);
        }
    }

    /** See {@link WorkflowStore#lanes}. */
    public List<String> lanes(StepRef at, Collection<String> statuses) {
        try {
            return queries().lanes(at, statuses);
        } catch (SQLException e) {
            throw failure("querying the lanes at " + at, e);
        }
    }

    /** See {@link WorkflowStore#inStatus}. */
    public List<Step> inStatus(String status, OffsetDateTime before, int limit) {
        try {
            return queries().inStatus(status, before, limit);
        } catch (SQLException e) {
            throw failure("querying the " + status + " steps", e);
        }
    }

    private static WorkflowStoreFailure failure(String what, SQLException e) {
        return new WorkflowStoreFailure("The workflow store failed " + what + ": " + e.getMessage(), e);
    }
}
