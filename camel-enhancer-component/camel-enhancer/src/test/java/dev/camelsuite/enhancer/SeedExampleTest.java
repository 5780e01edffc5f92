package dev.camelsuite.enhancer;

import java.util.List;
import java.util.Map;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.metadata.EngineExecution;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import dev.camelsuite.enhancer.metadata.ExecutionStatus;
import dev.camelsuite.enhancer.metadata.Namespaces;
import dev.camelsuite.enhancer.rdf.EnhancementRdf;
import dev.camelsuite.enhancer.rdf.RdfFormat;
import org.apache.camel.CamelContext;
import org.apache.camel.CamelExecutionException;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SeedExampleTest extends CamelTestSupport {

    private final SeedExample seed = new SeedExample();

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        EnhancerComponent enhancer = new EnhancerComponent();
        seed.bindTo(enhancer);
        context.addComponent("enhancer", enhancer);
        return context;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:enhance").to("enhancer:demoChain");
                from("direct:lenient").to("enhancer:demoChain?throwOnFailure=false");
            }
        };
    }

    @Test
    void requiredEngineFailureFailsTheChainWithStanbolsMessage() {
        assertThatThrownBy(() -> template.requestBody("direct:enhance", "Berlin ist die Hauptstadt."))
                .isInstanceOf(CamelExecutionException.class)
                .cause()
                .isInstanceOfSatisfying(EnhancementException.class, e -> {
                    assertThat(e.getChain()).isEqualTo("demoChain");
                    assertThat(e.getEngine()).isEqualTo("ner");
                    assertThat(e.getEngineMessage()).isEqualTo(SeedExample.NER_MESSAGE);
                    assertThat(e.getMessage()).isEqualTo(
                            "Enhancement Chain failed because of required Engine 'ner' failed with Message: "
                                                         + SeedExample.NER_MESSAGE);
                    assertThat(e.getCause()).hasMessage(SeedExample.NER_MESSAGE);
                    assertSeedMetadata(e.getExecutionMetadata());
                });
    }

    @Test
    void withoutThrowingTheFailedItemComesBackWithHeaders() {
        Exchange result = template.request("direct:lenient", ex -> ex.getIn().setBody("Berlin ist die Hauptstadt."));
        assertThat(result.getException()).isNull();
        ContentItem item = result.getMessage().getBody(ContentItem.class);
        assertSeedMetadata(item.getExecutionMetadata());
        Map<String, Object> headers = result.getMessage().getHeaders();
        assertThat(headers).containsEntry(EnhancerConstants.CHAIN, "demoChain")
                .containsEntry(EnhancerConstants.CHAIN_STATUS, "failed")
                .containsEntry(EnhancerConstants.LANGUAGE, "de")
                .containsEntry(EnhancerConstants.FAILED_ENGINES, List.of("ner"))
                .containsEntry(EnhancerConstants.SKIPPED_ENGINES, List.of())
                .containsKey(EnhancerConstants.REFERENCE_ID);
        @SuppressWarnings("unchecked")
        Map<String, Long> timings = (Map<String, Long>) headers.get(EnhancerConstants.ENGINE_TIMINGS);
        assertThat(timings).containsOnlyKeys("langid", "ner", "zemanta");
        assertThat(item.getEntities()).hasSize(1);
    }

    @Test
    void metadataSurviveTurtleAndJsonLdAndUseStanbolsIris() {
        Exchange result = template.request("direct:lenient", ex -> ex.getIn().setBody("Berlin ist die Hauptstadt."));
        ContentItem item = result.getMessage().getBody(ContentItem.class);
        for (RdfFormat format : RdfFormat.values()) {
            String rdf = EnhancementRdf.toString(item, format);
            Model parsed = EnhancementRdf.parse(rdf, format);
            assertSeedMetadata(EnhancementRdf.readMetadata(parsed, item.getUri()));

            var vf = SimpleValueFactory.getInstance();
            var em = (java.util.function.Function<String, org.eclipse.rdf4j.model.IRI>) l -> vf.createIRI(Namespaces.EM, l);
            // the linking engines never ran: they stay scheduled, written as Stanbol's code spells it
            assertThat(parsed.filter(null, em.apply("status"), em.apply("StatusSheduled"))).hasSize(2);
            assertThat(parsed.filter(null, em.apply("defualtChain"), null)).hasSize(1);
            // executionPart goes from each engine execution to the chain execution
            var chainExecution = parsed.filter(null, RDF.TYPE, em.apply("ChainExecution")).subjects().iterator().next();
            assertThat(parsed.filter(null, em.apply("executionPart"), chainExecution)).hasSize(5);
            assertThat(parsed.filter(chainExecution, em.apply("executionPart"), null)).isEmpty();
            // the language annotation in Stanbol's enhancement structure
            var dc = (java.util.function.Function<String, org.eclipse.rdf4j.model.IRI>) l -> vf.createIRI(Namespaces.DC, l);
            assertThat(parsed.filter(null, dc.apply("language"), vf.createLiteral("de"))).hasSize(1);
            assertThat(parsed.filter(null, dc.apply("type"), dc.apply("LinguisticSystem"))).hasSize(1);
        }
        // without metadata: the enhancements alone; the plan alone: its nodes and nothing else
        Model bare = EnhancementRdf.toModel(item, false);
        var vf = SimpleValueFactory.getInstance();
        assertThat(bare.filter(null, RDF.TYPE, vf.createIRI(Namespaces.EM, "ChainExecution"))).isEmpty();
        assertThat(bare.filter(null, RDF.TYPE, vf.createIRI(Namespaces.FISE, "TextAnnotation"))).isNotEmpty();
        Model plan = EnhancementRdf.toModel(item.getExecutionMetadata().getPlan());
        assertThat(plan.filter(null, RDF.TYPE, vf.createIRI(Namespaces.EP, "ExecutionNode"))).hasSize(5);
        assertThat(plan.filter(null, RDF.TYPE, vf.createIRI(Namespaces.EP, "ExecutionPlan"))).hasSize(1);
        assertThat(plan.filter(null, RDF.TYPE, vf.createIRI(Namespaces.EM, "ChainExecution"))).isEmpty();
    }

    static void assertSeedMetadata(ExecutionMetadata md) {
        assertThat(md.getChain()).isEqualTo("demoChain");
        assertThat(md.getChainExecution().getStatus()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(md.getChainExecution().getStatusMessage()).isEqualTo(
                "Enhancement Chain failed because of required Engine 'ner' failed with Message: "
                                                                    + SeedExample.NER_MESSAGE);
        assertThat(md.getChainExecution().isDefaultChain()).isFalse();
        assertThat(md.getChainExecution().getStarted()).isNotNull();
        assertThat(md.getChainExecution().getCompleted()).isNotNull();

        EngineExecution langid = md.getEngineExecution("langid");
        EngineExecution ner = md.getEngineExecution("ner");
        EngineExecution zemanta = md.getEngineExecution("zemanta");
        assertThat(langid.getStatus()).isEqualTo(ExecutionStatus.COMPLETED);
        assertThat(ner.getStatus()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(ner.getStatusMessage()).isEqualTo(SeedExample.NER_MESSAGE);
        assertThat(ner.getCompleted()).isNotNull();
        assertThat(zemanta.getStatus()).isEqualTo(ExecutionStatus.COMPLETED);
        assertThat(zemanta.getNode().isOptional()).isTrue();
        // zemanta started before langid completed: it did not wait for it
        assertThat(zemanta.getStarted()).isBeforeOrEqualTo(langid.getCompleted());
        assertThat(ner.getStarted()).isAfterOrEqualTo(langid.getCompleted());
        for (String never : List.of("dbpediaLinking", "geonamesLinking")) {
            EngineExecution e = md.getEngineExecution(never);
            assertThat(e.getStatus()).isEqualTo(ExecutionStatus.SCHEDULED);
            assertThat(e.getStarted()).isNull();
            assertThat(e.getCompleted()).isNull();
        }
    }
}
