package dev.camelsuite.uima;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.camelsuite.uima.service.ChildCases;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.apache.uima.UIMAFramework;
import org.apache.uima.analysis_engine.AnalysisEngine;
import org.apache.uima.cas.CAS;
import org.apache.uima.util.CasCopier;
import org.apache.uima.util.XMLInputSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A route served as a CAS multiplier, against the stock UIMA AS 2.10.3 service deploying the same aggregate
 * (SimpleTextSegmenter cuts a child CAS per line, the RoomNumberAnnotator marks each child's room numbers), with the
 * stock client in its own JVM: every child and every input CAS compared.
 */
class ServedCasMultiplierTest extends CamelTestSupport {

    static final String SEGMENTED_ROOMS = "../../uima-as-test-service/src/main/resources/dev/camelsuite/uima/"
                                          + "testservice/SegmentedRoomNumbers.xml";

    private static UimaAsServiceProcess service;
    private static AnalysisEngine segmentedRooms;
    private static Path texts;

    @TempDir
    static Path work;

    @BeforeAll
    static void startService() throws Exception {
        service = UimaAsServiceProcess.start(null, "segmented-rooms=SegmentedRoomNumbersQueue");
        segmentedRooms = UIMAFramework.produceAnalysisEngine(UIMAFramework.getXMLParser().parseResourceSpecifier(
                new XMLInputSource(Path.of(SEGMENTED_ROOMS).toFile())), 2, 0);
        texts = work.resolve("texts.txt");
        Files.write(texts, List.of(
                "Meet in 20-001 at ten.\\nThen GN-K35.\\nLunch in the cafeteria.",
                "One line, room 31-015 only.",
                "Line one.\\n\\nLine three, after an empty one: H2-B45 and 20-010.\\nLast line"),
                StandardCharsets.UTF_8);
    }

    @AfterAll
    static void stopService() throws Exception {
        if (segmentedRooms != null) {
            segmentedRooms.destroy();
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
                // tag::multiplier[]
                from("uimadriver:" + service.brokerUrl() + "?queue=CamelSegmentedQueue&concurrentConsumers=2"
                     + "&descriptor=file:" + SEGMENTED_ROOMS)
                        .process(exchange -> {
                            CAS input = exchange.getIn().getBody(CAS.class);
                            ChildCases children = exchange.getProperty(UimaDriverConstants.CHILD_CASES,
                                    ChildCases.class);
                            // the aggregate's own children, each copied into a child CAS of the service and sent
                            var made = segmentedRooms.processAndOutputNewCASes(input);
                            while (made.hasNext()) {
                                CAS segment = made.next();
                                CAS child = children.newCas();
                                new CasCopier(segment, child).copyCasView(segment, true);
                                segment.release();
                                children.send(child);
                            }
                        });
                // end::multiplier[]
            }
        };
    }

    @ParameterizedTest
    @ValueSource(strings = { "xmi", "binary" })
    void everyChildAndInputCasIsWhatTheStockServiceSends(String serialization) throws Exception {
        StockClientRun stock = client("SegmentedRoomNumbersQueue", 4, serialization);
        assertThat(stock.answers()).contains("0.2 language=x-unspecified org.apache.uima.tutorial.RoomNumber[5,11]"
                                             + "\"GN-K35\" building=Hawthorne;");
        for (int pool : new int[] { 1, 4 }) {
            StockClientRun served = client("CamelSegmentedQueue", pool, serialization);
            assertThat(served.protocolLine("META")).isEqualTo(stock.protocolLine("META"));
            assertThat(served.protocolLine("SYNC")).isEqualTo(stock.protocolLine("SYNC"));
            assertThat(served.protocolLine("DONE")).isEqualTo("DONE 30 0");
            assertThat(served.answers()).as("pool %d", pool).containsExactlyElementsOf(stock.answers());
        }
    }

    private static StockClientRun client(String queue, int pool, String serialization) throws Exception {
        StockClientRun run = StockClientRun.run(service.brokerUrl(), queue, pool, serialization, 30, 0, work, texts);
        assertThat(run.exitStatus()).as("the stock client's exit status; protocol %s", run.protocol()).isZero();
        assertThat(run.protocolLine("CPC")).isNotNull();
        return run;
    }
}
