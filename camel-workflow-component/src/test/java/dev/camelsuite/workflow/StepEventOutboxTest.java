package dev.camelsuite.workflow;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.apache.camel.util.json.JsonObject;
import org.apache.camel.util.json.Jsoner;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Step events through the outbox, as a route sees them: each with its event id in a header and in its JSON; an events
 * route that fails leaves them waiting in the outbox (the meters say how many and since when) and gets every one,
 * in order, once it works again; the outbox's options are checked when the component starts.
 */
class StepEventOutboxTest extends CamelTestSupport {

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final AtomicBoolean eventsFail = new AtomicBoolean();
    private final List<Exchange> received = new CopyOnWriteArrayList<>();

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        context.getRegistry().bind("meters", meters);
        WorkflowComponent workflow = new WorkflowComponent();
        workflow.setDataSource(h2("outbox-route"));
        workflow.setTemplates("classpath:templates/accessionWF.xml");
        workflow.setEvents("direct:stepEvents");
        context.addComponent("workflow", workflow);
        return context;
    }

    private static JdbcDataSource h2(String name) {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:" + name + "-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        return ds;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:stepEvents").routeId("events").process(ex -> {
                    if (eventsFail.get()) {
                        throw new IllegalStateException("the events' broker is down");
                    }
                    received.add(ex.copy());
                });
            }
        };
    }

    private void create(String objectId) {
        template.sendBodyAndHeader("workflow:accessionWF?operation=create", null, WorkflowConstants.OBJECT_ID,
                objectId);
    }

    private dev.camelsuite.workflow.store.WorkflowStore store() {
        return context.getComponent("workflow", WorkflowComponent.class).getStore();
    }

    private static JsonObject json(Exchange e) {
        try {
            return (JsonObject) Jsoner.deserialize(e.getIn().getBody(String.class));
        } catch (Exception x) {
            throw new IllegalStateException(x);
        }
    }

    @Test
    void eachEventCarriesItsIdInAHeaderAndInItsJson() throws Exception {
        create("druid:e1");
        int changes = store().history("druid:e1", "accessionWF").size();
        await(() -> received.size() >= changes);
        assertThat(received).hasSize(changes);
        assertThat(received).allSatisfy(e -> assertThat(e.getIn().getHeader(WorkflowConstants.EVENT_ID))
                .isNotNull().isEqualTo(json(e).getString("eventId")));
        assertThat(received).extracting(e -> json(e).getString("objectId")).containsOnly("druid:e1");
    }

    @Test
    void eventsWaitInTheOutboxWhileTheirEndpointFailsAndThenArriveInOrder() throws Exception {
        eventsFail.set(true);
        create("druid:w1");
        create("druid:w2");
        int changes = store().history("druid:w1", "accessionWF").size() * 2;
        await(() -> meters.get("workflow.events.waiting").gauge().value() >= changes);
        Thread.sleep(1100);
        assertThat(meters.get("workflow.events.oldest.age").gauge().value()).isGreaterThanOrEqualTo(1.0);
        assertThat(received).isEmpty();

        eventsFail.set(false);
        await(() -> received.size() >= changes && meters.get("workflow.events.waiting").gauge().value() == 0);
        assertThat(received).hasSize(changes);
        assertThat(received).extracting(e -> json(e).getString("objectId")).startsWith("druid:w1", "druid:w1")
                .endsWith("druid:w2");
        assertThat(received).extracting(e -> json(e).getString("eventId")).doesNotHaveDuplicates();
        assertThat(meters.get("workflow.events.sent").functionCounter().count()).isEqualTo(changes);
        assertThat(meters.get("workflow.events.oldest.age").gauge().value()).isZero();
    }

    @Test
    void withoutTheOutboxEventsAreSentAfterTheCommitAndNoneIsWritten() throws Exception {
        List<String> events = new CopyOnWriteArrayList<>();
        try (DefaultCamelContext other = new DefaultCamelContext()) {
            WorkflowComponent workflow = new WorkflowComponent();
            workflow.setDataSource(h2("no-outbox"));
            workflow.setTemplates("classpath:templates/accessionWF.xml");
            workflow.setEvents("direct:direct-events");
            workflow.setOutbox(false);
            other.addComponent("workflow", workflow);
            other.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("direct:direct-events").process(ex -> events.add(ex.getIn().getBody(String.class)));
                }
            });
            other.start();
            other.createProducerTemplate().sendBodyAndHeader("workflow:accessionWF?operation=create", null,
                    WorkflowConstants.OBJECT_ID, "druid:d1");
            // sent in the create's own call, after its commit: there when it answers
            assertThat(events).hasSize(workflow.getStore().history("druid:d1", "accessionWF").size());
            assertThat(events).allSatisfy(json -> assertThat(json).doesNotContain("eventId"));
            assertThat(workflow.getStore().outbox().waiting()).isZero();
        }
    }

    @Test
    void theOutboxsOptionsAreCheckedWhenTheComponentStarts() {
        DefaultCamelContext other = new DefaultCamelContext();
        WorkflowComponent workflow = new WorkflowComponent();
        workflow.setDataSource(h2("outbox-options"));
        workflow.setEvents("log:events");
        workflow.setOutboxLease(0);
        other.addComponent("workflow", workflow);
        assertThatThrownBy(() -> {
            other.start();
            other.getEndpoint("workflow:accessionWF");
        }).hasStackTraceContaining("outboxLease");
        other.stop();
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(condition.getAsBoolean()).as("condition within 30 s").isTrue();
    }
}
