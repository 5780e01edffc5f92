package dev.camelsuite.quarkus.uimadriver.deployment;

import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.builditem.FeatureBuildItem;
import io.quarkus.deployment.builditem.IndexDependencyBuildItem;
import io.quarkus.deployment.builditem.nativeimage.NativeImageResourcePatternsBuildItem;

/**
 * The {@code uimadriver:} component in Quarkus. The ActiveMQ client is registered by the support extension; uimaj-core
 * reads its built-in descriptors and message bundles as resources.
 */
class UimaDriverProcessor {

    private static final String FEATURE = "camel-uimadriver";

    @BuildStep
    FeatureBuildItem feature() {
        return new FeatureBuildItem(FEATURE);
    }

    @BuildStep
    IndexDependencyBuildItem indexComponent() {
        return new IndexDependencyBuildItem("dev.camelsuite", "camel-uimadriver");
    }

    @BuildStep
    NativeImageResourcePatternsBuildItem uimaResources() {
        return NativeImageResourcePatternsBuildItem.builder().includeGlobs("org/apache/uima/*.xml",
                "org/apache/uima/**/*.xml", "org/apache/uima/*.properties", "org/apache/uima/**/*.properties").build();
    }
}
