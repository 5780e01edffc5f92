package dev.camelsuite.examples.plans;

import java.util.Map;

import dev.camelsuite.enhancer.engines.DefaultChain;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.support.processor.idempotent.MemoryIdempotentRepository;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Narval's plan constructs as Camel routes over the real default chain; once in Java DSL, once in YAML DSL (the
 * subclasses).
 */
abstract class NarvalPlansTest extends CamelTestSupport {

    static final String GERMAN = "Die Regierung hat heute in Berlin einen neuen Haushalt beschlossen.";
    static final String ENGLISH = "Angela Merkel travelled from Berlin to Paris. She met the mayor there.";
    static final String SPANISH = "El gobierno de España aprobó hoy los nuevos presupuestos generales.";

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        DefaultChain.bind(context.getRegistry(), Vocabulary.sample());
        context.getRegistry().bind("triage", NarvalPlans.triageChain());
        context.getRegistry().bind("joinFindings", new JoinFindings());
        context.getRegistry().bind("keepOuterContext", new KeepOuterContext());
        context.getRegistry().bind("optionalSignature", new OptionalSignature());
        context.getRegistry().bind("acknowledged", MemoryIdempotentRepository.memoryIdempotentRepository(100));
        context.getRegistry().bind("mailbox", new Mailbox("inbox@example.org"));
        return context;
    }

    private String desk(String text) {
        return template.request("direct:triage", e -> e.getIn().setBody(text)).getMessage().getHeader("desk", String.class);
    }

    @Test
    void transitionsFireByConditionAndPriorityAndTheErrorLinkOnFailure() {
        // three entities: the highest-priority transition fires, though the text is not German or French
        assertThat(desk(ENGLISH)).isEqualTo("entity desk");
        assertThat(desk(GERMAN)).isEqualTo("european desk");
        assertThat(desk("The weather was fine all week and nobody complained about it at all.")).isEqualTo("general desk");
        // no desk reads Spanish: the step produces an error, the error-handling link fires
        assertThat(desk(SPANISH)).isEqualTo("error: " + NarvalPlans.TRIAGE_CHECK);
    }

    @Test
    void foreachRunsTheActionForEveryEntity() throws Exception {
        MockEndpoint entities = getMockEndpoint("mock:entity");
        entities.expectedBodiesReceivedInAnyOrder("Angela Merkel", "Berlin", "Paris");
        template.sendBody("direct:foreach-entity", ENGLISH);
        entities.assertIsSatisfied();
    }

    @Test
    void parallelStepsAreJoinedWhenBothAreDone() {
        assertThat(template.requestBody("direct:parallel", GERMAN, String.class))
                .isEqualTo("language=de; characters=" + GERMAN.length());
    }

    @Test
    void aNestedPlanSeesItsParentsContextAndKeepsItsOwn() {
        Exchange out = template.request("direct:outer-plan", e -> {
            e.getIn().setBody("a request");
            e.getIn().setHeader("requester", "librarian");
        });
        assertThat(out.getMessage().getBody(String.class))
                .isEqualTo("a request (seen by the nested plan of the librarian's plan)");
        assertThat(out.getMessage().getHeader("planAfterNested")).isEqualTo("outer");
        assertThat(out.getProperty("plan")).isEqualTo("outer");
    }

    @Test
    void aUsedElementIsTakenOnceAConsultedOneEveryTime() throws Exception {
        MockEndpoint acknowledged = getMockEndpoint("mock:acknowledged");
        acknowledged.expectedBodiesReceived("inbox@example.org acknowledges mail-1",
                "inbox@example.org acknowledges mail-2");
        for (String mail : new String[] { "mail-1", "mail-2", "mail-1" }) {
            template.sendBodyAndHeaders("direct:acknowledge", "", Map.of("mailId", mail));
        }
        acknowledged.assertIsSatisfied();
    }

    @Test
    void anOptionalInputIsUsedWhenThereAndNotRequired() throws Exception {
        MockEndpoint greetings = getMockEndpoint("mock:greeting");
        greetings.expectedBodiesReceived("Happy new year", "Happy new year\n-- The library");
        template.sendBody("direct:greet", "Happy new year");
        template.sendBody("seda:signatures", "The library");
        template.sendBody("direct:greet", "Happy new year");
        greetings.assertIsSatisfied();
    }
}
