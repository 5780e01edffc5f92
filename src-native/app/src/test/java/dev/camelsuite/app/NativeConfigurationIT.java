package dev.camelsuite.app;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checks the native-image configuration the build wrote (target/native/native-sources): what the extensions register
 * must be there, or a native image built elsewhere would fail at run time where a JVM does not.
 */
class NativeConfigurationIT {

    private static JsonNode reflection;
    private static String resources;
    private static String runtimeInitialized;

    @BeforeAll
    static void readNativeSources() throws IOException {
        Path sources = Path.of("target", "native", "native-sources");
        Path runner;
        try (Stream<Path> files = Files.list(sources)) {
            runner = files.filter(f -> f.getFileName().toString().endsWith("-runner.jar")).findFirst().orElseThrow();
        }
        try (JarFile jar = new JarFile(runner.toFile())) {
            reflection = new ObjectMapper().readTree(read(jar, "META-INF/native-image/reflect-config.json"));
            resources = new String(read(jar, "META-INF/native-image/resource-config.json"));
            // classes initialized at run time are named in the generated feature's constant pool
            runtimeInitialized = new String(read(jar, "io/quarkus/runner/Feature.class"), StandardCharsets.ISO_8859_1);
        }
    }

    private static byte[] read(JarFile jar, String entry) throws IOException {
        try (InputStream in = jar.getInputStream(jar.getEntry(entry))) {
            return in.readAllBytes();
        }
    }

    private static List<String> reflective() {
        return reflection.findValuesAsText("name");
    }

    @Test
    void theActiveMqClientFindsItsTransportsAndMarshallers() {
        assertThat(reflective()).contains("org.apache.activemq.transport.tcp.TcpTransportFactory",
                "org.apache.activemq.transport.failover.FailoverTransportFactory",
                "org.apache.activemq.openwire.OpenWireFormatFactory",
                "org.apache.activemq.openwire.v12.MarshallerFactory",
                "org.apache.activemq.ActiveMQConnectionFactory");
        assertThat(resources).contains("META-INF/services/org/apache/activemq/transport/tcp",
                "META-INF/services/org/apache/activemq/wireformat/default");
        // resolves the host name in its static initializer: must run where the image runs
        assertThat(runtimeInitialized).contains("org.apache.activemq.util.IdGenerator");
    }

    @Test
    void theWorkflowStoreFindsItsMigrationsAndTheApplicationItsTemplatesAndRoutes() {
        assertThat(resources).contains("db/workflow", "db/workflow-postgresql", "workflows", "camel");
        // the OpenNLP models of the default chain and its vocabulary, read by resource name
        assertThat(resources).contains(".bin", "dev/camelsuite/enhancer/engines/vocabulary");
        // the tika engine's media types and the settings of its PDF parser
        // (a pattern's dots are escaped in the resource configuration)
        assertThat(resources).contains("org/apache/tika/mime", "org/apache/tika/parser/pdf/PDFParser");
    }

    @Test
    void theComponentsAndTheirGeneratedConfigurersAreRegistered() {
        // created from their service files by name; options are bound by the generated configurers, not reflection
        assertThat(reflective()).contains("dev.camelsuite.enhancer.EnhancerComponent",
                "dev.camelsuite.enhancer.EnhancerComponentConfigurer", "dev.camelsuite.enhancer.EnhancerEndpointConfigurer",
                "dev.camelsuite.enhancer.chain.ChainDefinitionConfigurer", "dev.camelsuite.workflow.WorkflowComponent",
                "dev.camelsuite.workflow.WorkflowEndpointConfigurer", "dev.camelsuite.uima.UimaDriverComponent",
                "dev.camelsuite.uima.UimaDriverEndpointConfigurer");
    }

    @Test
    void theRoleOfEachOperationCanBeReadFromItsMethod() {
        // OperationRoles reads @Needs from the matched resource method: their methods must be reflective
        for (String resource : List.of("dev.camelsuite.app.enhancer.EnhancerResource",
                "dev.camelsuite.app.workflow.ObjectWorkflowsResource", "dev.camelsuite.app.workflow.LifecycleResource",
                "dev.camelsuite.app.workflow.WorkflowQueueResource",
                "dev.camelsuite.app.workflow.WorkflowTemplatesResource",
                "dev.camelsuite.app.dashboard.DashboardResource", "dev.camelsuite.app.dashboard.DashboardRedirect")) {
            boolean registered = false;
            for (JsonNode entry : reflection) {
                registered |= entry.path("name").asText().equals(resource)
                              && entry.path("allDeclaredMethods").asBoolean();
            }
            assertThat(registered).as(resource + " with its methods").isTrue();
        }
    }
}
