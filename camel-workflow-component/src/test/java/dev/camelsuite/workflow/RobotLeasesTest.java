package dev.camelsuite.workflow;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import dev.camelsuite.workflow.model.HeldStep;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepAttempt;
import dev.camelsuite.workflow.store.WorkflowStore;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Robots hold their steps under leases: a robot JVM killed (SIGKILL) while it holds steps leaves them to the other
 * robots within the lease and a poll, and a slow route keeps its step for as long as it runs.
 */
class RobotLeasesTest {

    private static final long LEASE = 2000;

    @Test
    void theStepsOfAKilledRobotAreDoneElsewhereWithinTheLeaseAndAPoll() throws Exception {
        try (EmbeddedPostgres pg = DurablePostgres.start()) {
            String url = pg.getJdbcUrl("postgres", "postgres");
            HikariDataSource ds = RobotMain.pool(url);
            WorkflowStore store = new WorkflowStore(ds);
            store.migrate();
            try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE robot_log (object_id VARCHAR(255) NOT NULL, robot VARCHAR(50) NOT NULL)");
            }
            RobotsAcrossJvmsTest.load(ds, 20);
            // robots that hold each step for a minute: they die holding them
            Process doomed = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx256m", "-cp", System.getProperty("java.class.path"), RobotMain.class.getName(), url, "2",
                    "doomed", "&lease=" + LEASE, "60000").redirectError(ProcessBuilder.Redirect.DISCARD).start();
            List<HeldStep> heldByDoomed;
            try {
                BufferedReader out = new BufferedReader(new InputStreamReader(doomed.getInputStream(),
                        StandardCharsets.UTF_8));
                String line;
                while ((line = out.readLine()) != null && !line.equals("ROBOTS READY")) {
                    // the other JVM's banner lines
                }
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                do {
                    Thread.sleep(100);
                    heldByDoomed = store.held("accessionWF", 100).stream()
                            .filter(h -> h.heldBy() != null && h.heldBy().startsWith("doomed")).toList();
                } while (heldByDoomed.size() < 2 && System.nanoTime() < deadline);
                assertThat(heldByDoomed).hasSizeGreaterThanOrEqualTo(2)
                        .allSatisfy(h -> assertThat(h.leaseUntil()).isAfter(h.heldSince()));
            } finally {
                doomed.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
            }
            long killed = System.nanoTime();

            try (DefaultCamelContext context = new DefaultCamelContext()) {
                context.getRegistry().bind("workflowDb", ds);
                WorkflowComponent workflow = new WorkflowComponent();
                workflow.setTemplates("classpath:templates/accessionWF.xml");
                workflow.setMigrate(false);
                context.addComponent("workflow", workflow);
                context.addRoutes(RobotMain.logging("2", "survivor", "&lease=" + LEASE));
                context.start();
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                long allDone = 0;
                while (System.nanoTime() < deadline) {
                    if (heldByDoomed.stream().allMatch(h -> isCompleted(store, h.objectId()))) {
                        allDone = System.nanoTime();
                        break;
                    }
                    Thread.sleep(50);
                }
                assertThat(allDone).as("the dead robot's steps were done").isPositive();
                // the lease ran out at most LEASE after the kill; a robot looks for such steps at least every second
                assertThat(TimeUnit.NANOSECONDS.toMillis(allDone - killed)).isLessThan(LEASE + 2000);
            }
            for (HeldStep h : heldByDoomed) {
                List<StepAttempt> attempts = store.attempts(h.objectId(), "accessionWF", "descriptive-metadata");
                assertThat(attempts).hasSize(2);
                assertThat(attempts.get(0).robot()).startsWith("doomed");
                // given back when its lease ran out
                assertThat(attempts.get(0).status()).isEqualTo("queued");
                assertThat(attempts.get(0).endedAt()).isNotNull();
                assertThat(attempts.get(1).robot()).startsWith("survivor");
                assertThat(attempts.get(1).status()).isEqualTo("completed");
            }
            // every object ran to completion once here, whatever the dead robots had begun
            assertThat(RobotsAcrossJvmsTest.completed(ds)).isEqualTo(20);
            assertThat(runs(ds, "survivor")).isEqualTo(20);
            ds.close();
        }
    }

    @Test
    void aSlowRouteKeepsItsLeaseAndRunsOnce() throws Exception {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:leases-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        AtomicInteger runs = new AtomicInteger();
        try (DefaultCamelContext context = new DefaultCamelContext()) {
            WorkflowComponent workflow = new WorkflowComponent();
            workflow.setDataSource(h2);
            workflow.setTemplates("classpath:templates/accessionWF.xml");
            context.addComponent("workflow", workflow);
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    // four robots, a lease of 600 ms and a route of 3 s: without renewals each of them would get it
                    from("workflow:accessionWF/descriptive-metadata?robots=4&delay=20&lease=600")
                            .process(e -> {
                                runs.incrementAndGet();
                                Thread.sleep(3000);
                            });
                }
            });
            context.start();
            context.createProducerTemplate().sendBodyAndHeader("workflow:accessionWF?operation=create", null,
                    WorkflowConstants.OBJECT_ID, "druid:slow1");
            WorkflowStore store = workflow.getStore();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (!isCompleted(store, "druid:slow1") && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(isCompleted(store, "druid:slow1")).isTrue();
            assertThat(runs).hasValue(1);
            Step done = step(store, "druid:slow1");
            assertThat(done.attempts()).isEqualTo(1);
            assertThat(store.attempts("druid:slow1", "accessionWF", "descriptive-metadata")).singleElement()
                    .satisfies(a -> {
                        assertThat(a.status()).isEqualTo("completed");
                        assertThat(a.robot()).contains("(route ");
                    });
        }
    }

    private static boolean isCompleted(WorkflowStore store, String objectId) {
        return "completed".equals(step(store, objectId).status());
    }

    private static Step step(WorkflowStore store, String objectId) {
        try {
            return store.get(objectId, "accessionWF").stream().filter(s -> s.process().equals("descriptive-metadata"))
                    .findFirst().orElseThrow();
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static long runs(DataSource ds, String robot) throws Exception {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM robot_log WHERE robot = '" + robot + "'")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
