package dev.camelsuite.benchmarks;

import java.io.File;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.jms.JmsComponent;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * The outbox fault run (docs/reliability.adoc): an application JVM ({@link OutboxRunChanges}) makes step changes on
 * PostgreSQL — creates and robots, nine changes per object — with its step events going through the outbox to a JMS
 * queue of a persistent broker in a JVM of its own; this JVM consumes them ({@link OutboxRunEvents}). Meanwhile the
 * broker is stopped for a while and started again, then the application is killed with SIGKILL and started again.
 * At the end every change must have had its event, in order per object, none before its commit.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.camelsuite.benchmarks.OutboxFaultRun
 *     [-Dobjects=1112] [-DperSecond=20] [-DbrokerDownSeconds=30]
 * </pre>
 */
public final class OutboxFaultRun {

    /**
     * What to run: how many objects (nine changes each), created how fast, how long the broker stays stopped (from
     * when 15 % of the changes were made), and the outbox lease of the application (how long its relay's death
     * delays the next).
     */
    public record Plan(int objects, int perSecond, long brokerDownMillis, long outboxLeaseMillis) {
    }

    /**
     * What the run ended with.
     *
     * @param changes     step changes committed (history rows)
     * @param events      events received, each counted once
     * @param duplicates  events received again (at least once: not an error)
     * @param missing     changes whose event never came
     * @param outOfOrder  objects whose events first came in another order than their changes committed
     * @param early       events that came before their change was committed
     * @param waitingLeft events still in the outbox at the end
     */
    public record Report(long changes, long events, long duplicates, long missing, long outOfOrder, long early,
                         long idMismatches, long waitingLeft, long longestLagMillis, long brokerDownMillis,
                         long killedAtChanges, long seconds) {

        String text() {
            return "step changes " + changes + ", events received " + events + " (and " + duplicates
                   + " again, at least once)\n"
                   + "changes without an event " + missing + ", objects out of order " + outOfOrder
                   + ", events before their commit " + early + ", event ids that differ from their header "
                   + idMismatches + ", events left in the outbox " + waitingLeft + "\n"
                   + "broker stopped for " + brokerDownMillis + " ms; application killed (SIGKILL) after "
                   + killedAtChanges + " changes\n"
                   + "longest time from a change to its event " + longestLagMillis + " ms; took " + seconds + " s";
        }
    }

    private final Plan plan;
    private final int brokerPort = FaultRunProcesses.freePort();
    private final File brokerFolder;
    private volatile ChildJvm broker;
    private volatile ChildJvm application;

    private OutboxFaultRun(Plan plan) throws Exception {
        this.plan = plan;
        this.brokerFolder = Files.createTempDirectory("outbox-run-broker").toFile();
    }

    public static void main(String[] args) throws Exception {
        Plan plan = new Plan(Integer.getInteger("objects", 1112), Integer.getInteger("perSecond", 20),
                TimeUnit.SECONDS.toMillis(Integer.getInteger("brokerDownSeconds", 30)), 10_000);
        System.out.println(run(plan).text());
    }

    public static Report run(Plan plan) throws Exception {
        return new OutboxFaultRun(plan).run();
    }

