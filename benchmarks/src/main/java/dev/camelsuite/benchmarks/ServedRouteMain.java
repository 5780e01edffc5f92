package dev.camelsuite.benchmarks;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import dev.camelsuite.uima.UimaDriverComponent;
import dev.camelsuite.uima.UimaDriverConstants;
import dev.camelsuite.uima.service.ChildCases;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.uima.UIMAFramework;
import org.apache.uima.analysis_engine.AnalysisEngine;
import org.apache.uima.analysis_engine.CasIterator;
import org.apache.uima.cas.CAS;
import org.apache.uima.util.CasCopier;
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
 * default; for a CAS multiplier, each CAS the engine outputs is copied into a child CAS of the service and sent.
 * Prints {@code SERVICE READY <queue>} once it serves, and stops when its stdin closes. A benchmark's harness, not a
 * way to run a service: the application serves chains by configuration, and a route of one's own serves an engine.
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
                            .process(e -> serve(engine, e));
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

    /** Runs the engine on the served CAS; a CAS multiplier's output CASes go to the client as children. */
    private static void serve(AnalysisEngine engine, Exchange exchange) throws Exception {
        CAS input = exchange.getIn().getBody(CAS.class);
        ChildCases children = exchange.getProperty(UimaDriverConstants.CHILD_CASES, ChildCases.class);
        if (children == null) {
            engine.process(input);
            return;
        }
        CasIterator made = engine.processAndOutputNewCASes(input);
        while (made.hasNext()) {
            CAS segment = made.next();
            CAS child = children.newCas();
            new CasCopier(segment, child).copyCasView(segment, true);
            segment.release();
            children.send(child);
        }
    }
}
