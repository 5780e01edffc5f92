package dev.camelsuite.uima;

import java.nio.file.Path;

import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.apache.uima.UIMAFramework;
import org.apache.uima.analysis_engine.AnalysisEngine;
import org.apache.uima.cas.CAS;
import org.apache.uima.resource.ResourceSpecifier;
import org.apache.uima.util.XMLInputSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Stock UIMA AS 2.10.3 clients against a Camel route served with {@code from("uimadriver:...")}, compared answer by
 * answer with the stock UIMA AS service running the same analysis engine on the same broker.
 */
class ServedRouteStockClientTest extends CamelTestSupport {

    /** Our descriptor of the tutorial's RoomNumberAnnotator, the one the stock service deploys. */
    static final String ROOM_NUMBERS = "file:../../uima-as-test-service/src/main/resources/dev/camelsuite/uima/"
                                       + "testservice/RoomNumberAnnotator.xml";
    /** The stock FailingAnnotator's message for a document holding FAIL. */
    static final String DELIBERATE = "Deliberate failure: the document contains FAIL";

    private static UimaAsServiceProcess service;
    private static AnalysisEngine roomNumbers;

    @TempDir
    static Path work;

    @BeforeAll
    static void startService() throws Exception {
        service = UimaAsServiceProcess.start(null, "room-number=RoomNumberQueue", "failing=FailingQueue");
        ResourceSpecifier spec = UIMAFramework.getXMLParser().parseResourceSpecifier(new XMLInputSource(
                Path.of(ROOM_NUMBERS.substring("file:".length())).toFile()));
        roomNumbers = UIMAFramework.produceAnalysisEngine(spec, 4, 0); // one engine per served instance
    }

    @AfterAll
    static void stopService() throws Exception {
        if (roomNumbers != null) {
            roomNumbers.destroy();
        }
        if (service != null) {
            service.close();
        }
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                // tag::engine[]
                from("uimadriver:" + service.brokerUrl() + "?queue=CamelRoomNumberQueue&concurrentConsumers=4"
                     + "&descriptor=" + ROOM_NUMBERS)
                        .process(e -> roomNumbers.process(e.getIn().getBody(CAS.class)));
                // end::engine[]
                from("uimadriver:" + service.brokerUrl() + "?queue=CamelFailingQueue&descriptor=" + ROOM_NUMBERS)
                        .filter(simple("${bodyAs(String)} contains 'FAIL'"))
                        .throwException(new IllegalStateException(DELIBERATE));
            }
        };
    }

    private static StockClientRun client(String queue, int pool, String serialization, int documents, int failEvery)
            throws Exception {
        StockClientRun run = StockClientRun.run(service.brokerUrl(), queue, pool, serialization, documents, failEvery,
                work);
        assertThat(run.exitStatus()).as("the stock client's exit status; protocol %s", run.protocol()).isZero();
        assertThat(run.protocolLine("CPC")).as("Collection Process Complete answered").isNotNull();
        return run;
    }

    @ParameterizedTest
    @ValueSource(strings = { "xmi", "binary" })
    void stockClientsGetFromTheRouteWhatTheStockServiceAnswers(String serialization) throws Exception {
        StockClientRun stock = client("RoomNumberQueue", 8, serialization, 2000, 0);
        assertThat(stock.answers()).hasSize(2000);
        assertThat(stock.answers().get(0)).contains("org.apache.uima.tutorial.RoomNumber[");

        for (int pool : new int[] { 1, 8 }) {
            StockClientRun served = client("CamelRoomNumberQueue", pool, serialization, 2000, 0);
            assertThat(served.protocolLine("META")).isEqualTo(stock.protocolLine("META"));
            assertThat(served.protocolLine("DONE")).isEqualTo("DONE 2000 0");
            assertThat(served.protocolLine("SYNC")).isEqualTo(stock.protocolLine("SYNC")).contains("RoomNumber[");
            assertThat(served.answers()).as("pool %d", pool).containsExactlyElementsOf(stock.answers());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { "xmi", "binary" })
    void aFailingRouteReachesTheStockClientAsAFailingStockServiceDoes(String serialization) throws Exception {
        StockClientRun stock = client("FailingQueue", 4, serialization, 200, 10);
        StockClientRun served = client("CamelFailingQueue", 4, serialization, 200, 10);
        assertThat(served.protocolLine("DONE")).isEqualTo(stock.protocolLine("DONE")).isEqualTo("DONE 200 20");
        for (int i = 0; i < 200; i++) {
            String expected = stock.answers().get(i);
            String actual = served.answers().get(i);
            if (expected.contains(" ERROR ")) {
                assertThat(actual).startsWith(i + " ERROR UimaEEServiceException: ").contains(DELIBERATE);
                assertThat(expected).startsWith(i + " ERROR UimaEEServiceException");
            } else {
                assertThat(actual).isEqualTo(expected);
            }
        }
    }
}
