package dev.camelsuite.workflow;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * On the default embedded H2 database, a write that was answered survives the death of the process (durableCommits,
 * on by default): a JVM creating workflows is killed with SIGKILL, and every create it had answered is in the file.
 */
class DurableCommitsTest {

    @TempDir
    Path dir;

    @Test
    void everyAnsweredCreateSurvivesAKilledProcess() throws Exception {
        Path file = dir.resolve("workflow");
        Set<String> answered = new HashSet<>();
        Process creating = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", System.getProperty("java.class.path"), CreatingMain.class.getName(), file.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(creating.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            long killAt = 0;
            while ((line = out.readLine()) != null) {
                if (line.equals("READY")) {
                    killAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1500);
                } else if (line.startsWith("druid:")) {
                    answered.add(line);
                    if (killAt != 0 && System.nanoTime() > killAt) {
                        // SIGKILL: no shutdown hook, no close of the database
                        creating.destroyForcibly();
                        break;
                    }
                }
            }
        } finally {
            creating.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        assertThat(answered).hasSizeGreaterThan(20);

        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:file:" + file);
        Set<String> stored = new HashSet<>();
        try (Connection c = h2.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT DISTINCT object_id FROM workflow_step")) {
            while (rs.next()) {
                stored.add(rs.getString(1));
            }
        }
        assertThat(stored).containsAll(answered);
    }
}
