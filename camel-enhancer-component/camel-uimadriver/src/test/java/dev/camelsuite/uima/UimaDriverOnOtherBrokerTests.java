package dev.camelsuite.uima;

import java.io.File;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The client against a served route on a broker other than the ActiveMQ 6 of the other tests (a subclass per broker):
 * GetMeta (the producer builds its CASes with the served type system), process, Collection Process Complete answered
 * after the document before it, and the broker lost and back.
 */
abstract class UimaDriverOnOtherBrokerTests {

    private static final String ROOM = "org.apache.uima.tutorial.RoomNumber";

    /** The subclass's broker, started for the class. */
    protected abstract BrokerProcess broker();

    private AnalysisEngine roomNumbers;
    private final Semaphore slowTaken = new Semaphore(0);
    /** Set when the served route has finished the slow document, before its reply is sent. */
    private final AtomicBoolean slowDone = new AtomicBoolean();

    @BeforeEach
    void loadAnalysisEngine() throws Exception {
        roomNumbers = UIMAFramework.produceAnalysisEngine(UIMAFramework.getXMLParser()
                .parseResourceSpecifier(new XMLInputSource(new File(ServedRouteStockClientTest.ROOM_NUMBERS
                        .substring(5)))), 2, 0);
    }

    @AfterEach
    void destroyAnalysisEngine() {
        roomNumbers.destroy();
    }

    /** A served route of the room number annotator, slow for a document holding SLOW, and a client of it. */
    private CamelContext context(String clientOptions) throws Exception {
        String url = broker().url();
        CamelContext context = new DefaultCamelContext();
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
                        .process(e -> roomNumbers.process(e.getIn().getBody(CAS.class)))
                        .process(e -> {
                            if (e.getIn().getBody(CAS.class).getDocumentText().contains("SLOW")) {
                                slowDone.set(true);
                            }
                        });
                from("direct:rooms").to("uimadriver:" + url + "?queue=Rooms&getMetaTimeout=10000"
                                        + "&lazyStartProducer=true&" + clientOptions);
            }
        });
        context.start();
        return context;
    }

    @Test
    void theClientGetsMetadataAnswersAndCollectionProcessCompleteFromAServedRoute() throws Exception {
        try (CamelContext context = context("timeout=10000")) {
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
            // the service answers CPC once the document before it is done; the client completes the two exchanges
            // on threads of its own, so the order in which their futures complete is not the service's
            assertThat(slowDone).as("CPC answered after the document before it was done").isTrue();
            assertThat(slow.get(10, TimeUnit.SECONDS).annotations(ROOM)).hasSize(1);
        }
    }

    @Test
    void aLostBrokerFailsTheDocumentInFlightAndLaterOnesSucceedOnceItIsBack() throws Exception {
        try (CamelContext context = context("timeout=30000")) {
            ProducerTemplate template = context.createProducerTemplate();
            template.requestBody("direct:rooms", "Room 20-001", AnalysisResult.class);
            // no timeout before 30 s: only the lost connection can end this exchange sooner
            CompletableFuture<AnalysisResult> slow = template.asyncRequestBody("direct:rooms", "SLOW: room 20-001",
                    AnalysisResult.class);
            assertThat(slowTaken.tryAcquire(10, TimeUnit.SECONDS)).isTrue();
            broker().stop();
            assertThatThrownBy(() -> slow.get(20, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                    .rootCause().hasMessageContaining("Lost the connection to broker " + broker().url());
            broker().start();
            // the served route reconnects on its own schedule: the first exchanges may fail until it is back
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            Exchange again;
            do {
                again = template.request("direct:rooms", e -> e.getIn().setBody("Room 20-001 again"));
            } while (again.getException() != null && System.nanoTime() < deadline);
            assertThat(again.getException()).isNull();
            for (int i = 0; i < 3; i++) {
                assertThat(template.requestBody("direct:rooms", "Room 31-015, " + i, AnalysisResult.class)
                        .annotations(ROOM)).hasSize(1);
            }
        }
    }
}
