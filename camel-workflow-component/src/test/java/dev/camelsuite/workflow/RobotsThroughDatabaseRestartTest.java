package dev.camelsuite.workflow;

import java.io.File;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import dev.camelsuite.workflow.store.WorkflowStore;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * PostgreSQL stops and starts again under working robots: nothing is lost, no step is completed twice, and the
 * steps caught mid-way run again (the sweeper gives them back).
 */
class RobotsThroughDatabaseRestartTest {

    private static final int ITEMS = 2_000;

    private static EmbeddedPostgres start(File dir, int port) throws Exception {
        return DurablePostgres.builder().setDataDirectory(dir).setCleanDataDirectory(false).setPort(port).start();
    }

    @Test
    void aDatabaseRestartLosesNothingAndCompletesNothingTwice() throws Exception {
        File dir = Files.createTempDirectory("pg-restart").toFile();
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            port = s.getLocalPort();
        }
        EmbeddedPostgres pg = start(dir, port);
        String url = pg.getJdbcUrl("postgres", "postgres");
        try (HikariDataSource ds = RobotMain.pool(url); DefaultCamelContext context = new DefaultCamelContext()) {
            ds.setConnectionTimeout(2000);
            new WorkflowStore(ds).migrate();
            try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE robot_log (object_id VARCHAR(255) NOT NULL, robot VARCHAR(50) NOT NULL)");
            }
            RobotsAcrossJvmsTest.load(ds, ITEMS);
            context.getRegistry().bind("workflowDb", ds);
            WorkflowComponent workflow = new WorkflowComponent();
            workflow.setTemplates("classpath:templates/accessionWF.xml");
            context.addComponent("workflow", workflow);
            context.addRoutes(RobotMain.logging("2", "robot", "&stuckAfter=3000"));
            context.start();
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
            while (RobotsAcrossJvmsTest.completed(ds) < ITEMS / 4 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            // the database goes away in the middle of the work, and comes back
            pg.close();
            Thread.sleep(1500);
            pg = start(dir, port);
            while (completed(ds) < ITEMS && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            context.stop();
            assertThat(completed(ds)).as("completed steps").isEqualTo(ITEMS);
            try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*), COUNT(DISTINCT object_id) FROM workflow_history"
                                                   + " WHERE process = 'descriptive-metadata'"
                                                   + " AND new_status = 'completed'")) {
                    rs.next();
                    assertThat(rs.getLong(1)).as("completions").isEqualTo(ITEMS);
                    assertThat(rs.getLong(2)).as("objects completed").isEqualTo(ITEMS);
                }
                try (ResultSet rs = s.executeQuery("SELECT COUNT(DISTINCT object_id) FROM robot_log")) {
                    rs.next();
                    assertThat(rs.getLong(1)).as("objects run").isEqualTo(ITEMS);
                }
            }
        } finally {
            pg.close();
        }
    }

    private static long completed(DataSource ds) {
        try {
            return RobotsAcrossJvmsTest.completed(ds);
        } catch (Exception e) {
            return -1; // the database is not back yet
        }
    }
}
