package dev.camelsuite.workflow.store;

import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.ResourceProvider;
import org.flywaydb.core.api.resource.LoadableResource;

/**
 * The store's schema migrations, named one by one so Flyway never scans the classpath: scanning finds nothing in a
 * native image (its resources are not a file system or a jar), and it costs time at every start. A test checks this
 * list against the migration folders, so a new migration cannot be forgotten here.
 * <p>
 * Each database has one baseline ({@code V1}; PostgreSQL adds its functions and index as {@code V1_x}): the project
 * squashed its migrations before its first release. From here on a migration, once in a release, is never changed;
 * a change of the schema is a new file.
 */
final class WorkflowMigrations implements ResourceProvider {

    static final String FOLDER = "db/workflow";
    static final String POSTGRESQL_FOLDER = "db/workflow-postgresql";

    static final List<String> PORTABLE = List.of(
            "V1__workflow_schema.sql",
            "V2__workflow_leases_and_attempts.sql",
            "V3__workflow_create_keys.sql",
            "V4__workflow_events.sql");

    static final List<String> POSTGRESQL_ONLY = List.of(
            "V1_1__workflow_ready_index.sql",
            "V1_2__workflow_update_step.sql",
            "V1_3__workflow_end_steps.sql",
            "V1_4__workflow_end_steps_claims.sql");

    private final List<LoadableResource> resources = new ArrayList<>();

    WorkflowMigrations(boolean postgres) {
        ClassLoader loader = WorkflowMigrations.class.getClassLoader();
        add(loader, FOLDER, PORTABLE);
        if (postgres) {
            add(loader, POSTGRESQL_FOLDER, POSTGRESQL_ONLY);
        }
    }

    private void add(ClassLoader loader, String folder, List<String> files) {
        for (String file : files) {
            resources.add(new MigrationFile(loader, folder, file));
        }
    }

    @Override
    public LoadableResource getResource(String name) {
        for (LoadableResource resource : resources) {
            if (resource.getRelativePath().equals(name) || resource.getAbsolutePath().equals(name)) {
                return resource;
            }
        }
        return null;
    }

    @Override
    public Collection<LoadableResource> getResources(String prefix, String[] suffixes) {
        List<LoadableResource> found = new ArrayList<>();
        for (LoadableResource resource : resources) {
            String name = resource.getFilename();
            if (name.startsWith(prefix) && endsWithAny(name, suffixes)) {
                found.add(resource);
            }
        }
        return found;
    }

    private static boolean endsWithAny(String name, String[] suffixes) {
        for (String suffix : suffixes) {
            if (name.endsWith(suffix)) {
                return true;
            }
        }
        return false;
    }

    /** One migration, read from the class path by its name when Flyway runs it. */
    private static final class MigrationFile extends LoadableResource {

        private final ClassLoader loader;
        private final String path;
        private final String filename;

        MigrationFile(ClassLoader loader, String folder, String filename) {
            this.loader = loader;
            this.path = folder + "/" + filename;
            this.filename = filename;
        }

        @Override
        public Reader read() {
            InputStream in = loader.getResourceAsStream(path);
            if (in == null) {
                throw new FlywayException("The workflow store's migration " + path + " is not on the class path");
            }
            return new InputStreamReader(in, StandardCharsets.UTF_8);
        }

        @Override
        public String getAbsolutePath() {
            return path;
        }

        @Override
        public String getAbsolutePathOnDisk() {
            return path;
        }

        @Override
        public String getFilename() {
            return filename;
        }

        @Override
        public String getRelativePath() {
            return path;
        }
    }
}
