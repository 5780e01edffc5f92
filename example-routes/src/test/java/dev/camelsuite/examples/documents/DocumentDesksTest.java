package dev.camelsuite.examples.documents;

import java.util.List;

import dev.camelsuite.enhancer.engines.DefaultChain;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary;
import dev.camelsuite.enhancer.engines.tika.SampleDocuments;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;

/** HTML, PDF and Word documents to their desks; once in Java DSL, once in YAML DSL (the subclasses). */
abstract class DocumentDesksTest extends CamelTestSupport {

    static final String WORD = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        DefaultChain.bind(context.getRegistry(), Vocabulary.sample());
        return context;
    }

    @Override
    protected java.util.Properties useOverridePropertiesWithPropertiesComponent() {
        java.util.Properties desks = new java.util.Properties();
        desks.put("desk.uri", "mock:desk"); // the desks' endpoint, here one the test reads
        return desks;
    }

    private void send(byte[] document, String type) {
        template.send("direct:documents", e -> {
            e.getIn().setBody(document);
            e.getIn().setHeader(Exchange.CONTENT_TYPE, type);
        });
    }

    @Test
    void eachDocumentGoesToTheDeskOfWhatItsTextMentions() throws Exception {
        MockEndpoint desk = getMockEndpoint("mock:desk");
        desk.expectedHeaderValuesReceivedInAnyOrder("desk", "people", "places", "general");
        desk.expectedHeaderValuesReceivedInAnyOrder("title", "Scientists", "Cities", "Weather");

        send(SampleDocuments.html("Scientists", "Ann", List.of("Marie Curie and Albert Einstein met in Brussels.")),
                "text/html; charset=UTF-8");
        send(SampleDocuments.pdf("Cities", "Ann", List.of("The trains from Paris to Berlin are fast.")),
                "application/pdf");
        send(SampleDocuments.docx("Weather", "Ann", List.of("It rained all week, and nobody minded at all.")), WORD);

        desk.assertIsSatisfied();
    }
}
