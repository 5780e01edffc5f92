package dev.camelsuite.uima;

import java.io.File;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.testbrokers.BrokerProcess;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.uima.UIMAFramework;
import org.apache.uima.analysis_engine.AnalysisEngine;
import org.apache.uima.cas.CAS;
import org.apache.uima.util.XMLInputSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The client against a served route on a broker other than the ActiveMQ 6 of the other tests (a subclass per broker):
 * GetMeta (the producer builds its CASes with the served type system), process, and Collection Process Complete
 * answered after the document before it.
 */
abstract class UimaDriverOnOtherBrokerTests {

    private static final String ROOM = "org.apache.uima.tutorial.RoomNumber";

    /** The subclass's broker, started for the class. */
    protected abstract BrokerProcess broker();

    @Test
    void theClientGetsMetadataAnswersAndCollectionProcessCompleteFromAServedRoute() throws Exception {
        AnalysisEngine roomNumbers = UIMAFramework.produceAnalysisEngine(UIMAFramework.getXMLParser()
                .parseResourceSpecifier(new XMLInputSource(new File(ServedRouteStockClientTest.ROOM_NUMBERS
                        .substring(5)))), 2, 0);
        Semaphore slowTaken = new Semaphore(0);
        String url = broker().url();
        try (CamelContext context = new DefaultCamelContext()) {
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("uimadriver:" + url + "?queue=Rooms&concurrentConsumers=2&descriptor="
                         + ServedRouteStockClientTest.ROOM_NUMBERS).routeId("served")
                            .process(e -> {
                                if (e.getIn().getBody(String.class).contains("SLOW")) {
                                    slowTaken.release();
                                    Thread.sleep(1000);
                                }
                            })
                            .process(e -> roomNumbers.process(e.getIn().getBody(CAS.class)));
                    from("direct:rooms").to("uimadriver:" + url
                                            + "?queue=Rooms&timeout=10000&getMetaTimeout=10000&lazyStartProducer=true");
                }
            });
            context.start();
            ProducerTemplate template = context.createProducerTemplate();

            for (String text : List.of("Meet in 20-001, then in GN-K35.", "Room 31-015 only.")) {
                AnalysisResult result = template.requestBody("direct:rooms", text, AnalysisResult.class);
                assertThat(result.annotations(ROOM)).isNotEmpty()
                        .allSatisfy(a -> assertThat(text).contains(a.coveredText()));
            }
            CompletableFuture<AnalysisResult> slow = template.asyncRequestBody("direct:rooms", "SLOW: room 20-001",
                    AnalysisResult.class);
            assertThat(slowTaken.tryAcquire(10, TimeUnit.SECONDS)).isTrue();
            Exchange cpc = template.request("direct:rooms",
                    e -> e.getIn().setHeader(UimaDriverConstants.COLLECTION_PROCESS_COMPLETE, true));
            assertThat(cpc.getException()).isNull();
            assertThat(slow).as("CPC answered after the document before it").isDone();
            assertThat(slow.get().annotations(ROOM)).hasSize(1);
        } finally {
            roomNumbers.destroy();
        }
    }
}
