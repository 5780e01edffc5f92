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
                .extracting(r -> r.getFilename())
                .containsExactly("V1__workflow_schema.sql", "V2__workflow_leases_and_attempts.sql",
                        "V3__workflow_create_keys.sql", "V4__workflow_events.sql");
        assertThat(new WorkflowMigrations(true).getResources("V", new String[] { ".sql" })).hasSize(8)
                .allSatisfy(r -> assertThat(r.read()).isNotNull());
        assertThat(new WorkflowMigrations(true).getResources("R", new String[] { ".sql" })).isEmpty();
    }

    private static List<String> filesIn(String folder) throws IOException, URISyntaxException {
        // the test runs from target/classes, a folder, so listing it is fine here (and only here)
        Path path = Path.of(WorkflowMigrations.class.getClassLoader().getResource(folder).toURI());
        try (Stream<Path> files = Files.list(path)) {
            return files.map(p -> p.getFileName().toString()).toList();
        }
    }
}
