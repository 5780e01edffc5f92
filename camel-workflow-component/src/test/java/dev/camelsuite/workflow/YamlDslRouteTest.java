package dev.camelsuite.workflow;

import java.util.Map;

import org.apache.camel.CamelContext;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The YAML DSL example is loaded and run, so a broken example fails the build. */
class YamlDslRouteTest extends CamelTestSupport {

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        PluginHelper.getRoutesLoader(context)
                .loadRoutes(ResourceHelper.resolveMandatoryResource(context, "classpath:routes/workflow-steps.yaml"));
        return context;
    }

    private void stepDone(String objectId, String process, String status, String expected) {
        template.sendBodyAndHeaders("direct:yamlStepDone", null, expected == null
                ? Map.of(WorkflowConstants.OBJECT_ID, objectId, WorkflowConstants.PROCESS, process,
                        WorkflowConstants.STATUS, status)
                : Map.of(WorkflowConstants.OBJECT_ID, objectId, WorkflowConstants.PROCESS, process,
                        WorkflowConstants.STATUS, status, WorkflowConstants.EXPECTED_STATUS, expected));
    }

    @Test
    void registerClaimAndBranchOnTheStepsMadeReady() throws Exception {
        getMockEndpoint("mock:yamlRegistered").expectedBodiesReceived("druid:yb1 registered with 5 steps");
        getMockEndpoint("mock:yamlRecorded").expectedBodiesReceived("druid:yb1: google-download started",
                "druid:yb1: google-download completed");
        getMockEndpoint("mock:yamlLost").expectedBodiesReceived(
                "lost: Step googleScannedBookWF/google-download of druid:yb1 is started, not queued");
        getMockEndpoint("mock:yamlDescribe").expectedBodiesReceived("druid:yb1: both copies in, describe it");

        template.sendBody("direct:yamlRegister", "druid:yb1");
        stepDone("druid:yb1", "google-download", "started", "queued");
        // a second robot claiming the same step loses
        stepDone("druid:yb1", "google-download", "started", "queued");
        stepDone("druid:yb1", "google-download", "completed", null);
        stepDone("druid:yb1", "google-convert", "completed", null);

        MockEndpoint.assertIsSatisfied(context);
        assertThat(context.getComponent("workflow", WorkflowComponent.class).getStore()
                .get("druid:yb1", "googleScannedBookWF"))
                .allSatisfy(s -> assertThat(s.lane()).isEqualTo("books"));
    }
}
