package dev.camelsuite.enhancer.remote;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * A worker in its own JVM, for multi-process tests: {@code WorkerMain <brokerURL> <queue> <name>}. Its engine takes a
 * few milliseconds and signs the item with the worker's name. Prints READY, runs until killed.
 */
public final class WorkerMain {

    private WorkerMain() {
    }

    public static void main(String[] args) throws Exception {
        String brokerUrl = args[0];
        String queue = args[1];
        String name = args[2];
        CamelContext context = new DefaultCamelContext();
        EnhancerComponent enhancer = new EnhancerComponent();
        enhancer.addChain(Chain.list("crash", "sign"));
        enhancer.addEngine(EnhancementEngine.of("sign", item -> {
            try {
                Thread.sleep(3);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            item.addAnnotation("worker", 1.0, "sign", java.util.Map.of("name", name));
        }));
        context.addComponent("enhancer", enhancer);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("enhancer:crash?queue=" + queue + "&brokerURL=" + brokerUrl + "&concurrentConsumers=2")
                        .routeId("worker-" + name).to("log:worker?level=DEBUG");
            }
        });
        context.start();
        System.out.println("READY");
        System.out.flush();
        while (System.in.read() >= 0) {
            Thread.onSpinWait();
        }
        context.stop();
    }
}
