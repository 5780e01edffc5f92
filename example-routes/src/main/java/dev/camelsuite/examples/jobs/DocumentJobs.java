package dev.camelsuite.examples.jobs;

import dev.camelsuite.examples.documents.Mentions;
import org.apache.camel.builder.RouteBuilder;

/**
 * Documents as jobs: the route that submits them goes on at once with each job's id, while the default chain runs on
 * the jobs' runners; finished jobs reach the desks later, failed ones a route of their own. The jobs live in the
 * database (the only DataSource in the registry), so they outlive a restart and any Camel context sharing it runs them.
 */
public class DocumentJobs extends RouteBuilder {

    @Override
    public void configure() {
        // tag::jobs[]
        from("direct:documents").routeId("submit-documents")
                .to("enhancer:default?job=true")  // the body is now the job's id; the chain has not run yet
                .to("mock:submitted");

        from("enhancer:jobs?state=done").routeId("enhanced-documents")
                .choice()
                    .when(method(Mentions.class, "people"))
                        .setHeader("desk", constant("people"))
                    .when(method(Mentions.class, "places"))
                        .setHeader("desk", constant("places"))
                    .otherwise()
                        .setHeader("desk", constant("general"))
                .end()
                .to("mock:desk");

        from("enhancer:jobs?state=failed").routeId("failed-documents")
                .log("Job ${header.CamelEnhancerJobId} failed: ${header.CamelEnhancerJobError}")
                .to("mock:failed");
        // end::jobs[]
    }
}