    private Report run() throws Exception {
        long began = System.nanoTime();
        try (EmbeddedPostgres pg = EmbeddedPostgres.builder().setServerConfig("fsync", "on")
                .setServerConfig("synchronous_commit", "on").setServerConfig("full_page_writes", "on").start();
             HikariDataSource db = pool(pg.getJdbcUrl("postgres", "postgres"));
             DefaultCamelContext consumer = new DefaultCamelContext()) {
            startBroker();
            OutboxRunEvents events = new OutboxRunEvents(db);
            consume(consumer, events);
            startApplication(pg.getJdbcUrl("postgres", "postgres"));
            long total = plan.objects() * 9L;
            // the kill is watched for apart from the broker's outage: a broker JVM that is slow to start again must
            // not let the application finish its changes before it is killed
            CompletableFuture<Long> killed = CompletableFuture.supplyAsync(() -> killAt(db, total * 70 / 100,
                    pg.getJdbcUrl("postgres", "postgres")));
            awaitChanges(db, total * 15 / 100);
            broker.close();
            Thread.sleep(plan.brokerDownMillis());
            startBroker();
            long killedAt = killed.get(5, TimeUnit.MINUTES);
            awaitTheEnd(db, events, plan.objects(), System.nanoTime() + TimeUnit.MINUTES.toNanos(5));
            long[] compared = events.compareWithHistory();
            stopApplicationAndBroker();
            return new Report(changes(db), events.received(), events.duplicates(), compared[0], compared[1],
                    events.early(), events.idMismatches(), count(db, "SELECT COUNT(*) FROM workflow_event"),
                    events.longestLagMillis(), plan.brokerDownMillis(), killedAt,
                    TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - began));
        } finally {
            stopApplicationAndBroker();
        }
    }

    /** Before the database goes: an application without its database would only say so. */
    private void stopApplicationAndBroker() throws Exception {
        if (application != null) {
            application.close();
            application = null;
        }
        if (broker != null) {
            broker.close();
            broker = null;
        }
    }

    /** This JVM's consumer of the events queue: one at a time, so the queue's order is the order seen. */
    private void consume(DefaultCamelContext context, OutboxRunEvents events) throws Exception {
        context.addComponent("jms", JmsComponent.jmsComponent(OutboxRunChanges.broker(brokerPort)));
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("jms:queue:" + OutboxRunChanges.EVENTS_QUEUE).routeId("events")
                        .process(ex -> events.accept(ex.getIn().getBody(String.class),
                                ex.getIn().getHeader("CamelWorkflowEventId", String.class)));
            }
        });
        context.start();
    }

    private void startBroker() throws Exception {
        broker = ChildJvm.own(BenchmarkBroker.class.getName(), Integer.toString(brokerPort),
                brokerFolder.getAbsolutePath());
        FaultRunProcesses.expectReady(broker);
    }

    private void startApplication(String jdbcUrl) throws Exception {
        application = ChildJvm.own(OutboxRunChanges.class.getName(), jdbcUrl, Integer.toString(brokerPort),
                Integer.toString(plan.objects()), Integer.toString(plan.perSecond()),
                Long.toString(plan.outboxLeaseMillis()));
        FaultRunProcesses.expectReady(application);
    }

    /** Kills the application once {@code changes} are made and starts it again: the changes made when it died. */
    private long killAt(HikariDataSource db, long changes, String jdbcUrl) {
        try {
            awaitChanges(db, changes);
            long killedAt = changes(db);
            application.kill();
            startApplication(jdbcUrl);
            return killedAt;
        } catch (Exception e) {
            throw new IllegalStateException("The application could not be killed and started again", e);
        }
    }

    private static void awaitChanges(HikariDataSource db, long changes) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (changes(db) < changes && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
    }

    /** Every object through its workflow, the outbox empty, and an event received for every change. */
    private static void awaitTheEnd(HikariDataSource db, OutboxRunEvents events, int objects, long deadline)
            throws Exception {
        while (System.nanoTime() < deadline) {
            long changes = changes(db);
            if (count(db, "SELECT COUNT(*) FROM workflow_step WHERE process = 'second' AND status = 'completed'")
                == objects && count(db, "SELECT COUNT(*) FROM workflow_event") == 0
                && events.received() >= changes) {
                return;
            }
            Thread.sleep(200);
        }
    }

    private static long changes(HikariDataSource db) throws Exception {
        return count(db, "SELECT COUNT(*) FROM workflow_history");
    }

    private static long count(HikariDataSource db, String sql) throws Exception {
        try (Connection c = db.getConnection(); ResultSet rs = c.createStatement().executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        } catch (java.sql.SQLException e) {
            // the tables are made by the application's first start
            return 0;
        }
    }

    private static HikariDataSource pool(String url) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setMaximumPoolSize(4);
        return new HikariDataSource(config);
    }
}
