package dev.camelsuite.workflow;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import dev.camelsuite.workflow.store.WorkflowStore;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Four robots in two JVMs on one PostgreSQL: every one of 10,000 items runs once and is completed once. */
class RobotsAcrossJvmsTest {

    private static final int ITEMS = 10_000;
    private static final String[] PROCESSES = { "start-accession", "descriptive-metadata", "rights-metadata", "publish",
                                                "shelve", "sdr-ingest-received", "end-accession" };

    @Test
    void everyItemRunsOnceAcrossTwoJvms() throws Exception {
        try (EmbeddedPostgres pg = DurablePostgres.start()) {
            String url = pg.getJdbcUrl("postgres", "postgres");
            com.zaxxer.hikari.HikariDataSource ds = RobotMain.pool(url);
            new WorkflowStore(ds).migrate();
            try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE robot_log (object_id VARCHAR(255) NOT NULL, robot VARCHAR(50) NOT NULL)");
            }
            load(ds, ITEMS);
            Process other = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx256m", "-cp", System.getProperty("java.class.path"), RobotMain.class.getName(), url, "2", "jvm2")
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            try (DefaultCamelContext context = new DefaultCamelContext()) {
                BufferedReader out = new BufferedReader(new InputStreamReader(other.getInputStream(),
                        StandardCharsets.UTF_8));
                String line;
                while ((line = out.readLine()) != null && !line.equals("ROBOTS READY")) {
                    // the other JVM's banner lines
                }
                context.getRegistry().bind("workflowDb", ds);
                WorkflowComponent workflow = new WorkflowComponent();
                workflow.setTemplates("classpath:templates/accessionWF.xml");
                context.addComponent("workflow", workflow);
                context.addRoutes(RobotMain.logging("2", "jvm1"));
                context.start();
                long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
                while (completed(ds) < ITEMS && System.nanoTime() < deadline) {
                    Thread.sleep(200);
                }
            } finally {
                other.getOutputStream().close();
                if (!other.waitFor(20, TimeUnit.SECONDS)) {
                    other.destroyForcibly();
                }
            }
            assertThat(completed(ds)).isEqualTo(ITEMS);
            Map<String, Long> runsByRobot = new HashMap<>();
            try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*), COUNT(DISTINCT object_id) FROM robot_log")) {
                    rs.next();
                    assertThat(rs.getLong(1)).as("runs").isEqualTo(ITEMS);
                    assertThat(rs.getLong(2)).as("objects").isEqualTo(ITEMS);
                }
                try (ResultSet rs = s.executeQuery("SELECT robot, COUNT(*) FROM robot_log GROUP BY robot")) {
                    while (rs.next()) {
                        runsByRobot.put(rs.getString(1), rs.getLong(2));
                    }
                }
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM workflow_history WHERE process ="
                                                   + " 'descriptive-metadata' AND new_status = 'completed'")) {
                    rs.next();
                    assertThat(rs.getLong(1)).as("completions").isEqualTo(ITEMS);
                }
            }
            assertThat(runsByRobot).containsOnlyKeys("jvm1", "jvm2").allSatisfy((k, v) -> assertThat(v).isPositive());
            ds.close();
        }
    }

    static long completed(DataSource ds) throws Exception {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM workflow_step WHERE process = 'descriptive-metadata'"
                                           + " AND status = 'completed'")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Accessioning workflows at their first ready steps, written in bulk. */
    static void load(DataSource ds, int items) throws Exception {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        List<String> prereqs = List.of("", "start-accession", "start-accession", "descriptive-metadata,rights-metadata",
                "publish", "shelve", "sdr-ingest-received");
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement s = c.prepareStatement("INSERT INTO workflow_step (object_id, workflow, process,"
                                                          + " version, status, lane, active, skip_queue, prerequisites,"
                                                          + " attempts, status_at, created_at) VALUES (?, 'accessionWF',"
                                                          + " ?, 1, ?, 'default', TRUE, ?, ?, 0, ?, ?)")) {
                for (int o = 0; o < items; o++) {
                    for (int p = 0; p < PROCESSES.length; p++) {
                        s.setString(1, "druid:jvm" + o);
                        s.setString(2, PROCESSES[p]);
                        s.setString(3, p == 0 ? "completed" : p <= 2 ? "queued" : "waiting");
                        s.setBoolean(4, PROCESSES[p].equals("sdr-ingest-received"));
                        s.setString(5, prereqs.get(p));
                        s.setObject(6, now);
                        s.setObject(7, now);
                        s.addBatch();
                    }
                    if (o % 1000 == 999) {
                        s.executeBatch();
                        c.commit();
                    }
                }
                s.executeBatch();
                c.commit();
            }
        }
    }
}
