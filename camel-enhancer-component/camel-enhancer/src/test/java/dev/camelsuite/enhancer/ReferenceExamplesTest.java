package dev.camelsuite.enhancer;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.chain.ChainType;
import dev.camelsuite.enhancer.chain.ThresholdAction;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.EnhancementProperties;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import dev.camelsuite.enhancer.rdf.EnhancementRdf;
import dev.camelsuite.enhancer.rdf.RdfFormat;
import org.apache.activemq.broker.BrokerService;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.eclipse.rdf4j.model.Model;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The examples of docs/enhancer-component.adoc, which includes them from here by tag: each one runs.
 */
class ReferenceExamplesTest {

    /** What the remote example's worker does with an enhanced item: here, keeps its entities. */
    static final class StoreEntities implements Processor {
        static final List<String> STORED = new CopyOnWriteArrayList<>();

        @Override
        public void process(Exchange exchange) {
            exchange.getMessage().getBody(ContentItem.class).getEntities().forEach(e -> STORED.add(e.getLabel()));
        }
    }

    /** A broker in this JVM, reached as {@code vm://<name>?create=false}. */
    private static BrokerService broker(String name) throws Exception {
        BrokerService broker = new BrokerService();
        broker.setBrokerName(name);
        broker.setPersistent(false);
        broker.setUseJmx(false);
        broker.start();
        return broker;
    }

