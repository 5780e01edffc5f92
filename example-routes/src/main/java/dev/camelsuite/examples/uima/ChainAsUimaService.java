package dev.camelsuite.examples.uima;

import org.apache.camel.builder.RouteBuilder;

/**
 * An enhancement chain served to stock UIMA AS clients: they send CASes to the queue as to any UIMA AS service and
 * get back the chain's language, sentences, tokens and linked entities as annotations of the type system in
 * {@code uima/EnhancerChainTypes.xml}. Properties: {@code uima.broker}, {@code uima.queue}.
 */
public class ChainAsUimaService extends RouteBuilder {

    @Override
    public void configure() {
        // tag::served[]
        from("uimadriver:{{uima.broker}}?queue={{uima.queue}}&descriptor=classpath:uima/EnhancerChainTypes.xml"
             + "&concurrentConsumers=2")
                .routeId("chain-as-uima-service")
                .convertBodyTo(String.class)          // the CAS's document text
                .to("enhancer:default")               // the chain, as for any other text
                .process(new ChainAnnotationsToCas()); // its findings into the CAS the client gets back
        // end::served[]
    }
}
