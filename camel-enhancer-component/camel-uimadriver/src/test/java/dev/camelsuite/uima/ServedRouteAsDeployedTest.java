package dev.camelsuite.uima;

import java.nio.file.Path;
import java.util.List;

import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.apache.uima.UIMAFramework;
import org.apache.uima.analysis_engine.AnalysisEngine;
import org.apache.uima.cas.CAS;
import org.apache.uima.resource.ResourceSpecifier;
import org.apache.uima.util.XMLInputSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A route served as UIMA AS services are really deployed, with the stock UIMA AS 2.10.3 client in its own JVM: a
 * descriptor that imports its type system, and GetMeta answered while every instance is busy (the stock client's
 * timeouts depend on it).
 */
class ServedRouteAsDeployedTest extends CamelTestSupport {

    private static UimaAsServiceProcess service;
    private static AnalysisEngine roomNumbers;

    @TempDir
    static Path work;

    @BeforeAll
    static void startService() throws Exception {
        service = UimaAsServiceProcess.start(null, "room-number=RoomNumberQueue");
        ResourceSpecifier spec = UIMAFramework.getXMLParser().parseResourceSpecifier(new XMLInputSource(
                Path.of(ServedRouteStockClientTest.ROOM_NUMBERS.substring("file:".length())).toFile()));
        roomNumbers = UIMAFramework.produceAnalysisEngine(spec);
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
                // the descriptor imports RoomNumberTypeSystem.xml from beside it, as UIMA's examples are written
                from("uimadriver:" + service.brokerUrl() + "?queue=ImportingQueue"
                     + "&descriptor=classpath:dev/camelsuite/uima/imports/RoomNumberAE.xml")
                        .process(e -> roomNumbers.process(e.getIn().getBody(CAS.class)));
                // one instance, busy for 3 s with each document
                from("uimadriver:" + service.brokerUrl() + "?queue=SlowQueue"
                     + "&descriptor=classpath:dev/camelsuite/uima/imports/RoomNumberAE.xml")
                        .delay(3000).syncDelayed();
            }
        };
    }

    @Test
    void aDescriptorThatImportsItsTypeSystemServesTheStockClient() throws Exception {
        StockClientRun stock = StockClientRun.run(service.brokerUrl(), "RoomNumberQueue", 4, "xmi", 50, 0, work);
        StockClientRun served = StockClientRun.run(service.brokerUrl(), "ImportingQueue", 4, "xmi", 50, 0, work);
        assertThat(served.exitStatus()).as("protocol %s", served.protocol()).isZero();
        assertThat(served.protocolLine("META")).isEqualTo(stock.protocolLine("META"))
                .contains("org.apache.uima.tutorial.RoomNumber");
        assertThat(served.answers()).containsExactlyElementsOf(stock.answers());
    }

    @Test
    void theStockClientHearsOfItsTimeoutsWhileEveryInstanceIsBusy() throws Exception {
        // Timeout=1000 against a route busy 3 s per document: the client pings with GetMeta and reports the timeout
        // when the ping is answered; answered behind the busy instance, that was after about 3 s
        StockClientRun run = StockClientRun.launch("StockClientTimeouts", service.brokerUrl(), "SlowQueue", "1000",
                "1");
        assertThat(run.exitStatus()).as("protocol %s", run.protocol()).isZero();
        List<String> answers = run.protocol().stream().filter(l -> l.startsWith("ANSWER ")).toList();
        assertThat(answers).hasSize(1).allSatisfy(answer -> {
            String[] parts = answer.split(" ");
            assertThat(parts[2]).as(answer).isEqualTo("UimaASProcessCasTimeout");
            assertThat(Long.parseLong(parts[1])).as(answer).isBetween(900L, 2_000L);
        });
    }
}
