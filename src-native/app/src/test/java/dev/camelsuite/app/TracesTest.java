package dev.camelsuite.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Traces as docs/operations.adoc turns them on ({@code CAMELSUITE_TRACING=true}, {@code QUARKUS_OTEL_SDK_DISABLED=false}),
 * collected in memory: an HTTP request's chain and engines under the request's span; a robot's document through the
 * broker to a worker, its chain and engines, and the step's end, one trace.
 */
@QuarkusTest
@TestProfile(TracesTest.Traced.class)
class TracesTest {

    /** Tracing on, the spans handed to the exporter at once. */
    public static class Traced implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("camelsuite.tracing", "true", "quarkus.otel.sdk.disabled", "false",
                    "quarkus.otel.bsp.schedule.delay", "0.05s");
        }
    }

    @Inject
    InMemorySpanExporter exporter;

    @BeforeEach
    void forgetEarlierSpans() {
        exporter.reset();
    }

    @Test
    void anEnhancerRequestsChainAndEnginesAreUnderTheRequestsSpan() throws Exception {
        given().contentType("text/plain").accept("application/json")
                .body("Angela Merkel travelled from Berlin to Paris. She met the mayor there.")
                .when().post("/enhancer").then().statusCode(200);
        SpanData chain = awaitSpan(s -> s.getName().equals("enhancer chain default"));
        // the request's span ends after its response is written, so it can reach the exporter after the test's
        // client has the response
        SpanData http = awaitSpan(s -> s.getSpanId().equals(chain.getParentSpanId()));
        List<SpanData> spans = exporter.getFinishedSpanItems();
        assertThat(http.getKind()).isEqualTo(SpanKind.SERVER);
        assertThat(http.getName()).isEqualTo("POST /enhancer");
        assertThat(spans).filteredOn(s -> s.getParentSpanId().equals(chain.getSpanId())).extracting(SpanData::getName)
                .contains("enhancer engine langid", "enhancer engine sentences", "enhancer engine tokens",
                        "enhancer engine ner");
    }

    @Test
    void aJobsRunIsInTheTraceOfItsSubmission() throws Exception {
        String job = given().contentType("text/plain").header("Prefer", "respond-async")
                .body("Angela Merkel travelled from Berlin to Paris.").when().post("/enhancer").then().statusCode(202)
                .extract().header("Location");
        String id = job.substring(job.lastIndexOf('/') + 1);
        SpanData run = awaitSpan(s -> s.getName().equals("enhancer job default")
                                     && id.equals(s.getAttributes().get(AttributeKey.stringKey("enhancer.job.id"))));
        SpanData submission = awaitSpan(s -> s.getSpanId().equals(run.getParentSpanId()));
        assertThat(submission.getName()).isEqualTo("POST /enhancer");
        assertThat(submission.getTraceId()).isEqualTo(run.getTraceId());
        // the run begins after the submission was answered, and its chain is under it
        SpanData chain = childOf(run, "enhancer chain default");
        assertThat(exporter.getFinishedSpanItems()).filteredOn(s -> s.getParentSpanId().equals(chain.getSpanId()))
                .extracting(SpanData::getName).contains("enhancer engine langid");
        EnhancementJobsApiTest.awaitState(job, "done");
    }

    @Test
    void aRobotsDocumentThroughBrokerAndWorkerToItsEndIsOneTrace() throws Exception {
        TestData.createWithContext("documentWF", "doc:traced-1",
                "{\"text\": \"Angela Merkel travelled from Berlin to Paris. She met the mayor there.\"}");
        TestData.awaitStatus("doc:traced-1", "documentWF", "enhance", "completed");
        SpanData robot = awaitSpan(s -> s.getName().equals("workflow robot documentWF/enhance")
                                       && "doc:traced-1".equals(s.getAttributes()
                                               .get(AttributeKey.stringKey("workflow.object_id"))));
        // each span reaches the exporter when it ends, and the worker's receive ends after the robot has its reply
        SpanData send = childOf(robot, "enhancer send enhancer.default");
        SpanData receive = childOf(send, "enhancer receive enhancer.default");
        SpanData chain = childOf(receive, "enhancer chain default");
        childOf(robot, "workflow end completed");
        List<SpanData> spans = exporter.getFinishedSpanItems();
        assertThat(spans).filteredOn(s -> s.getParentSpanId().equals(chain.getSpanId())).extracting(SpanData::getName)
                .contains("enhancer engine langid", "enhancer engine ner");
        for (SpanData span : List.of(send, receive, chain)) {
            assertThat(spans).as("one %s", span.getName()).filteredOn(s -> s.getName().equals(span.getName())
                    && s.getParentSpanId().equals(span.getParentSpanId())).hasSize(1);
        }

        // the trace as docs/operations.adoc shows it
        StringBuilder tree = new StringBuilder();
        print(spans, robot, "", tree);
        Files.writeString(Path.of("target", "document-trace.txt"), tree);
    }

    private SpanData awaitSpan(Predicate<SpanData> which) throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < deadline) {
            for (SpanData s : exporter.getFinishedSpanItems()) {
                if (which.test(s)) {
                    return s;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no such span among " + exporter.getFinishedSpanItems().stream()
                .map(SpanData::getName).toList());
    }

    private SpanData childOf(SpanData parent, String name) throws InterruptedException {
        return awaitSpan(s -> s.getName().equals(name) && s.getParentSpanId().equals(parent.getSpanId()));
    }

    /** One line per span: its name, duration and the attributes an operator reads, its children indented. */
    private static void print(List<SpanData> spans, SpanData span, String indent, StringBuilder out) {
        out.append(String.format(Locale.ROOT, "%s%s  %.2f ms", indent, span.getName(),
                (span.getEndEpochNanos() - span.getStartEpochNanos()) / 1e6));
        span.getAttributes().forEach((key, value) -> {
            if (key.getKey().startsWith("workflow.") || key.getKey().startsWith("enhancer.")) {
                out.append("  ").append(key.getKey()).append('=').append(value);
            }
        });
        out.append('\n');
        spans.stream().filter(s -> s.getParentSpanId().equals(span.getSpanId()))
                .sorted(Comparator.comparingLong(SpanData::getStartEpochNanos))
                .forEach(child -> print(spans, child, indent + "  ", out));
    }
}
