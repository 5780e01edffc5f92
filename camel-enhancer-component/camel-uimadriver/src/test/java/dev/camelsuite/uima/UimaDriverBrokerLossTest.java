package dev.camelsuite.uima;

import java.net.ServerSocket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The service's JVM — broker and all — is killed mid-request, then started again at the same address. */
class UimaDriverBrokerLossTest extends CamelTestSupport {

    private static final int PORT = freePort();
    private static final String BROKER = "tcp://localhost:" + PORT;
    private UimaAsServiceProcess service;

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    protected void setupResources() throws Exception {
        service = UimaAsServiceProcess.startAt(null, BROKER, "failing=FailingQueue", "room-number=RoomNumberQueue");
        super.setupResources();
    }

    @AfterEach
    void stopService() throws Exception {
        if (service != null) {
            service.close();
        }
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:slow").to("uimadriver:" + BROKER + "?queue=FailingQueue");
                from("direct:rooms").to("uimadriver:" + BROKER + "?queue=RoomNumberQueue&timeout=30000");
            }
        };
    }

    @Test
    void aLostBrokerFailsTheDocumentInFlightAndTheNextExchangeConnectsAgain() throws Exception {
        // no timeout: only the lost connection can end this exchange
        CompletableFuture<Object> slow = template.asyncRequestBody("direct:slow", "SLOW document");
        Thread.sleep(1000);
        service.kill();
        assertThatThrownBy(() -> slow.get(30, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .rootCause().isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Lost the connection to broker " + BROKER);

        service = UimaAsServiceProcess.startAt(null, BROKER, "failing=FailingQueue", "room-number=RoomNumberQueue");
        AnalysisResult result = template.requestBody("direct:rooms", "Room 20-001 again", AnalysisResult.class);
        assertThat(result.annotations("org.apache.uima.tutorial.RoomNumber")).hasSize(1);
        assertThat(template.requestBody("direct:slow", "fine now", AnalysisResult.class)).isNotNull();
    }
}
