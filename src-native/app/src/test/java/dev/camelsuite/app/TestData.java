package dev.camelsuite.app;

import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.workflow.WorkflowComponent;
import dev.camelsuite.workflow.WorkflowConstants;
import dev.camelsuite.workflow.model.Step;
import io.quarkus.arc.Arc;
import org.apache.camel.CamelContext;
import org.apache.camel.ProducerTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/** Workflows made through the workflow component of the running application, and waiting for robots. */
final class TestData {

    private TestData() {
    }

    static void create(String workflow, String... objectIds) {
        ProducerTemplate template = Arc.container().instance(ProducerTemplate.class).get();
        for (String id : objectIds) {
            template.sendBodyAndHeader("workflow:" + workflow + "?operation=create", null, WorkflowConstants.OBJECT_ID,
                    id);
        }
    }

    static void createWithContext(String workflow, String objectId, String context) {
        ProducerTemplate template = Arc.container().instance(ProducerTemplate.class).get();
        template.sendBodyAndHeaders("workflow:" + workflow + "?operation=create", null, java.util.Map.of(
                WorkflowConstants.OBJECT_ID, objectId, WorkflowConstants.CONTEXT, context));
    }

    static Step step(String objectId, String workflow, String process) {
        CamelContext context = Arc.container().instance(CamelContext.class).get();
        try {
            List<Step> steps = context.getComponent("workflow", WorkflowComponent.class).getStore().get(objectId,
                    workflow);
            return steps.stream().filter(s -> s.active() && s.process().equals(process)).findFirst().orElseThrow();
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    static void awaitStatus(String objectId, String workflow, String process, String status) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!step(objectId, workflow, process).status().equals(status) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        assertThat(step(objectId, workflow, process).status()).as(objectId + " at " + workflow + "/" + process)
                .isEqualTo(status);
    }
}
