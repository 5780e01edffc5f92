package dev.camelsuite.benchmarks;

import java.sql.Connection;
import java.sql.ResultSet;
import java.util.concurrent.TimeUnit;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.camelsuite.workflow.WorkflowComponent;
import dev.camelsuite.workflow.WorkflowConstants;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.jms.JmsComponent;
import org.apache.camel.impl.DefaultCamelContext;
import org.messaginghub.pooled.jms.JmsPoolConnectionFactory;

/**
 * The application of the outbox fault run ({@link OutboxFaultRun}):
 * {@code OutboxRunChanges <jdbcUrl> <brokerPort> <objects> <perSecond> <outboxLease>} creates {@code eventWF} for
 * objects {@code obj:1…} at {@code perSecond} — from the first its database does not have yet, so a JVM started after
 * one was killed goes on where it stopped — while robots of its two processes work on them. Its step events go
 * through the outbox to the JMS queue {@code workflow.events} of the broker on {@code brokerPort}, with the options a
 * user gets by default. Prints READY; stops when its stdin closes (or is killed).
 */
public final class OutboxRunChanges {

    static final String EVENTS_QUEUE = "workflow.events";

    private OutboxRunChanges() {
    }

    /** The broker connection of the run's JVMs: sends wait at most 3 s for a broker that is away, then fail. */
    static ActiveMQConnectionFactory broker(int port) {
        return new ActiveMQConnectionFactory("failover:(tcp://127.0.0.1:" + port + ")?timeout=3000"
                                             + "&initialReconnectDelay=100&maxReconnectDelay=1000");
    }

    public static void main(String[] args) throws Exception {
        DriverLogging.keepToErrors();
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(args[0]);
        config.setMaximumPoolSize(8);
        config.setConnectionTimeout(5000);
        JmsPoolConnectionFactory jms = new JmsPoolConnectionFactory();
        jms.setConnectionFactory(broker(Integer.parseInt(args[1])));
        try (HikariDataSource ds = new HikariDataSource(config); DefaultCamelContext context = new DefaultCamelContext()) {
            WorkflowComponent workflow = new WorkflowComponent();
            workflow.setDataSource(ds);
            workflow.setTemplates("classpath:outboxrun/eventWF.xml");
            workflow.setEvents("jms:queue:" + EVENTS_QUEUE);
            workflow.setOutboxLease(Long.parseLong(args[4]));
            context.addComponent("workflow", workflow);
            context.addComponent("jms", JmsComponent.jmsComponent(jms));
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("workflow:eventWF/first?robots=2&claimBatch=4&lease=2000&delay=20").routeId("first")
                            .log(org.apache.camel.LoggingLevel.DEBUG, "first ${body}");
                    from("workflow:eventWF/second?robots=2&claimBatch=4&lease=2000&delay=20").routeId("second")
                            .log(org.apache.camel.LoggingLevel.DEBUG, "second ${body}");
                }
            });
            context.start();
            System.out.println("READY");
            System.out.flush();
            Thread creator = new Thread(() -> create(context.createProducerTemplate(), ds, Integer.parseInt(args[2]),
                    Integer.parseInt(args[3])), "creator");
            creator.setDaemon(true);
            creator.start();
            while (System.in.read() >= 0) {
                Thread.onSpinWait();
            }
            creator.interrupt();
        } finally {
            jms.stop();
        }
    }

    /** Creates the objects this database does not have yet, one at a time, at {@code perSecond}. */
    private static void create(ProducerTemplate template, HikariDataSource ds, int objects, int perSecond) {
        try {
            long next = System.nanoTime();
            for (int i = created(ds) + 1; i <= objects; i++) {
                template.sendBodyAndHeader("workflow:eventWF?operation=create", null, WorkflowConstants.OBJECT_ID,
                        "obj:" + i);
                next += TimeUnit.SECONDS.toNanos(1) / perSecond;
                long wait = next - System.nanoTime();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            System.err.println("The creates stopped: " + e.getMessage());
        }
    }

    /** How many objects the database has: created one after the other, they are obj:1 to obj:n. */
    static int created(HikariDataSource ds) throws Exception {
        try (Connection c = ds.getConnection();
             ResultSet rs = c.createStatement().executeQuery("SELECT COUNT(DISTINCT object_id) FROM workflow_step")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
