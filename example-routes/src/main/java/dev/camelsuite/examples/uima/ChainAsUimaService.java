package dev.camelsuite.examples.uima;

import dev.camelsuite.enhancer.engines.uima.ChainFindingsToCas;
import org.apache.camel.builder.RouteBuilder;

/**
 * An enhancement chain served to stock UIMA AS clients: they send CASes to the queue as to any UIMA AS service and
 * get back the chain's language, sentences, tokens and linked entities as annotations of the type system in
 * {@link ChainFindingsToCas#TYPE_SYSTEM}. Properties: {@code uima.broker}, {@code uima.queue}.
 */
public class ChainAsUimaService extends RouteBuilder {

    @Override
    public void configure() {
        // tag::served[]
        from("uimadriver:{{uima.broker}}?queue={{uima.queue}}&descriptor=" + ChainFindingsToCas.TYPE_SYSTEM
             + "&concurrentConsumers=2")
                .routeId("chain-as-uima-service")
                .convertBodyTo(String.class)          // the CAS's document text
                .to("enhancer:default")               // the chain, as for any other text
                .process(new ChainFindingsToCas());   // its findings into the CAS the client gets back
        // end::served[]
    }
}