    @Test
    void chainsFromJava() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            EnhancerComponent enhancerComponent = new EnhancerComponent();
            context.addComponent("enhancer", enhancerComponent);
            for (String name : List.of("langid", "sentences", "ner", "zemanta")) {
                enhancerComponent.addEngine(EnhancementEngine.of(name, item -> { }));
            }
            // tag::chains[]
            Chain list = Chain.list("default", "langid", "sentences", "ner;optional");
            Chain weighted = Chain.weighted("default", "langid", "sentences", "ner");
            Chain graph = Chain.graph("demo", "langid", "ner;dependsOn=langid", "zemanta;optional");
            Chain built = Chain.builder("built", ChainType.GRAPH)
                    .engine("langid")
                    .engine("ner").dependsOn("langid").timeout(5000).maxRetries(1)
                    .engine("zemanta").optional()
                    .build();
            enhancerComponent.addChain(built);            // or bind the Chain as a bean named after it
            // end::chains[]
            context.start();
            assertThat(list.getType()).isEqualTo(ChainType.LIST);
            assertThat(weighted.getType()).isEqualTo(ChainType.WEIGHTED);
            assertThat(graph.getElements()).hasSize(3);
            ContentItem item = context.createProducerTemplate().requestBody("enhancer:built", "Paris", ContentItem.class);
            assertThat(item.getExecutionMetadata().getEngineExecutions()).hasSize(3);
        }
    }

    @Test
    void rdfOfAnItem() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            context.getRegistry().bind("langid", DemoEngines.LANGID);
            context.getRegistry().bind("ner", DemoEngines.NER);
            context.getRegistry().bind("default", Chain.list("default", "langid", "ner"));
            context.start();
            ContentItem item = context.createProducerTemplate().requestBody("enhancer:default", "Paris is big",
                    ContentItem.class);
            // tag::rdf[]
            String turtle = EnhancementRdf.toString(item, RdfFormat.TURTLE);              // enhancements + metadata + plan
            Model metadata = EnhancementRdf.toModel(item.getExecutionMetadata());         // metadata + plan only
            ExecutionMetadata back = EnhancementRdf.readMetadata(EnhancementRdf.parse(turtle, RdfFormat.TURTLE),
                    item.getUri());
            // end::rdf[]
            assertThat(metadata).isNotEmpty();
            assertThat(back.getChain()).isEqualTo("default");
        }
    }

    @Test
    void enhancementPropertiesForAllEnginesAndForOne() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            List<String> seen = new CopyOnWriteArrayList<>();
            context.getRegistry().bind("ner", EnhancementEngine.of("ner", item -> {
                EnhancementProperties mine = item.getProperties().forEngine("ner");
                seen.add(mine.wholeNumber("enhancer.max-suggestions", 10, 1, 100) + " "
                         + mine.values("enhancer.engines.dereference.languages"));
            }));
            context.getRegistry().bind("default", Chain.list("default", "ner"));
            context.start();
            ProducerTemplate producer = context.createProducerTemplate();
            // tag::properties[]
            producer.sendBodyAndHeader("enhancer:default", "Vienna and London are old cities.",
                    EnhancerConstants.PROPERTIES, Map.of(
                            "enhancer.max-suggestions", "3",                              // for every engine
                            "ner:enhancer.engines.dereference.languages", List.of("fr", "de"))); // for ner alone
            // end::properties[]
            assertThat(seen).containsExactly("3 [fr, de]");
        }
    }

    @Test
    void aCallerAndAWorker() throws Exception {
        BrokerService broker = broker("reference");
        String url = "vm://reference?create=false";
        try (CamelContext callers = new DefaultCamelContext(); CamelContext workers = new DefaultCamelContext()) {
            workers.getRegistry().bind("langid", DemoEngines.LANGID);
            workers.getRegistry().bind("ner", DemoEngines.NER);
            workers.getRegistry().bind("default", Chain.list("default", "langid", "ner"));
            workers.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    // tag::worker[]
                    // a worker, in as many JVMs and hosts as needed: runs the chain, then its route, and replies with
                    // the body at the end
                    from("enhancer:default?queue=enhance.default&brokerURL=" + url + "&concurrentConsumers=4")
                            .process(new StoreEntities());
                    // end::worker[]
                }
            });
            workers.start();
            callers.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    // tag::caller[]
                    // the caller: no engines needed here
                    from("direct:inbox")
                            .to("enhancer:default?queue=enhance.default&brokerURL=" + url
                                + "&casPoolSize=16&timeout=30000")
                            .log("${header.CamelEnhancerChainStatus}: ${body.entities.size()} entities");
                    // end::caller[]
                }
            });
            callers.start();
            Exchange done = callers.createProducerTemplate().request("direct:inbox",
                    e -> e.getIn().setBody("Paris and Berlin are big"));
            assertThat(done.getException()).isNull();
            assertThat(StoreEntities.STORED).contains("Paris", "Berlin");
        } finally {
            broker.stop();
        }
    }

    @Test
    void thresholdsOfWorkersAndEngines() throws Exception {
        BrokerService broker = broker("thresholds");
        String url = "vm://thresholds?create=false";
        try (CamelContext context = new DefaultCamelContext()) {
            context.getRegistry().bind("langid", DemoEngines.LANGID);
            context.getRegistry().bind("ner", DemoEngines.NER);
            context.getRegistry().bind("linker", EnhancementEngine.of("linker", item -> { }));
            // tag::engine-thresholds[]
            // the linker may leave the flow after 3 errors in 10 documents; the NER goes on past its failures
            Chain chain = Chain.builder("default", ChainType.GRAPH)
                    .engine("langid")
                    .engine("ner").dependsOn("langid").maxRetries(1).continueOnRetryFailure()
                    .engine("linker").dependsOn("ner").optional().threshold(3, 10, ThresholdAction.DISABLE)
                    .build();
            // end::engine-thresholds[]
            context.getRegistry().bind("default", chain);
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    // tag::worker-thresholds[]
                    // every engine of this worker terminates it at 5 errors within 100 documents
                    from("enhancer:default?queue=enhance&brokerURL=" + url + "&thresholdCount=5&thresholdWindow=100")
                            .to("mock:done");
                    // end::worker-thresholds[]
                }
            });
            context.start();
            assertThat(context.getRoutes()).hasSize(1);
        } finally {
            broker.stop();
        }
    }

    @Test
    void thresholdsInYaml() throws Exception {
        BrokerService broker = broker("thresholds-yaml");
        try (CamelContext context = new DefaultCamelContext()) {
            context.getRegistry().bind("langid", DemoEngines.LANGID);
            context.getRegistry().bind("ner", DemoEngines.NER);
            context.getRegistry().bind("linker", EnhancementEngine.of("linker", item -> { }));
            PluginHelper.getRoutesLoader(context).loadRoutes(
                    ResourceHelper.resolveMandatoryResource(context, "classpath:routes/reference-thresholds.yaml"));
            context.start();
            assertThat(context.getRoutes()).hasSize(1);
            assertThat(context.getRegistry().lookupByName("default")).isNotNull();
        } finally {
            broker.stop();
        }
    }
}
