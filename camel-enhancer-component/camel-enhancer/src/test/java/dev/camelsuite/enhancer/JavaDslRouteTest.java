package dev.camelsuite.enhancer;

import java.util.List;

import dev.camelsuite.enhancer.chain.Chain;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Branching on the enhancer's headers and catching chain failures in the Java DSL. */
class JavaDslRouteTest extends CamelTestSupport {

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        context.getRegistry().bind("langid", DemoEngines.LANGID);
        context.getRegistry().bind("ner", DemoEngines.NER);
        context.getRegistry().bind("default", Chain.list("default", "langid", "ner"));
        context.getRegistry().bind("lenient", Chain.list("lenient", "langid", "ner;optional"));
        return context;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                // tag::errors[]
                onException(EnhancementException.class).handled(true)
                        .setHeader("failedEngine", simple("${exception.engine}"))
                        .setBody(simple("${exception.engineMessage}"))
                        .to("mock:failed");

                from("direct:onException")
                        .to("enhancer:default")
                        .to("mock:enhanced");

                from("direct:doTry")
                        .doTry()
                            .to("enhancer:default")
                            .setBody(simple("${body.text}"))
                        .doCatch(EnhancementException.class)
                            .setBody(simple("caught: ${exception.message}"))
                        .end()
                        .to("mock:tried");

                from("direct:choice")
                        .to("enhancer:lenient")
                        .choice()
                            .when(header(EnhancerConstants.FAILED_ENGINES).isNotEqualTo(List.of()))
                                .to("mock:partly")
                            .when(simple("${header.CamelEnhancerLanguage} == 'en'"))
                                .to("mock:english")
                            .otherwise()
                                .to("mock:other")
                        .end();
                // end::errors[]
            }
        };
    }

    @Test
    void onExceptionCatchesTheFailedEngine() throws Exception {
        MockEndpoint failed = getMockEndpoint("mock:failed");
        failed.expectedBodiesReceived("No NER model for language 'de' is available");
        failed.expectedHeaderReceived("failedEngine", "ner");
        getMockEndpoint("mock:enhanced").expectedBodiesReceived(
                template.requestBody("direct:onException", "Paris is in France", Object.class));
        template.sendBody("direct:onException", "Berlin ist die Hauptstadt");
        MockEndpoint.assertIsSatisfied(context);
    }

    @Test
    void doTryCatchesTheChainFailure() throws Exception {
        getMockEndpoint("mock:tried").expectedBodiesReceived("Paris is in France",
                "caught: Enhancement Chain failed because of required Engine 'ner' failed with Message: "
                                                             + "No NER model for language 'de' is available");
        template.sendBody("direct:doTry", "Paris is in France");
        template.sendBody("direct:doTry", "Berlin ist die Hauptstadt");
        MockEndpoint.assertIsSatisfied(context);
    }

    @Test
    void choiceBranchesOnLanguageAndFailedEngines() throws Exception {
        getMockEndpoint("mock:english").expectedMessageCount(1);
        getMockEndpoint("mock:partly").expectedMessageCount(1);
        getMockEndpoint("mock:partly").expectedHeaderReceived(EnhancerConstants.CHAIN_STATUS, "completed");
        getMockEndpoint("mock:other").expectedMessageCount(0);
        template.sendBody("direct:choice", "Paris is in France");
        template.sendBody("direct:choice", "Berlin ist die Hauptstadt");
        MockEndpoint.assertIsSatisfied(context);
        var english = getMockEndpoint("mock:english").getReceivedExchanges().get(0).getMessage()
                .getBody(dev.camelsuite.enhancer.content.ContentItem.class);
        assertThat(english.getEntities()).extracting(e -> e.getLabel()).containsExactly("Paris", "France");
    }
}
