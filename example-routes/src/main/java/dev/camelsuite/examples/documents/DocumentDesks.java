package dev.camelsuite.examples.documents;

import org.apache.camel.builder.RouteBuilder;

/**
 * Documents — HTML, PDF, Word, as bytes with their {@code Content-Type} — through the default chain, whose
 * {@code tika} engine turns them into text, then to a desk by what their text mentions: people, else places, else
 * nobody in particular. The desk and the document's own title go along as headers to the desks' endpoint, property
 * {@code desk.uri}: by default a log line naming the desk and the title; a queue or a service of the desks' in use.
 */
public class DocumentDesks extends RouteBuilder {

    @Override
    public void configure() {
        // tag::desks[]
        from("direct:documents").routeId("document-desks")
                .to("enhancer:default")
                .setHeader("title", method(Mentions.class, "title"))
                .choice()
                    .when(method(Mentions.class, "people"))
                        .setHeader("desk", constant("people"))
                    .when(method(Mentions.class, "places"))
                        .setHeader("desk", constant("places"))
                    .otherwise()
                        .setHeader("desk", constant("general"))
                .end()
                .to("{{desk.uri:log:dev.camelsuite.examples.desks?showHeaders=true&showBody=false}}");
        // end::desks[]
    }
}
