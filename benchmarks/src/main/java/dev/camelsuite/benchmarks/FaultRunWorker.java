package dev.camelsuite.benchmarks;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.chain.Chain;
import org.apache.camel.LoggingLevel;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * A worker JVM of the fault-injection run: {@code FaultRunWorker <brokerPort> <name>} enhances the documents of queue
 * {@code fault.docs} through a failover connection; prints READY, stops when its stdin closes (or is killed).
 */
public final class FaultRunWorker {

    private FaultRunWorker() {
    }

    /** The enhancer of the run's callers and workers: the chain {@code fault} of the remote benchmark's engine. */
    static EnhancerComponent enhancer() {
        EnhancerComponent enhancer = new EnhancerComponent();
        enhancer.addChain(Chain.list("fault", "words")).addEngine(RemoteBenchmark.ENGINE);
        return enhancer;
    }

    public static void main(String[] args) throws Exception {
        try (DefaultCamelContext context = new DefaultCamelContext()) {
            context.addComponent("enhancer", enhancer());
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from(FaultInjectionRun.enhancerUri(Integer.parseInt(args[0])) + "&concurrentConsumers=2")
                            .routeId("worker-" + args[1])
                            .log(LoggingLevel.DEBUG, "enhanced ${header.CamelEnhancerReferenceId}");
                }
            });
            context.start();
            System.out.println("READY");
            System.out.flush();
            while (System.in.read() >= 0) {
                Thread.onSpinWait();
            }
        }
    }
}
