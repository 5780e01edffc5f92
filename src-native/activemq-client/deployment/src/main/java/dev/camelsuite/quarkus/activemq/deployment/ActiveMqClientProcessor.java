package dev.camelsuite.quarkus.activemq.deployment;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import io.quarkus.deployment.annotations.BuildProducer;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.builditem.nativeimage.NativeImageResourceBuildItem;
import io.quarkus.deployment.builditem.nativeimage.ReflectiveClassBuildItem;
import io.quarkus.deployment.builditem.nativeimage.RuntimeInitializedClassBuildItem;

/**
 * Registers what the ActiveMQ Classic client finds by name at run time, so it works in a native image: the transport
 * and wire format factories named in its {@code META-INF/services/org/apache/activemq/**} files, the OpenWire
 * marshallers it loads by protocol version, and the beans it configures from URI options through their setters.
 */
class ActiveMqClientProcessor {

    private static final String SERVICES = "META-INF/services/org/apache/activemq/";

    /** The transports a client of the suite may name in a broker URL; {@code vm:} needs the broker, not in native. */
    private static final List<String> FACTORIES = List.of("transport/tcp", "transport/ssl", "transport/nio",
            "transport/nio+ssl", "transport/failover", "wireformat/default");

    /** Beans that URI options ({@code jms.prefetchPolicy.all=…}, {@code randomize=false}) are set on by reflection. */
    private static final List<String> CONFIGURED_BY_OPTIONS = List.of(
            "org.apache.activemq.ActiveMQConnectionFactory",
            "org.apache.activemq.ActiveMQPrefetchPolicy",
            "org.apache.activemq.RedeliveryPolicy",
            "org.apache.activemq.blob.BlobTransferPolicy",
            "org.apache.activemq.transport.tcp.TcpTransport",
            "org.apache.activemq.transport.tcp.SslTransport",
            "org.apache.activemq.transport.failover.FailoverTransport",
            "org.apache.activemq.transport.InactivityMonitor",
            "org.apache.activemq.transport.WireFormatNegotiator",
            "org.apache.activemq.openwire.OpenWireFormat",
            "org.apache.activemq.openwire.OpenWireFormatFactory");

    @BuildStep
    void factories(BuildProducer<NativeImageResourceBuildItem> resources, BuildProducer<ReflectiveClassBuildItem> reflective) {
        List<String> files = new ArrayList<>();
        for (String factory : FACTORIES) {
            String file = SERVICES + factory;
            String className = factoryClass(file);
            if (className != null) {
                files.add(file);
                reflective.produce(ReflectiveClassBuildItem.builder(className).methods().build());
            }
        }
        resources.produce(new NativeImageResourceBuildItem(files));
    }

    @BuildStep
    ReflectiveClassBuildItem openWireMarshallers() {
        // OpenWireFormat picks org.apache.activemq.openwire.v<N>.MarshallerFactory by the negotiated version
        List<String> marshallers = new ArrayList<>();
        for (int version = 1; version <= 20; version++) {
            String name = "org.apache.activemq.openwire.v" + version + ".MarshallerFactory";
            if (Thread.currentThread().getContextClassLoader().getResource(name.replace('.', '/') + ".class") != null) {
                marshallers.add(name);
            }
        }
        return ReflectiveClassBuildItem.builder(marshallers.toArray(String[]::new)).methods().build();
    }

    @BuildStep
    ReflectiveClassBuildItem configuredByOptions() {
        return ReflectiveClassBuildItem.builder(CONFIGURED_BY_OPTIONS.toArray(String[]::new)).methods().build();
    }

    @BuildStep
    RuntimeInitializedClassBuildItem idGenerator() {
        // resolves the host name in its static initializer: that must happen on the machine that runs the image
        return new RuntimeInitializedClassBuildItem("org.apache.activemq.util.IdGenerator");
    }

    private static String factoryClass(String file) {
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(file)) {
            if (in == null) {
                return null;
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("class");
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file, e);
        }
    }
}
