package com.example.enhancing;

import dev.camelsuite.enhancer.chain.Chain;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;

/** A chain of two engines, one of them a Camel route, and a route that runs it. */
public final class FirstChain {

    private FirstChain() {
    }

    /** The context with the engine, the chain and the routes; not started. */
    public static CamelContext create() throws Exception {
        CamelContext context = new DefaultCamelContext();
        // the engine, and a chain of it and a route used as an engine
        context.getRegistry().bind("shout", new UpperCaseEngine());
        context.getRegistry().bind("loud", Chain.list("loud", "shout", "direct:log;optional"));
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:in").routeId("first-chain").to("enhancer:loud").log("${body.annotations}");
                from("direct:log").routeId("engine-route").log("engine route got ${body.text}");
            }
        });
        return context;
    }

    public static void main(String[] args) throws Exception {
        try (CamelContext context = create()) {
            context.start();
            context.createProducerTemplate().sendBody("direct:in", "Hello, enhancer");
        }
    }
}
