package dev.camelsuite.enhancer.remote;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.enhancer.metadata.EngineExecution;
import dev.camelsuite.enhancer.metadata.ExecutionStatus;
import dev.camelsuite.enhancer.remote.worker.EnhancerWorkerConsumer;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangeTimedOutException;
import org.apache.camel.ServiceStatus;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** UIMA AS's error thresholds on workers: an engine disabled, a worker terminated, a failure continued past. */
class WorkerErrorThresholdTest extends CamelTestSupport {

    @RegisterExtension
    static final EmbeddedBroker BROKER = new EmbeddedBroker();

    private final AtomicInteger flakyCalls = new AtomicInteger();

    private final EnhancementEngine langid = EnhancementEngine.of("langid", item -> item.addLanguage("en", 0.9, "langid"));
    /** Fails on documents starting with "bad". */
    private final EnhancementEngine flaky = EnhancementEngine.of("flaky", item -> {
        flakyCalls.incrementAndGet();
        if (item.getText().startsWith("bad")) {
            throw new EngineException("flaky cannot read '" + item.getText() + "'");
        }
    });
    private final EnhancementEngine strict = EnhancementEngine.of("strict", item -> {
        if (item.getText().startsWith("bad")) {
            throw new EngineException("strict refuses '" + item.getText() + "'");
        }
    });

    private static String remote(String chain, String queue, String options) {
        return "enhancer:" + chain + "?queue=" + queue + "&brokerURL=" + BROKER.url()
               + (options.isEmpty() ? "" : "&" + options);
    }

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        EnhancerComponent enhancer = new EnhancerComponent();
        enhancer.addChain(Chain.list("disabling", "langid",
                "flaky;optional;thresholdCount=2;thresholdWindow=3;thresholdAction=disable"));
        // disable asked for an engine the chain cannot run without: the worker terminates instead
        enhancer.addChain(Chain.list("terminating", "langid", "strict;thresholdCount=2;thresholdAction=disable"));
        enhancer.addChain(Chain.list("continuing", "langid", "strict;continueOnRetryFailure;maxRetries=1"));
        enhancer.addEngine(langid).addEngine(flaky).addEngine(strict);
        context.addComponent("enhancer", enhancer);
        return context;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from(remote("disabling", "disabling.q", "")).routeId("worker-disabling").log("${body.text}");
                from(remote("terminating", "terminating.q", "")).routeId("worker-terminating").log("${body.text}");
            }
        };
    }

    private ContentItem send(String chain, String text) {
        Exchange out = template.request(remote(chain, chain + ".q", "timeout=10000&throwOnFailure=false"),
                e -> e.getIn().setBody(text));
        assertThat(out.getException()).isNull();
        return out.getMessage().getBody(ContentItem.class);
    }

    private static EngineExecution engine(ContentItem item, String name) {
        return item.getExecutionMetadata().getEngineExecution(name);
    }

    @Test
    void anOptionalEngineIsDisabledWhenItsErrorsReachTheThresholdWithinTheWindow() {
        // window 3: errors further apart than that never add up
        for (String text : new String[] { "bad 1", "good", "good", "good", "bad 2" }) {
            assertThat(engine(send("disabling", text), "flaky").getStatus()).isNotEqualTo(ExecutionStatus.SKIPPED);
        }
        // the second error within the last 3 documents: flaky leaves the flow
        ContentItem third = send("disabling", "bad 3");
        assertThat(engine(third, "flaky").getStatus()).isEqualTo(ExecutionStatus.FAILED);
        int calls = flakyCalls.get();
        ContentItem after = send("disabling", "good again");
        assertThat(engine(after, "flaky").getStatus()).isEqualTo(ExecutionStatus.SKIPPED);
        assertThat(engine(after, "flaky").getStatusMessage()).isEqualTo(
                "disabled: 2 error(s) within the last 3 documents (thresholdCount=2, thresholdWindow=3)");
        assertThat(after.getExecutionMetadata().getChainExecution().getStatus()).isEqualTo(ExecutionStatus.COMPLETED);
        assertThat(flakyCalls.get()).isEqualTo(calls);
        assertThat(context.getRouteController().getRouteStatus("worker-disabling")).isEqualTo(ServiceStatus.Started);
    }

    @Test
    void aWorkerTerminatesWhenAnEngineItCannotRunWithoutReachesTheThreshold() throws Exception {
        assertThat(send("terminating", "bad 1").getExecutionMetadata().getChainExecution().getStatus())
                .isEqualTo(ExecutionStatus.FAILED);
        assertThat(send("terminating", "good").getExecutionMetadata().getChainExecution().getStatus())
                .isEqualTo(ExecutionStatus.COMPLETED);
        // window 0: every error since the start counts; the second one terminates the worker, after its reply
        assertThat(send("terminating", "bad 2").getExecutionMetadata().getChainExecution().getStatus())
                .isEqualTo(ExecutionStatus.FAILED);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (context.getRouteController().getRouteStatus("worker-terminating") != ServiceStatus.Stopped
               && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(context.getRouteController().getRouteStatus("worker-terminating")).isEqualTo(ServiceStatus.Stopped);
        EnhancerWorkerConsumer worker = (EnhancerWorkerConsumer) context.getRoute("worker-terminating").getConsumer();
        assertThat(worker.getTerminatedBecause()).isEqualTo("engine 'strict' reached its error threshold: 2 error(s)"
                                                            + " since the start (thresholdCount=2, thresholdWindow=0)");
        // detached from its queue and its control topic: nobody answers a new producer, nobody takes a document
        assertThatThrownBy(() -> template.requestBody(remote("terminating", "terminating.q", "getMetaTimeout=500"),
                "good")).rootCause().hasMessageStartingWith("No worker answered the metadata request on queue"
                                                            + " terminating.q");
        Exchange out = template.request(remote("terminating", "terminating.q", "timeout=1500&getMetaTimeout=0"),
                e -> e.getIn().setBody("good"));
        assertThat(out.getException()).isInstanceOf(ExchangeTimedOutException.class);
    }

    @Test
    void continueOnRetryFailureLetsTheChainGoOnAndRecordsTheFailure() {
        ContentItem item = template.requestBody("enhancer:continuing?throwOnFailure=false", "bad input",
                ContentItem.class);
        assertThat(engine(item, "strict").getStatus()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(engine(item, "strict").getStatusMessage()).contains("strict refuses 'bad input'");
        assertThat(item.getExecutionMetadata().getChainExecution().getStatus()).isEqualTo(ExecutionStatus.COMPLETED);
        Exchange out = template.request("enhancer:continuing", e -> e.getIn().setBody("bad input"));
        assertThat(out.getException()).isNull();
        assertThat(out.getMessage().getHeader(EnhancerConstants.FAILED_ENGINES)).isEqualTo(java.util.List.of("strict"));
    }
}
