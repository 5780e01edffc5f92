package dev.camelsuite.workflow.store;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WorkflowMigrationsTest {

    @Test
    void namesEveryMigrationOfBothFolders() throws Exception {
        assertThat(filesIn(WorkflowMigrations.FOLDER)).containsExactlyInAnyOrderElementsOf(WorkflowMigrations.PORTABLE);
        assertThat(filesIn(WorkflowMigrations.POSTGRESQL_FOLDER))
                .containsExactlyInAnyOrderElementsOf(WorkflowMigrations.POSTGRESQL_ONLY);
    }

    @Test
    void offersOnlyThePostgresqlFunctionToPostgresql() {
        assertThat(new WorkflowMigrations(false).getResources("V", new String[] { ".sql" }))
                .extracting(r -> r.getFilename()).containsExactly("V1__workflow_steps.sql", "V2__workflow_archive.sql",
                        "V3__workflow_start_date.sql", "V4__workflow_previous_status.sql",
                        "V5__workflow_open_prerequisites.sql");
        assertThat(new WorkflowMigrations(true).getResources("V", new String[] { ".sql" })).hasSize(11)
                .allSatisfy(r -> assertThat(r.read()).isNotNull());
        assertThat(new WorkflowMigrations(true).getResources("R", new String[] { ".sql" })).isEmpty();
    }

    @Test
    void stepsStoredBeforeTheirPrerequisitesWereCountedGetTheirCountsWhenMigrated() throws Exception {
        org.h2.jdbcx.JdbcDataSource database = new org.h2.jdbcx.JdbcDataSource();
        database.setURL("jdbc:h2:mem:migrated-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        flyway(database).target("4").load().migrate();
        // one object in the middle of a workflow: "publish" waits for two steps, one of them done; "publish-2" (a
        // name that starts with another's) waits for "publish"
        String[][] steps = { { "describe", "completed", "" }, { "rights", "started", "" },
                             { "publish", "waiting", "describe,rights" }, { "publish-2", "waiting", "publish" },
                             { "end", "waiting", "publish-2,describe" } };
        try (java.sql.Connection c = database.getConnection(); java.sql.PreparedStatement s = c.prepareStatement(
                "INSERT INTO workflow_step (object_id, workflow, process, version, status, lane, active, skip_queue,"
                + " prerequisites, attempts, status_at, created_at) VALUES ('druid:m1', 'wf', ?, 1, ?, 'default', TRUE,"
                + " FALSE, ?, 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)")) {
            for (String[] step : steps) {
                s.setString(1, step[0]);
                s.setString(2, step[1]);
                s.setString(3, step[2]);
                s.executeUpdate();
            }
        }
        flyway(database).load().migrate();
        java.util.Map<String, Integer> open = new java.util.HashMap<>();
        try (java.sql.Connection c = database.getConnection(); java.sql.ResultSet rs = c.createStatement()
                .executeQuery("SELECT process, open_prerequisites FROM workflow_step")) {
            while (rs.next()) {
                open.put(rs.getString(1), rs.getInt(2));
            }
        }
        assertThat(open).containsExactlyInAnyOrderEntriesOf(java.util.Map.of("describe", 0, "rights", 0, "publish", 1,
                "publish-2", 1, "end", 1));
        ReadinessInvariants.assertKept(database);
    }

    private static org.flywaydb.core.api.configuration.FluentConfiguration flyway(javax.sql.DataSource database) {
        return org.flywaydb.core.Flyway.configure().dataSource(database)
                .locations("classpath:" + WorkflowMigrations.FOLDER).resourceProvider(new WorkflowMigrations(false))
                .table("workflow_schema_history");
    }

    private static List<String> filesIn(String folder) throws IOException, URISyntaxException {
        // the test runs from target/classes, a folder, so listing it is fine here (and only here)
        Path path = Path.of(WorkflowMigrations.class.getClassLoader().getResource(folder).toURI());
        try (Stream<Path> files = Files.list(path)) {
            return files.map(p -> p.getFileName().toString()).toList();
        }
    }
}
