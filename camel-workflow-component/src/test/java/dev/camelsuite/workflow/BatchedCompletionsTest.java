package dev.camelsuite.workflow;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import dev.camelsuite.workflow.model.StepCount;
import dev.camelsuite.workflow.store.WorkflowStore;
import dev.camelsuite.workflow.template.WorkflowTemplateParser;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Robots whose step ends are written in batches (completionBatch): every step still ends once, with its history,
 * readiness and events; failures are retried; what was handed over is written when the robots stop.
 */
class BatchedCompletionsTest extends CamelTestSupport {

    private static final String TEMPLATE = """
            <workflow-def id="batchWF">
              <process name="start" status="completed"/>
              <process name="work" lifecycle="worked"><prereq>start</prereq></process>
              <process name="done"><prereq>work</prereq></process>
            </workflow-def>
            """;
    private static final int ITEMS = 300;

    private final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
    private final Set<String> holding = ConcurrentHashMap.newKeySet();
    private final AtomicInteger heldTwice = new AtomicInteger();

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        WorkflowComponent workflow = new WorkflowComponent();
        workflow.setDataSource(newDatabase());
        workflow.addTemplate(WorkflowTemplateParser.parse(new java.io.ByteArrayInputStream(TEMPLATE.getBytes()),
                "batchWF"));
        workflow.setEvents("mock:events");
        context.addComponent("workflow", workflow);
        return context;
    }

    /** A new, empty database for one test: H2 here, PostgreSQL in the subclass. */
    protected javax.sql.DataSource newDatabase() throws Exception {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:batched-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        return ds;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("workflow:batchWF/work?robots=4&claimBatch=10&completionBatch=25&maxAttempts=2&retryDelay=0&delay=5")
                        .routeId("workers").autoStartup(false)
                        .process(ex -> {
                            String id = ex.getIn().getBody(String.class);
                            if (!holding.add(id)) {
                                heldTwice.incrementAndGet();
                            }
                            int run = runs.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
                            holding.remove(id);
                            // every tenth item fails its first attempt
                            if (id.endsWith("0") && run == 1) {
                                throw new IllegalStateException("first attempt of " + id + " fails");
                            }
                        });
            }
        };
    }

    private WorkflowStore store() {
        return context.getComponent("workflow", WorkflowComponent.class).getStore();
    }

    private long count(String process, String status) throws Exception {
        return store().counts().stream().filter(c -> c.process().equals(process) && c.status().equals(status))
                .mapToLong(StepCount::count).sum();
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(condition.getAsBoolean()).as("condition within 60 s").isTrue();
    }

    @Test
    void everyStepEndsOnceWithItsHistoryReadinessAndEvents() throws Exception {
        for (int i = 0; i < ITEMS; i++) {
            template.sendBodyAndHeader("workflow:batchWF?operation=create", null, WorkflowConstants.OBJECT_ID,
                    "item:" + i);
        }
        context.getRouteController().startRoute("workers");
        await(() -> {
            try {
                return count("work", "completed") == ITEMS;
            } catch (Exception e) {
                return false;
            }
        });
        context.getRouteController().stopRoute("workers");

        assertThat(heldTwice).hasValue(0);
        assertThat(count("done", "queued")).isEqualTo(ITEMS);
        // 30 items failed once and were retried: two runs each, every other item one run
        assertThat(runs).hasSize(ITEMS);
        assertThat(runs.values().stream().filter(r -> r.get() == 2).count()).isEqualTo(30);
        assertThat(runs.values().stream().filter(r -> r.get() == 1).count()).isEqualTo(ITEMS - 30);
        assertThat(store().history("item:10", "batchWF")).filteredOn(h -> h[0].equals("work")).extracting(h -> h[2])
                .containsExactly("waiting", "queued", "started", "retrying", "started", "completed");
        assertThat(store().lifecycle("item:7", false, null)).extracting(m -> m.name()).contains("worked");
        dev.camelsuite.workflow.store.ReadinessInvariants.assertKept(
                context.getComponent("workflow", WorkflowComponent.class).getDataSource());
        // events went out for every ended step, from the outbox its batch wrote them to
        MockEndpoint events = getMockEndpoint("mock:events");
        await(() -> completedEvents(events) >= ITEMS);
        assertThat(completedEvents(events)).isEqualTo(ITEMS);
    }

    private static long completedEvents(MockEndpoint events) {
        return events.getReceivedExchanges().stream().map(e -> e.getIn().getBody(String.class))
                .filter(json -> json.contains("\"process\":\"work\"") && json.contains("\"newStatus\":\"completed\""))
                .count();
    }

    @Test
    void aZeroOrNegativeBatchIsRefused() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> context.getEndpoint(
                "workflow:batchWF/work?completionBatch=0")).hasRootCauseMessage(
                "Option completionBatch must be > 0 but was 0");
    }
}
