package dev.camelsuite.workflow;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.camelsuite.workflow.model.StepCount;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Robot routes stopped and started over and over while they claim and end steps, on an H2 file database — the way an
 * embedded database breaks when a thread is interrupted inside it (H2 closes its file channel). Robots finish the step
 * in hand before their poll is stopped and hand the rest of their claim back, so the database stays usable, no step is
 * left started, and every step runs exactly once.
 */
class RobotStopStartOnH2FileTest extends CamelTestSupport {

    private static Path folder;
    private final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
    private final AtomicInteger interrupted = new AtomicInteger();

    @Override
    protected CamelContext createCamelContext() throws Exception {
        folder = Files.createTempDirectory("robots-h2");
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:" + folder.resolve("workflow") + ";DB_CLOSE_DELAY=-1");
        CamelContext context = super.createCamelContext();
        context.getRegistry().bind("workflowDb", ds);
        WorkflowComponent workflow = new WorkflowComponent();
        workflow.setTemplates("classpath:templates/accessionWF.xml");
        context.addComponent("workflow", workflow);
        return context;
    }

    @AfterAll
    static void removeDatabase() throws Exception {
        if (folder != null) {
            try (var files = Files.walk(folder)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("workflow:accessionWF/descriptive-metadata?robots=2&claimBatch=25&delay=1")
                        .routeId("describe").autoStartup(false)
                        .process(ex -> {
                            runs.computeIfAbsent(ex.getIn().getBody(String.class), k -> new AtomicInteger())
                                    .incrementAndGet();
                            try {
                                Thread.sleep(10);
                            } catch (InterruptedException e) {
                                interrupted.incrementAndGet();
                                throw e;
                            }
                        });
            }
        };
    }

    private long count(String status) throws Exception {
        return context.getComponent("workflow", WorkflowComponent.class).getStore().counts().stream()
                .filter(c -> c.process().equals("descriptive-metadata") && c.status().equals(status))
                .mapToLong(StepCount::count).sum();
    }

    @Test
    void robotsStoppedAndStartedWhileTheyWorkLeaveTheDatabaseUsableAndEveryStepDoneOnce() throws Exception {
        int items = 300;
        for (int i = 0; i < items; i++) {
            template.sendBodyAndHeader("workflow:accessionWF?operation=create", null, WorkflowConstants.OBJECT_ID,
                    "druid:ss" + i);
        }
        for (int round = 0; round < 15; round++) {
            context.getRouteController().startRoute("describe");
            Thread.sleep(40 + round * 7 % 30);
            // a short stop timeout: a robot still at work when it runs out is interrupted
            context.getRouteController().stopRoute("describe", 200, TimeUnit.MILLISECONDS);
            // the database answers, and nothing is held by the stopped robots
            assertThat(count("started")).as("steps left started after stop %d", round).isZero();
        }
        context.getRouteController().startRoute("describe");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (count("completed") < items && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(count("completed")).isEqualTo(items);
        assertThat(interrupted.get()).isZero();
        assertThat(runs).hasSize(items).allSatisfy((id, n) -> assertThat(n.get()).as(id).isEqualTo(1));
    }
}
