package dev.camelsuite.enhancer;

import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.chain.InvalidChainException;
import dev.camelsuite.enhancer.job.UnknownEngineException;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Chains are checked when the route that uses them starts; engines may be bound until then. */
class ChainValidationAtStartTest {

    private static Throwable rootOf(Throwable t) {
        while (t.getCause() != null && !(t instanceof InvalidChainException)) {
            t = t.getCause();
        }
        return t;
    }

    private static CamelContext contextWith(EnhancerComponent enhancer, String uri) throws Exception {
        CamelContext context = new DefaultCamelContext();
        context.addComponent("enhancer", enhancer);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:in").to(uri);
            }
        });
        return context;
    }

    @Test
    void anUnknownEngineFailsTheRouteStartNamingChainAndEngine() throws Exception {
        EnhancerComponent enhancer = new EnhancerComponent().addChain(Chain.list("c", "known", "unknown"));
        enhancer.addEngine(new RecordingEngine("known"));
        try (CamelContext context = contextWith(enhancer, "enhancer:c")) {
            assertThatThrownBy(context::start)
                    .satisfies(t -> assertThat(rootOf(t))
                            .isInstanceOfSatisfying(UnknownEngineException.class, e -> {
                                assertThat(e.getChain()).isEqualTo("c");
                                assertThat(e.getEngine()).isEqualTo("unknown");
                            })
                            .hasMessageContaining("Chain 'c' names engine 'unknown'"));
        }
    }

    @Test
    void anUnknownChainFailsTheRouteStart() throws Exception {
        try (CamelContext context = contextWith(new EnhancerComponent(), "enhancer:nowhere")) {
            assertThatThrownBy(context::start)
                    .satisfies(t -> assertThat(rootOf(t)).hasMessageStartingWith("No chain named 'nowhere'"));
        }
    }

    @Test
    void enginesMayBeBoundAfterTheEndpointIsMadeAndAChainMayBeABean() throws Exception {
        EnhancerComponent enhancer = new EnhancerComponent();
        try (CamelContext context = contextWith(enhancer, "enhancer:beanChain")) {
            context.getRegistry().bind("beanChain", Chain.list("beanChain", "late"));
            context.getRegistry().bind("lateEngine", new RecordingEngine("late"));
            context.start();
            Object out = context.createProducerTemplate().requestBody("direct:in", "text");
            assertThat(out).isInstanceOf(dev.camelsuite.enhancer.content.ContentItem.class);
        }
    }

    @Test
    void anInvalidConfiguredChainFailsTheContextStart() throws Exception {
        EnhancerComponent enhancer = new EnhancerComponent();
        dev.camelsuite.enhancer.chain.ChainDefinition d = new dev.camelsuite.enhancer.chain.ChainDefinition();
        d.setType("graph");
        d.setEngines(java.util.List.of("a;dependsOn=b", "b;dependsOn=a"));
        enhancer.getChains().put("loop", d);
        // the component checks its configured chains when it initializes, before any route starts
        assertThatThrownBy(() -> {
            try (CamelContext context = contextWith(enhancer, "enhancer:loop")) {
                context.start();
            }
        }).satisfies(t -> assertThat(rootOf(t)).hasMessage("Chain 'loop' has a dependency cycle: a -> b -> a"));
    }
}
