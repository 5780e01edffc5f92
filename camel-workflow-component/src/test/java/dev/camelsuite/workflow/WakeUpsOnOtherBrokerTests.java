package dev.camelsuite.workflow;

import java.util.concurrent.TimeUnit;

import dev.camelsuite.testbrokers.BrokerProcess;
import dev.camelsuite.workflow.model.Step;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.jms.JmsComponent;
import org.apache.camel.impl.DefaultCamelContext;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Step events on a JMS topic of a broker other than ActiveMQ 6 (a subclass per broker) wake a robot of another
 * CamelContext: the robot polls once in ten minutes, so only the event makes it work.
 */
abstract class WakeUpsOnOtherBrokerTests {

    private static final String WORKFLOW = "googleScannedBookWF";
    private static final String EVENTS = "jms:topic:workflowEvents";

    /** The subclass's broker, started for the class. */
    protected abstract BrokerProcess broker();

    private CamelContext context(JdbcDataSource database) {
        CamelContext context = new DefaultCamelContext();
        context.getRegistry().bind("workflowDb", database);
        context.addComponent("jms", JmsComponent.jmsComponent(new ActiveMQConnectionFactory(broker().url())));
        WorkflowComponent workflow = new WorkflowComponent();
        workflow.setTemplates("classpath:templates/accessionWF.xml, classpath:templates/" + WORKFLOW + ".xml");
        workflow.setEvents(EVENTS);
        context.addComponent("workflow", workflow);
        return context;
    }

    @Test
    void anEventOnTheTopicWakesARobotOfAnotherContext() throws Exception {
        JdbcDataSource database = new JdbcDataSource();
        database.setURL("jdbc:h2:mem:wake-ups-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        try (CamelContext robots = context(database); CamelContext creator = context(database)) {
            robots.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("workflow:" + WORKFLOW + "/google-download?initialDelay=600000&delay=600000&wakeUpFrom="
                         + EVENTS + "&robotName=woken").routeId("woken").log("${body}");
                }
            });
            robots.start();
            creator.start();
            // the topic's subscriber is up a moment after its route started: events before it are not its own
            String first = null;
            for (int i = 0; i < 20 && first == null; i++) {
                if (createdAndWoken(creator, "druid:warm" + i, 500)) {
                    first = "druid:warm" + i;
                }
            }
            assertThat(first).as("a robot woken by the topic's events").isNotNull();
            for (int i = 0; i < 3; i++) {
                assertThat(createdAndWoken(creator, "druid:wake" + i, 5000)).as("woken for druid:wake" + i).isTrue();
            }
        }
    }

    /** Creates an object's workflow; whether its first step was done by the woken robot within the time given. */
    private static boolean createdAndWoken(CamelContext creator, String id, long millis) throws Exception {
        creator.createProducerTemplate().sendBodyAndHeader("workflow:" + WORKFLOW + "?operation=create", null,
                WorkflowConstants.OBJECT_ID, id);
        WorkflowComponent workflow = creator.getComponent("workflow", WorkflowComponent.class);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (System.nanoTime() < deadline) {
            Step download = workflow.getStore().get(id, WORKFLOW).stream()
                    .filter(s -> s.active() && s.process().equals("google-download")).findFirst().orElseThrow();
            if (download.status().equals("completed")) {
                assertThat(download.note()).isEqualTo("woken");
                return true;
            }
            Thread.sleep(20);
        }
        return false;
    }
}
