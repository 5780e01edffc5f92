package dev.camelsuite.workflow.store;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.flywaydb.core.api.Location;
import org.flywaydb.core.api.ResourceProvider;
import org.flywaydb.core.api.resource.LoadableResource;
import org.flywaydb.core.internal.resource.classpath.ClassPathResource;

/**
 * The store's schema migrations, named one by one so Flyway never scans the classpath: scanning finds nothing in a
 * native image (its resources are not a file system or a jar), and it costs time at every start. A test checks this
 * list against the migration folders, so a new migration cannot be forgotten here.
 */
final class WorkflowMigrations implements ResourceProvider {

    static final String FOLDER = "db/workflow";
    static final String POSTGRESQL_FOLDER = "db/workflow-postgresql";

    static final List<String> PORTABLE = List.of(
            "V1__workflow_steps.sql",
            "V2__workflow_archive.sql",
            "V3__workflow_start_date.sql",
            "V4__workflow_previous_status.sql",
            "V5__workflow_open_prerequisites.sql");

    static final List<String> POSTGRESQL_ONLY = List.of(
            "V2_1__workflow_update_step.sql",
            "V4_1__workflow_update_step_in_fewer_statements.sql",
            "V4_2__workflow_ready_index.sql",
            "V4_3__workflow_end_steps.sql",
            "V5_1__workflow_update_step_with_open_prerequisites.sql",
            "V5_2__workflow_end_steps_with_open_prerequisites.sql");

    private final List<LoadableResource> resources = new ArrayList<>();

    WorkflowMigrations(boolean postgres) {
        ClassLoader loader = WorkflowMigrations.class.getClassLoader();
        add(loader, FOLDER, PORTABLE);
        if (postgres) {
            add(loader, POSTGRESQL_FOLDER, POSTGRESQL_ONLY);
        }
    }

    private void add(ClassLoader loader, String folder, List<String> files) {
        Location location = new Location("classpath:" + folder);
        for (String file : files) {
            resources.add(new ClassPathResource(location, folder + "/" + file, loader, StandardCharsets.UTF_8));
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
}
