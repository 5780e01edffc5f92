package dev.camelsuite.examples.tracing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.engines.DefaultChain;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary;
import dev.camelsuite.examples.Samples;
import dev.camelsuite.workflow.WorkflowComponent;
import dev.camelsuite.workflow.WorkflowConstants;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import org.apache.activemq.broker.BrokerService;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One trace per document: with the components' {@code tracing} on, a robot's step, the remote producer's send, the
 * broker hop (the W3C trace context in the JMS message), the worker's receive, the chain and each engine, and the
 * robot's end are one tree of spans, collected here in memory.
 */
class DocumentTraceTest extends CamelTestSupport {

    private static final InMemorySpanExporter SPANS = InMemorySpanExporter.create();
    private static final OpenTelemetrySdk OTEL = OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(SPANS)).build())
            .build();
    private static BrokerService broker;

    @TempDir
    static Path work;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = new BrokerService();
        broker.setBrokerName("traces");
        broker.setPersistent(false);
        broker.setUseJmx(false);
        broker.start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        broker.stop();
        OTEL.close();
    }

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        context.getRegistry().bind("openTelemetry", OTEL);
        DefaultChain.bind(context.getRegistry(), Vocabulary.sample());
        JdbcDataSource database = new JdbcDataSource();
        database.setURL("jdbc:h2:" + work.resolve("workflow") + ";DB_CLOSE_DELAY=-1");
        WorkflowComponent workflow = new WorkflowComponent();
        workflow.setDataSource(database);
        workflow.setTemplates("classpath:demo/documentWF.xml");
        workflow.setTracing(true);
        context.addComponent("workflow", workflow);
        context.getComponent("enhancer", EnhancerComponent.class).setTracing(true);
        return context;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        String enhancer = "enhancer:default?queue=traced&brokerURL=vm://traces?create=false";
        return new RouteBuilder() {
            @Override
            public void configure() {
                // tag::traced[]
                from(enhancer + "&instanceId=worker-1").routeId("worker").log("enhanced ${body.uri}");
                from("workflow:documentWF/enhance?delay=50").routeId("robot")
                        .setBody(method(Samples.class, "text(${body})"))
                        .to(enhancer + "&lazyStartProducer=true");
                // end::traced[]
                from("workflow:documentWF/classify?delay=50").routeId("classify").log("${body}");
                from("direct:local").to("enhancer:default");
            }
        };
    }

    @Test
    void aDocumentsWayFromRobotThroughBrokerAndWorkerToItsEndIsOneTrace() throws Exception {
        template.sendBodyAndHeader("workflow:documentWF?operation=create", null, WorkflowConstants.OBJECT_ID,
                "sample:madrid");
        // the worker's receive span ends after its reply is sent, so it may reach the exporter after the robot's
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!SPANS.getFinishedSpanItems().stream().map(SpanData::getName).toList().containsAll(List.of(
                "workflow robot documentWF/enhance", "enhancer receive traced")) && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }

        List<SpanData> spans = SPANS.getFinishedSpanItems();
        SpanData robot = one(spans, s -> s.getName().equals("workflow robot documentWF/enhance"));
        assertThat(robot.getParentSpanContext().isValid()).as("the robot's step starts the trace").isFalse();
        assertThat(robot.getAttributes().get(AttributeKey.stringKey("workflow.object_id"))).isEqualTo("sample:madrid");
        assertThat(robot.getAttributes().get(AttributeKey.longKey("workflow.attempt"))).isEqualTo(1L);

        SpanData send = childOf(spans, robot, "enhancer send traced");
        assertThat(send.getKind()).isEqualTo(SpanKind.PRODUCER);
        SpanData receive = childOf(spans, send, "enhancer receive traced");
        assertThat(receive.getKind()).isEqualTo(SpanKind.CONSUMER);
        assertThat(receive.getTraceId()).isEqualTo(robot.getTraceId());
        SpanData chain = childOf(spans, receive, "enhancer chain default");
        Map<String, SpanData> engines = spans.stream().filter(s -> s.getParentSpanId().equals(chain.getSpanId()))
                .collect(Collectors.toMap(s -> s.getAttributes().get(AttributeKey.stringKey("enhancer.engine")),
                        s -> s));
        assertThat(engines).containsKeys("langid", "sentences", "tokens", "ner");
        assertThat(engines.get("langid").getAttributes().get(AttributeKey.stringKey("enhancer.outcome")))
                .isEqualTo("completed");
        // Spanish has no sentence model: the engine declines, and says why
        assertThat(engines.get("sentences").getAttributes().get(AttributeKey.stringKey("enhancer.declined")))
                .startsWith("cannot enhance");
        childOf(spans, robot, "workflow end completed");

        // the trace as docs/operations.adoc shows it
        StringBuilder tree = new StringBuilder();
        print(spans, robot, "", tree);
        Files.writeString(Path.of("target", "document-trace.txt"), tree);
    }

    /** One line per span: its name, duration and the attributes an operator reads, its children indented under it. */
    private static void print(List<SpanData> spans, SpanData span, String indent, StringBuilder out) {
        out.append(String.format(Locale.ROOT, "%s%s  %.2f ms", indent, span.getName(),
                (span.getEndEpochNanos() - span.getStartEpochNanos()) / 1e6));
        span.getAttributes().forEach((key, value) -> {
            if (!key.getKey().startsWith("messaging.")) {
                out.append("  ").append(key.getKey()).append('=').append(value);
            }
        });
        out.append('\n');
        spans.stream().filter(s -> s.getParentSpanId().equals(span.getSpanId()))
                .sorted(Comparator.comparingLong(SpanData::getStartEpochNanos))
                .forEach(child -> print(spans, child, indent + "  ", out));
    }

    @Test
    void aChainInThisJvmIsAChildOfTheCallersSpan() {
        Span caller = OTEL.getTracer("test").spanBuilder("caller").startSpan();
        try (Scope scope = caller.makeCurrent()) {
            template.requestBody("direct:local", "Marie Curie went to Paris.");
        } finally {
            caller.end();
        }
        List<SpanData> spans = SPANS.getFinishedSpanItems();
        SpanData callerData = one(spans, s -> s.getName().equals("caller"));
        SpanData chain = childOf(spans, callerData, "enhancer chain default");
        assertThat(spans).filteredOn(s -> s.getParentSpanId().equals(chain.getSpanId())).extracting(SpanData::getName)
                .contains("enhancer engine langid", "enhancer engine sentences", "enhancer engine tokens",
                        "enhancer engine ner");
    }

    private static SpanData one(List<SpanData> spans, Predicate<SpanData> which) {
        List<SpanData> found = spans.stream().filter(which).toList();
        assertThat(found).as("spans %s", spans.stream().map(SpanData::getName).toList()).hasSize(1);
        return found.get(0);
    }

    private static SpanData childOf(List<SpanData> spans, SpanData parent, String name) {
        return one(spans, s -> s.getName().equals(name) && s.getParentSpanId().equals(parent.getSpanId()));
    }
}
