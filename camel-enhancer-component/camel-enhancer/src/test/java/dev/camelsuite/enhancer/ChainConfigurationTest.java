package dev.camelsuite.enhancer;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.metadata.ExecutionStatus;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.main.Main;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Chains from configuration properties, bound through the generated configurers by Camel Main. */
class ChainConfigurationTest {

    @Test
    void chainsAreReadFromProperties() throws Exception {
        Main main = new Main();
        main.addInitialProperty("camel.component.enhancer.chains[default].type", "graph");
        main.addInitialProperty("camel.component.enhancer.chains[default].engines[0]", "langid");
        main.addInitialProperty("camel.component.enhancer.chains[default].engines[1]", "ner;optional;dependsOn=langid");
        main.addInitialProperty("camel.component.enhancer.timeout", "30000");
        main.bind("langid", DemoEngines.LANGID);
        main.bind("ner", DemoEngines.NER);
        main.configure().addRoutesBuilder(new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:configured").to("enhancer:default");
            }
        });
        main.start();
        try {
            EnhancerComponent component = main.getCamelContext().getComponent("enhancer", EnhancerComponent.class);
            assertThat(component.getConfiguration().getTimeout()).isEqualTo(30000);
            component.addChain(dev.camelsuite.enhancer.chain.Chain.list("fromJava", "ner"));
            main.getCamelContext().getRegistry().bind("asBean", dev.camelsuite.enhancer.chain.Chain.list("asBean", "langid"));
            // what the HTTP API lists: every chain and engine the component can resolve, by name
            assertThat(component.getChainNames()).containsExactly("asBean", "default", "fromJava");
            assertThat(component.getEngineNames()).containsExactly("langid", "ner");
            assertThat(component.resolveChain("default").toString())
                    .isEqualTo("graph chain 'default' [langid, ner;optional;dependsOn=langid]");
            ContentItem item = main.getCamelContext().createProducerTemplate()
                    .requestBody("direct:configured", "Berlin ist die Hauptstadt", ContentItem.class);
            assertThat(item.getLanguage()).isEqualTo("de");
            assertThat(item.getExecutionMetadata().getChainExecution().isDefaultChain()).isTrue();
            assertThat(item.getExecutionMetadata().getChainExecution().getStatus())
                    .isEqualTo(ExecutionStatus.COMPLETED);
            assertThat(item.getExecutionMetadata().getFailedEngines()).containsExactly("ner");
        } finally {
            main.stop();
        }
    }
}
