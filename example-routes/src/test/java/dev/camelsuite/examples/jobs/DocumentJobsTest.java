package dev.camelsuite.examples.jobs;

import java.util.ArrayList;
import java.util.List;

import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.enhancer.engines.DefaultChain;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Documents as jobs; once in Java DSL, once in YAML DSL (the subclasses). */
abstract class DocumentJobsTest extends CamelTestSupport {

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        DefaultChain.bind(context.getRegistry(), Vocabulary.sample());
        return context;
    }

    @Test
    void theSubmittingRouteGoesOnAtOnceAndEachDocumentReachesItsDeskLater() throws Exception {
        MockEndpoint submitted = getMockEndpoint("mock:submitted");
        MockEndpoint desk = getMockEndpoint("mock:desk");
        submitted.expectedMessageCount(3);
        desk.expectedHeaderValuesReceivedInAnyOrder("desk", "people", "places", "general");
        List<String> ids = new ArrayList<>();
        for (String text : List.of("Marie Curie and Albert Einstein met in Brussels.",
                "The trains from Paris to Berlin are fast.", "It rained all week, and nobody minded at all.")) {
            ids.add(template.requestBody("direct:documents", text, String.class));
        }
        submitted.assertIsSatisfied();
        desk.assertIsSatisfied(20_000);
        List<Object> done = new ArrayList<>();
        for (Exchange e : desk.getReceivedExchanges()) {
            done.add(e.getMessage().getHeader(EnhancerConstants.JOB_ID));
        }
        assertThat(done).containsExactlyInAnyOrderElementsOf(ids);
        getMockEndpoint("mock:failed").expectedMessageCount(0);
        getMockEndpoint("mock:failed").assertIsSatisfied();
    }
}
