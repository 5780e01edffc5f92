package dev.camelsuite.uima;

import java.util.List;

import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import org.apache.activemq.broker.BrokerService;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** With the component's tracing on, a request and the served route's answer to it are one trace across the broker. */
class UimaDriverTraceTest extends CamelTestSupport {

    private static final InMemorySpanExporter SPANS = InMemorySpanExporter.create();
    private static BrokerService broker;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = new BrokerService();
        broker.setBrokerName("uima-traces");
        broker.setPersistent(false);
        broker.setUseJmx(false);
        broker.start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        broker.stop();
    }

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        context.getRegistry().bind("openTelemetry", OpenTelemetrySdk.builder().setTracerProvider(SdkTracerProvider
                .builder().addSpanProcessor(SimpleSpanProcessor.create(SPANS)).build()).build());
        context.getComponent("uimadriver", UimaDriverComponent.class).setTracing(true);
        return context;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        String broker = "vm://uima-traces";
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("uimadriver:" + broker + "?queue=Traced&descriptor=" + ServedRouteStockClientTest.ROOM_NUMBERS)
                        .log("served ${header.CamelUimaCasReferenceId}");
                from("direct:traced").to("uimadriver:" + broker + "?queue=Traced&lazyStartProducer=true");
            }
        };
    }

    @Test
    void theServedRoutesSpanIsAChildOfTheRequestsSpan() {
        template.requestBody("direct:traced", "Room 20-001", AnalysisResult.class);
        List<SpanData> spans = SPANS.getFinishedSpanItems();
        SpanData send = spans.stream().filter(s -> s.getName().equals("uimadriver send Traced")).findFirst()
                .orElseThrow();
        assertThat(send.getKind()).isEqualTo(SpanKind.PRODUCER);
        assertThat(spans).filteredOn(s -> s.getName().equals("uimadriver serve Traced"))
                .singleElement().satisfies(serve -> {
                    assertThat(serve.getKind()).isEqualTo(SpanKind.CONSUMER);
                    assertThat(serve.getParentSpanId()).isEqualTo(send.getSpanId());
                    assertThat(serve.getTraceId()).isEqualTo(send.getTraceId());
                });
    }
}
