package dev.camelsuite.quarkus.workflow.deployment;

import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.builditem.FeatureBuildItem;
import io.quarkus.deployment.builditem.IndexDependencyBuildItem;
import io.quarkus.deployment.builditem.nativeimage.NativeImageResourcePatternsBuildItem;

/**
 * The {@code workflow:} component in Quarkus: its schema migrations go into the native image as resources (the store
 * names them one by one, it never scans for them); templates are the application's own resources or files.
 */
class WorkflowProcessor {

    private static final String FEATURE = "camel-workflow";

    @BuildStep
    FeatureBuildItem feature() {
        return new FeatureBuildItem(FEATURE);
    }

    @BuildStep
    IndexDependencyBuildItem indexComponent() {
        return new IndexDependencyBuildItem("dev.camelsuite", "camel-workflow-component");
    }

    @BuildStep
    NativeImageResourcePatternsBuildItem migrations() {
        return NativeImageResourcePatternsBuildItem.builder().includeGlobs("db/workflow/*.sql",
                "db/workflow-postgresql/*.sql").build();
    }
}
