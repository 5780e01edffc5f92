package dev.camelsuite.examples;

import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.workflow.WorkflowConstants;
import org.apache.camel.builder.RouteBuilder;

/**
 * The main job's routes. Two worker instances take documents from the queue {@value #QUEUE} and run the default
 * chain; robots of {@code documentWF} send each registered document to them through the broker ({@code enhance}), then
 * choose a desk for it from its language and entities ({@code classify}). A chain that fails comes back as a result
 * (status {@code failed}) and ends the document's {@code enhance} step in error with the chain's status message, through
 * the robot's end headers: an expected outcome, not an exception.
 */
public class DocumentsDemoRoutes extends RouteBuilder {

    public static final String QUEUE = "demo.documents";

    private final String brokerUrl;
    private final DocumentResults results;

    public DocumentsDemoRoutes(String brokerUrl, DocumentResults results) {
        this.brokerUrl = brokerUrl;
        this.results = results;
    }

    private String enhancer(String options) {
        return "enhancer:default?queue=" + QUEUE + "&brokerURL=" + brokerUrl + "&" + options;
    }

    @Override
    public void configure() {
        // the pool of workers: two instances with two consumers each, as two JVMs would run them
        from(enhancer("instanceId=worker-1&concurrentConsumers=2")).routeId("worker-1").log("${body.uri}");
        from(enhancer("instanceId=worker-2&concurrentConsumers=2")).routeId("worker-2").log("${body.uri}");

        from("workflow:documentWF/enhance?robots=3&maxAttempts=1&delay=100").routeId("enhance-robot")
                .setBody(method(Samples.class, "text(${body})"))
                // lazy: the workers of this JVM start their consumers after every producer; the metadata request waits for them
                .to(enhancer("casPoolSize=4&timeout=60000&lazyStartProducer=true&throwOnFailure=false"))
                .bean(results, "enhanced")
                // a failed chain is an outcome, not an exception: the step ends in error with the chain's status
                // message (the engine and why), and nothing is retried or logged as a failed delivery
                .choice()
                    .when(header(EnhancerConstants.CHAIN_STATUS).isEqualTo("failed"))
                        .setHeader(WorkflowConstants.STATUS, constant("error"))
                        .setHeader(WorkflowConstants.ERROR_MESSAGE,
                                simple("${body.executionMetadata.chainExecution.statusMessage}"))
                    .otherwise()
                        .setHeader(WorkflowConstants.NOTE, simple("${header." + EnhancerConstants.LANGUAGE
                                                                  + "} on ${header." + EnhancerConstants.INSTANCE_ID + "}"))
                .end();

        from("workflow:documentWF/classify?delay=100").routeId("classify-robot")
                .setProperty("document", method(results, "get(${body})"))
                .choice()
                    .when(simple("${exchangeProperty.document.entities.size} == 0"))
                        .setHeader(WorkflowConstants.NOTE, constant("manual review"))
                    .when(simple("${exchangeProperty.document.language} in 'de,fr'"))
                        .setHeader(WorkflowConstants.NOTE, constant("european desk"))
                    .when(simple("${exchangeProperty.document.language} == 'en'"))
                        .setHeader(WorkflowConstants.NOTE, constant("english desk"))
                    .otherwise()
                        .setHeader(WorkflowConstants.NOTE, constant("manual review"))
                .end()
                .bean(results, "desk(${body}, ${header." + WorkflowConstants.NOTE + "})");
    }
}
