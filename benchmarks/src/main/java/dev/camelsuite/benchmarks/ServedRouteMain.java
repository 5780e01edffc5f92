package dev.camelsuite.benchmarks;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import dev.camelsuite.uima.UimaDriverComponent;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.uima.UIMAFramework;
import org.apache.uima.analysis_engine.AnalysisEngine;
import org.apache.uima.cas.CAS;
import org.apache.uima.util.XMLInputSource;

/**
 * The served side of {@link ServedRouteBenchmark}, in a JVM of its own as the stock service is:
 *
 * <pre>
 * java -cp benchmarks.jar dev.camelsuite.benchmarks.ServedRouteMain brokerURL queue descriptorFile instances
 * </pre>
 *
 * A route {@code from("uimadriver:<broker>?queue=…&descriptor=file:…&concurrentConsumers=N")} that runs the
 * descriptor's analysis engine (N instances, one per served instance) on each CAS, every other option at its
 * default. Prints {@code SERVICE READY <queue>} once it serves, and stops when its stdin closes.
 */
public final class ServedRouteMain {

    private ServedRouteMain() {
    }

    public static void main(String[] args) throws Exception {
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        String broker = args[0];
        String queue = args[1];
        String descriptor = args[2];
        int instances = Integer.parseInt(args[3]);
        AnalysisEngine engine = UIMAFramework.produceAnalysisEngine(UIMAFramework.getXMLParser()
                .parseResourceSpecifier(new XMLInputSource(new java.io.File(descriptor))), instances, 0);
        try (CamelContext context = new DefaultCamelContext()) {
            context.addComponent("uimadriver", new UimaDriverComponent());
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("uimadriver:" + broker + "?queue=" + queue + "&descriptor=file:" + descriptor
                         + "&concurrentConsumers=" + instances)
                            .process(e -> engine.process(e.getIn().getBody(CAS.class)));
                }
            });
            context.start();
            protocol.println("SERVICE READY " + queue);
            try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                while (in.readLine() != null) {
                    // until the parent closes stdin or dies
                }
            }
        }
        engine.destroy();
        System.exit(0);
    }
}
