package dev.camelsuite.uima;

import java.net.ServerSocket;

import org.apache.activemq.broker.BrokerService;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The broker of a served route is stopped and started again at the same address: the route serves again. */
class ServedRouteBrokerLossTest extends CamelTestSupport {

    private static final int PORT = freePort();
    private static final String URL = "tcp://localhost:" + PORT;
    private BrokerService broker;

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static BrokerService startBroker() throws Exception {
        BrokerService b = new BrokerService();
        b.setPersistent(false);
        b.setUseJmx(false);
        b.addConnector(URL);
        b.start();
        b.waitUntilStarted();
        return b;
    }

    @Override
    protected void setupResources() throws Exception {
        broker = startBroker();
        super.setupResources();
    }

    @AfterEach
    void stopBroker() throws Exception {
        broker.stop();
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("uimadriver:" + URL + "?queue=Echo&descriptor=" + ServedRouteStockClientTest.ROOM_NUMBERS)
                        .routeId("served").log("served ${header.CamelUimaCasReferenceId}");
                from("direct:echo").to("uimadriver:" + URL + "?queue=Echo&timeout=20000&lazyStartProducer=true");
            }
        };
    }

    @Test
    void aServedRouteServesAgainWhenItsBrokerIsBack() throws Exception {
        assertThat(template.requestBody("direct:echo", "before", AnalysisResult.class).xmi()).contains("before");

        broker.stop();
        broker.waitUntilStopped();
        broker = startBroker();

        // the producer connects again with this exchange; the consumer on its own, 1 s after it saw the loss
        assertThat(template.requestBody("direct:echo", "after", AnalysisResult.class).xmi()).contains("after");
        assertThat(((UimaDriverConsumer) context.getRoute("served").getConsumer()).getRejectedCount()).isZero();
    }
}
