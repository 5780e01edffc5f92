package dev.camelsuite.examples;

import dev.camelsuite.enhancer.EnhancementException;
import dev.camelsuite.enhancer.EnhancerConstants;
import org.apache.camel.builder.RouteBuilder;

/**
 * The demo's route: enhance a document with the default chain, pick a lane by its language, and turn a chain failure
 * into an outcome instead of an error.
 */
public class DemoRoutes extends RouteBuilder {

    public static final String OUTCOME = "DemoOutcome";
    public static final String LANE = "DemoLane";

    @Override
    public void configure() {
        from("direct:enhance").routeId("enhance-sample")
                .doTry()
                    .to("enhancer:default")
                    .setHeader(OUTCOME, constant("completed"))
                .doCatch(EnhancementException.class)
                    .setHeader(OUTCOME, simple("failed: ${exception.engineMessage}"))
                .end()
                .choice()
                    .when(header(EnhancerConstants.LANGUAGE).in("de", "fr"))
                        .setHeader(LANE, constant("european desk"))
                    .when(header(EnhancerConstants.LANGUAGE).isEqualTo("en"))
                        .setHeader(LANE, constant("english desk"))
                    .otherwise()
                        .setHeader(LANE, constant("manual review"))
                .end();
    }
}
