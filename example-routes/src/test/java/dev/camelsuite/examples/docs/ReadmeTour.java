package dev.camelsuite.examples.docs;

import dev.camelsuite.enhancer.EnhancementException;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;

/**
 * The README's short tour, compiled: its code blocks show the tagged regions of this file (DocSnippetsTest), and
 * {@code ReadmeTourTest} runs the routes.
 */
class ReadmeTour extends RouteBuilder {

    @Override
    public void configure() {
        CamelContext context = getContext();
        // tag::tour[]
        // engines are beans (or added to the component); chains name them in Stanbol's line syntax
        context.getRegistry().bind("langid", new MyLanguageEngine());
        context.getRegistry().bind("ner", new MyNerEngine());
        context.getRegistry().bind("default", Chain.graph("default", "langid", "ner;dependsOn=langid", "direct:links;optional"));

        from("file:inbox")
            .doTry()
                .to("enhancer:default")                       // body in, enhanced content item out
                .choice()
                    .when(header("CamelEnhancerLanguage").isEqualTo("de")).to("direct:german")
                    .otherwise().to("direct:others")
                .end()
                .endDoTry()                                   // back from the choice to the try
            .doCatch(EnhancementException.class)               // a required engine failed
                .log("${exception.engine} failed: ${exception.engineMessage}")
            .end();
        // end::tour[]
    }

    /** The scaled-out form of the tour: a producer and a worker on one queue. */
    static final class ScaledOut extends RouteBuilder {
        @Override
        public void configure() {
            // tag::scaled[]
            from("direct:docs").to("enhancer:default?queue=enhance.default&brokerURL=tcp://broker:61616&casPoolSize=16&timeout=30000");
            from("enhancer:default?queue=enhance.default&brokerURL=tcp://broker:61616&concurrentConsumers=4").to("direct:store");
            // end::scaled[]
        }
    }

    /** Says every text is German: the tour's stand-in for a language engine. */
    static final class MyLanguageEngine implements EnhancementEngine {
        @Override
        public String getName() {
            return "langid";
        }

        @Override
        public void computeEnhancements(ContentItem item) {
            item.setLanguage("de");
        }
    }

    /** Finds nothing: the tour's stand-in for an entity engine. */
    static final class MyNerEngine implements EnhancementEngine {
        @Override
        public String getName() {
            return "ner";
        }

        @Override
        public void computeEnhancements(ContentItem item) {
            // no entities
        }
    }
}
