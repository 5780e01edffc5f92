package dev.camelsuite.workflow;

import java.util.concurrent.TimeUnit;

import dev.camelsuite.workflow.model.StepCount;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A robot with a backlog claims again at once (greedy, on for robots): {@code delay} is the pause of an idle robot.
 * The backlog is made while the robots are stopped, so no wake-up comes: only their polls find it.
 */
class GreedyRobotTest extends CamelTestSupport {

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:greedy-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        context.getRegistry().bind("workflowDb", ds);
        WorkflowComponent workflow = new WorkflowComponent();
        workflow.setTemplates("classpath:templates/accessionWF.xml");
        context.addComponent("workflow", workflow);
        return context;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                // both poll once in ten minutes, and claim 5 steps at a time
                from("workflow:accessionWF/descriptive-metadata?claimBatch=5&initialDelay=0&delay=600000")
                        .routeId("greedy").autoStartup(false).to("log:greedy?level=DEBUG");
                from("workflow:accessionWF/rights-metadata?claimBatch=5&initialDelay=0&delay=600000&greedy=false")
                        .routeId("notGreedy").autoStartup(false).to("log:notGreedy?level=DEBUG");
            }
        };
    }

    private long count(String process, String status) throws Exception {
        return context.getComponent("workflow", WorkflowComponent.class).getStore().counts().stream()
                .filter(c -> c.process().equals(process) && c.status().equals(status))
                .mapToLong(StepCount::count).sum();
    }

    private void awaitCount(String process, long completed) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (count(process, "completed") < completed && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(count(process, "completed")).as(process + " completed within 30 s").isEqualTo(completed);
    }

    @Test
    void aRobotWithABacklogWorksItOffWithoutWaitingForItsNextPoll() throws Exception {
        for (int i = 0; i < 23; i++) {
            template.sendBodyAndHeader("workflow:accessionWF?operation=create", null, WorkflowConstants.OBJECT_ID,
                    "druid:g" + i);
        }
        // all 23, in five claims of one poll; the next poll would come in ten minutes
        context.getRouteController().startRoute("greedy");
        awaitCount("descriptive-metadata", 23);
    }

    @Test
    void greedyFalseMakesARobotWaitForItsNextPollAfterEachClaim() throws Exception {
        for (int i = 0; i < 12; i++) {
            template.sendBodyAndHeader("workflow:accessionWF?operation=create", null, WorkflowConstants.OBJECT_ID,
                    "druid:n" + i);
        }
        context.getRouteController().startRoute("notGreedy");
        awaitCount("rights-metadata", 5);
        Thread.sleep(300);
        assertThat(count("rights-metadata", "completed")).isEqualTo(5);
        assertThat(count("rights-metadata", "queued")).isEqualTo(7);
    }
}
