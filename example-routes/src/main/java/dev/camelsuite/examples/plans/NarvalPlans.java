package dev.camelsuite.examples.plans;

import dev.camelsuite.enhancer.EnhancementException;
import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.enhancer.chain.Chain;
import org.apache.camel.builder.RouteBuilder;

/**
 * Narval's plan constructs with Camel's EIPs over enhancement results (docs/narval-plans.adoc maps each one). The same
 * routes in YAML: {@code routes/plans/narval-plans.yaml}. Beans used: the chains {@code default} and
 * {@code triage} ({@link #triageChain()}), {@code joinFindings},
 * {@code keepOuterContext}, {@code optionalSignature}, {@code acknowledged} (an idempotent repository), {@code mailbox}.
 */
public class NarvalPlans extends RouteBuilder {

    /** The engine of the chain {@code triage} that checks a desk reads the text's language: a route. */
    public static final String TRIAGE_CHECK = "direct:desk-languages";

    /** The chain of the triage plan: the default chain's engines, then {@value #TRIAGE_CHECK}. */
    public static Chain triageChain() {
        return Chain.list("triage", "langid", "sentences", "tokens", "ner;optional", TRIAGE_CHECK);
    }

    @Override
    public void configure() {
        // a step, then transitions with conditions in priority order (first match fires; otherwise = the default
        // transition) and an error-handling link taken when the step produced an error
        // tag::triage[]
        from("direct:triage").routeId("triage")
                .doTry()
                    .to("enhancer:triage")
                    .choice()
                        .when(simple("${body.entities.size} >= 3")).setHeader("desk", constant("entity desk"))
                        .when(header(EnhancerConstants.LANGUAGE).in("de", "fr")).setHeader("desk", constant("european desk"))
                        .otherwise().setHeader("desk", constant("general desk"))
                    .end()
                .endDoTry()
                .doCatch(EnhancementException.class)
                    .setHeader("desk", simple("error: ${exception.engine}"))
                .end();
        // the triage chain's last engine, a route: the desks read English, German and French; another language is
        // the step's error (any text gets through the NLP engines, which decline a language they have no model for)
        from(TRIAGE_CHECK).routeId("desk-languages")
                .filter(simple("${body.language} !in 'en,de,fr'"))
                    .throwException(IllegalArgumentException.class, "No desk reads '${body.language}'")
                .end();
        // end::triage[]

        // foreach: the action runs for each element matching the input, here each entity found
        from("direct:foreach-entity").routeId("foreach-entity")
                .to("enhancer:default")
                .split(simple("${body.entities}"))
                    .setBody(simple("${body.label}"))
                    .to("mock:entity")
                .end();

        // parallel outgoing steps and the transition joining them
        from("direct:parallel").routeId("parallel")
                .multicast().aggregationStrategy("joinFindings").parallelProcessing()
                    .to("direct:language-branch", "direct:length-branch")
                .end();
        from("direct:language-branch").to("enhancer:default").setBody(simple("language=${body.language}"));
        from("direct:length-branch").setBody(simple("characters=${body.length()}"));

        // a nested plan: it sees the parent's context, keeps its own, and gives back its result only
        from("direct:outer-plan").routeId("outer-plan")
                .setProperty("plan", constant("outer"))
                .enrich().constant("direct:nested-plan").aggregationStrategy("keepOuterContext").end()
                .setHeader("planAfterNested", exchangeProperty("plan"));
        from("direct:nested-plan").routeId("nested-plan")
                .setProperty("plan", constant("nested"))
                .setBody(simple("${body} (seen by the nested plan of the ${header.requester}'s plan)"));

        // used inputs (each mail acknowledged once) beside a consulted one (the mailbox, read by every run)
        from("direct:acknowledge").routeId("acknowledge")
                .idempotentConsumer(header("mailId")).idempotentRepository("acknowledged")
                    .setBody(simple("${bean:mailbox?method=address} acknowledges ${header.mailId}"))
                    .to("mock:acknowledged")
                .end();

        // an optional input: the greeting is sent with a signature when one is waiting, and without one otherwise
        from("direct:greet").routeId("greet")
                .pollEnrich().constant("seda:signatures").timeout(0).aggregationStrategy("optionalSignature").end()
                .to("mock:greeting");
    }
}
