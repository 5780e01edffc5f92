package dev.camelsuite.examples.books;

import java.util.List;

import org.apache.camel.builder.RouteBuilder;

/**
 * The seed's library, in Java DSL: robots for every step of {@code googleScannedBookWF} (download and conversion run
 * in parallel; conversion is replayed after an error), of {@code accessionWF}, which {@code cleanup} starts, and of
 * the ETD submission {@code etdSubmitWF}, whose approvals are signals from people (skip-queue steps set by an update)
 * and whose last step starts {@code accessionWF}. The same robots in YAML: {@code routes/books/library-robots.yaml}.
 */
public class LibraryRobots extends RouteBuilder {

    /** accessionWF's steps robots do; sdr-ingest-received is a signal of the preservation system (skip-queue). */
    static final List<String> ACCESSION_STEPS = List.of("descriptive-metadata", "rights-metadata", "publish", "shelve",
            "end-accession");

    @Override
    public void configure() {
        // the robots are the routes' error handlers: a failed step is logged in one line (robot, object, step,
        // attempt, cause) and ended in error, to be replayed; Camel's report of the exhausted exchange says it at length
        errorHandler(noErrorHandler());
        // Google scanned books: download and convert are both ready once the object is registered
        from("workflow:googleScannedBookWF/google-download?delay=20").routeId("google-download")
                .bean("library", "download(${body})");
        // tag::robot[]
        from("workflow:googleScannedBookWF/google-convert?maxAttempts=3&retryDelay=0&delay=20").routeId("google-convert")
                .bean("library", "convert(${body}, ${header.CamelWorkflowAttempts})"); // the body is the object id
        // end::robot[]
        from("workflow:googleScannedBookWF/descriptive-metadata?delay=20").routeId("google-describe")
                .bean("library", "work('describe scanned book', ${body})")
                .setHeader("CamelWorkflowLifecycle", constant("described"));
        // cleanup names accessionWF as its next workflow: ending it starts accessioning
        from("workflow:googleScannedBookWF/cleanup?delay=20").routeId("google-cleanup")
                .bean("library", "work('cleanup', ${body})");

        // ETD: the student submits, two people approve (skip-queue steps, set by an update), then accessioning
        from("workflow:etdSubmitWF/submit?delay=20").routeId("etd-submit").bean("library", "work('submit', ${body})");
        from("workflow:etdSubmitWF/start-accession?delay=20").routeId("etd-start-accession")
                .bean("library", "work('start accession', ${body})");

        // accessioning, whichever workflow started it
        for (String step : ACCESSION_STEPS) {
            from("workflow:accessionWF/" + step + "?delay=20").routeId("accession-" + step)
                    .bean("library", "work('" + step + "', ${body})");
        }
    }
}
