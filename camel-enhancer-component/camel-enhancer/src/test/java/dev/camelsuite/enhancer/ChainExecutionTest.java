package dev.camelsuite.enhancer;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.CanEnhance;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import dev.camelsuite.enhancer.metadata.ExecutionStatus;
import org.apache.camel.CamelContext;
import org.apache.camel.CamelExecutionException;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangeTimedOutException;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** How the job manager runs chains: parallelism, inline runs, optional engines, timeouts, retries. */
class ChainExecutionTest extends CamelTestSupport {

    private final EnhancerComponent enhancer = new EnhancerComponent();

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        context.addComponent("enhancer", enhancer);
        return context;
    }

    private ContentItem run(Chain chain, RecordingEngine... engines) {
        return run(chain, "a text", engines);
    }

    private ContentItem run(Chain chain, Object body, RecordingEngine... engines) {
        enhancer.addChain(chain);
        for (RecordingEngine e : engines) {
            enhancer.addEngine(e);
        }
        return template.requestBody("enhancer:" + chain.getName() + "?throwOnFailure=false", body, ContentItem.class);
    }

    @Test
    void independentEnginesRunInParallel() {
        CountDownLatch aStarted = new CountDownLatch(1);
        CountDownLatch bStarted = new CountDownLatch(1);
        // each engine waits for the other to have started: only possible when they run at the same time
        RecordingEngine a = new RecordingEngine("a").answering(CanEnhance.ASYNCHRONOUS).doing(item -> {
            aStarted.countDown();
            if (!bStarted.await(10, TimeUnit.SECONDS)) {
                throw new EngineException("b never ran beside a");
            }
        });
        RecordingEngine b = new RecordingEngine("b").answering(CanEnhance.ASYNCHRONOUS).doing(item -> {
            bStarted.countDown();
            if (!aStarted.await(10, TimeUnit.SECONDS)) {
                throw new EngineException("a never ran beside b");
            }
        });
        RecordingEngine join = new RecordingEngine("join");
        ContentItem item = run(Chain.graph("parallel", "a", "b", "join;dependsOn=a,b"), a, b, join);

        assertThat(item.getExecutionMetadata().getChainExecution().getStatus()).isEqualTo(ExecutionStatus.COMPLETED);
        assertThat(a.startedNanos).isLessThan(b.endedNanos);
        assertThat(b.startedNanos).isLessThan(a.endedNanos);
        assertThat(join.startedNanos).isGreaterThanOrEqualTo(Math.max(a.endedNanos, b.endedNanos));
        assertThat(a.thread).isNotEqualTo(b.thread);
    }

    @Test
    void aLinearChainRunsInlineOnTheCallersThread() throws Exception {
        RecordingEngine one = new RecordingEngine("one");
        RecordingEngine two = new RecordingEngine("two");
        RecordingEngine three = new RecordingEngine("three");
        enhancer.addChain(Chain.list("linear", "one", "two", "three"));
        enhancer.addEngine(one).addEngine(two).addEngine(three);
        String caller = java.util.concurrent.Executors.newSingleThreadExecutor(r -> new Thread(r, "the-caller"))
                .submit(() -> {
                    template.requestBody("enhancer:linear", "text");
                    return Thread.currentThread().getName();
                }).get(10, TimeUnit.SECONDS);
        assertThat(List.of(one.thread, two.thread, three.thread)).containsOnly(caller);
        assertThat(one.endedNanos).isLessThanOrEqualTo(two.startedNanos);
        assertThat(two.endedNanos).isLessThanOrEqualTo(three.startedNanos);
    }

    @Test
    void aFailedOptionalEngineIsRecordedAndItsDependantsStillRun() {
        RecordingEngine first = new RecordingEngine("first").failing("not today");
        RecordingEngine second = new RecordingEngine("second");
        ContentItem item = run(Chain.graph("optionalFailure", "first;optional", "second;dependsOn=first"), first, second);
        ExecutionMetadata md = item.getExecutionMetadata();
        assertThat(md.getEngineExecution("first").getStatus()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(md.getEngineExecution("first").getStatusMessage()).isEqualTo("not today");
        assertThat(md.getEngineExecution("second").getStatus()).isEqualTo(ExecutionStatus.COMPLETED);
        assertThat(md.getChainExecution().getStatus()).isEqualTo(ExecutionStatus.COMPLETED);
        assertThat(md.getFailedEngines()).containsExactly("first");
    }

    @Test
    void cannotEnhanceSkipsOptionalEnginesAndCompletesRequiredOnes() {
        RecordingEngine optional = new RecordingEngine("optionalOne").answering(CanEnhance.CANNOT);
        RecordingEngine required = new RecordingEngine("requiredOne").answering(CanEnhance.CANNOT);
        enhancer.addChain(Chain.list("cannot2", "optionalOne;optional", "requiredOne"));
        enhancer.addEngine(optional).addEngine(required);
        Exchange ok = template.request("enhancer:cannot2", ex -> ex.getIn().setBody("text"));
        ContentItem item = ok.getMessage().getBody(ContentItem.class);
        ExecutionMetadata md = item.getExecutionMetadata();
        assertThat(md.getEngineExecution("optionalOne").getStatus()).isEqualTo(ExecutionStatus.SKIPPED);
        assertThat(md.getEngineExecution("optionalOne").getStarted()).isNotNull();
        assertThat(md.getEngineExecution("optionalOne").getCompleted()).isNotNull();
        assertThat(md.getEngineExecution("requiredOne").getStatus()).isEqualTo(ExecutionStatus.COMPLETED);
        assertThat(md.getEngineExecution("requiredOne").getStatusMessage()).isEqualTo("cannot enhance");
        assertThat(optional.calls).hasValue(0);
        assertThat(ok.getMessage().getHeader(EnhancerConstants.SKIPPED_ENGINES)).isEqualTo(List.of("optionalOne"));
    }

    @Test
    void anEngineTimeoutFailsTheEngineAndTheChainGoesOnWhenItIsOptional() {
        RecordingEngine slow = new RecordingEngine("slow").doing(item -> Thread.sleep(30_000));
        RecordingEngine after = new RecordingEngine("after");
        ContentItem item = run(Chain.graph("engineTimeout", "slow;optional;timeout=200", "after;dependsOn=slow"),
                slow, after);
        ExecutionMetadata md = item.getExecutionMetadata();
        assertThat(md.getEngineExecution("slow").getStatus()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(md.getEngineExecution("slow").getStatusMessage()).isEqualTo(
                "Engine 'slow' did not complete within 200 ms");
        assertThat(md.getEngineExecution("after").getStatus()).isEqualTo(ExecutionStatus.COMPLETED);
        assertThat(md.getChainExecution().getStatus()).isEqualTo(ExecutionStatus.COMPLETED);
    }

    @Test
    void theChainTimeoutFailsTheExchangeWithExchangeTimedOutException() {
        RecordingEngine slow = new RecordingEngine("sleepy").doing(item -> Thread.sleep(30_000));
        enhancer.addChain(Chain.list("chainTimeout", "sleepy"));
        enhancer.addEngine(slow);
        assertThatThrownBy(() -> template.requestBody("enhancer:chainTimeout?timeout=200", "text"))
                .isInstanceOf(CamelExecutionException.class)
                .cause().isInstanceOf(ExchangeTimedOutException.class)
                .hasMessageContaining("did not complete within 200 ms");
        // the header overrides the option
        assertThatThrownBy(() -> template.requestBodyAndHeader("enhancer:chainTimeout?timeout=60000", "text",
                EnhancerConstants.TIMEOUT, 100L))
                .cause().isInstanceOf(ExchangeTimedOutException.class)
                .hasMessageContaining("did not complete within 100 ms");
    }

    @Test
    void maxRetriesRunsAFailingEngineAgain() {
        RecordingEngine flaky = new RecordingEngine("flaky");
        flaky.doing(item -> {
            if (flaky.calls.get() < 3) {
                throw new EngineException("attempt " + flaky.calls.get() + " failed");
            }
        });
        ContentItem item = run(Chain.list("retries", "flaky;maxRetries=2"), flaky);
        assertThat(flaky.calls).hasValue(3);
        assertThat(item.getExecutionMetadata().getEngineExecution("flaky").getStatus())
                .isEqualTo(ExecutionStatus.COMPLETED);
    }

    @Test
    void aRequiredFailureStartsNothingNewButLetsRunningEnginesFinish() {
        CountDownLatch failed = new CountDownLatch(1);
        RecordingEngine breaks = new RecordingEngine("breaks").answering(CanEnhance.ASYNCHRONOUS).doing(item -> {
            failed.countDown();
            throw new EngineException("broken");
        });
        RecordingEngine running = new RecordingEngine("running").answering(CanEnhance.ASYNCHRONOUS).doing(item -> {
            // still running when the other fails
            failed.await(10, TimeUnit.SECONDS);
            Thread.sleep(50);
        });
        RecordingEngine never = new RecordingEngine("never");
        ContentItem item = run(Chain.graph("partial", "breaks", "running", "never;dependsOn=running"),
                breaks, running, never);
        ExecutionMetadata md = item.getExecutionMetadata();
        assertThat(md.getEngineExecution("running").getStatus()).isEqualTo(ExecutionStatus.COMPLETED);
        assertThat(md.getEngineExecution("never").getStatus()).isEqualTo(ExecutionStatus.SCHEDULED);
        assertThat(never.calls).hasValue(0);
        assertThat(md.getChainExecution().getStatus()).isEqualTo(ExecutionStatus.FAILED);
    }

    @Test
    void weightedChainsRunHigherOrdersFirstAndEqualOrdersTogether() {
        CountDownLatch bothStarted = new CountDownLatch(2);
        RecordingEngine lang = new RecordingEngine("lang", 190);
        RecordingEngine ner1 = new RecordingEngine("ner1", 130).answering(CanEnhance.ASYNCHRONOUS).doing(item -> {
            bothStarted.countDown();
            bothStarted.await(10, TimeUnit.SECONDS);
        });
        RecordingEngine ner2 = new RecordingEngine("ner2", 130).answering(CanEnhance.ASYNCHRONOUS).doing(item -> {
            bothStarted.countDown();
            bothStarted.await(10, TimeUnit.SECONDS);
        });
        RecordingEngine post = new RecordingEngine("post", -100);
        ContentItem item = run(Chain.weighted("weighted", "post", "ner1", "lang", "ner2"), post, ner1, lang, ner2);
        assertThat(bothStarted.getCount()).isZero();
        assertThat(lang.endedNanos).isLessThanOrEqualTo(Math.min(ner1.startedNanos, ner2.startedNanos));
        assertThat(post.startedNanos).isGreaterThanOrEqualTo(Math.max(ner1.endedNanos, ner2.endedNanos));
        assertThat(item.getExecutionMetadata().getPlan().toElements())
                .containsExactly("lang", "ner1;dependsOn=lang", "ner2;dependsOn=lang", "post;dependsOn=ner1,ner2");
    }

    @Test
    void aCamelEndpointCanBeAnEngine() throws Exception {
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:shout").process(ex -> {
                    ContentItem item = ex.getIn().getBody(ContentItem.class);
                    String text = item.getText();
                    item.addAnnotation("shout", 0, text.length(), 0.5, ex.getIn().getHeader(EnhancerConstants.ENGINE,
                            String.class), java.util.Map.of("upper", text.toUpperCase()));
                });
                from("direct:broken").throwException(new IllegalStateException("route broke"));
            }
        });
        ContentItem item = run(Chain.list("endpointEngines", "direct:shout"), "hello");
        assertThat(item.getAnnotationsOfType("shout")).singleElement().satisfies(a -> {
            assertThat(a.getEngine()).isEqualTo("direct:shout");
            assertThat(a.getFeature("upper")).isEqualTo("HELLO");
        });
        ContentItem failed = run(Chain.list("brokenEndpoint", "direct:broken"), "hello");
        assertThat(failed.getExecutionMetadata().getEngineExecution("direct:broken").getStatusMessage())
                .isEqualTo("IllegalStateException: route broke");
    }

    @Test
    void aNonThreadSafeEngineIsNeverEnteredTwiceAtOnce() throws Exception {
        java.util.concurrent.atomic.AtomicInteger inside = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger maxInside = new java.util.concurrent.atomic.AtomicInteger();
        RecordingEngine single = new RecordingEngine("single") {
            @Override
            public boolean isThreadSafe() {
                return false;
            }
        }.answering(CanEnhance.ASYNCHRONOUS).doing(item -> {
            maxInside.accumulateAndGet(inside.incrementAndGet(), Math::max);
            Thread.sleep(5);
            inside.decrementAndGet();
        });
        enhancer.addChain(Chain.list("single", "single"));
        enhancer.addEngine(single);
        var pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            var futures = new java.util.ArrayList<java.util.concurrent.Future<?>>();
            for (int i = 0; i < 40; i++) {
                futures.add(pool.submit(() -> template.requestBody("enhancer:single", "text")));
            }
            for (var f : futures) {
                f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(single.calls).hasValue(40);
        assertThat(maxInside).hasValue(1);
    }

    @Test
    void bytesAreDecodedWithTheirMediaTypeAndTheCallersLanguageWins() {
        RecordingEngine lang = new RecordingEngine("detect").doing(item -> item.addLanguage("en", 0.9, "detect"));
        enhancer.addChain(Chain.list("bytes", "detect"));
        enhancer.addEngine(lang);
        Exchange result = template.request("enhancer:bytes", ex -> {
            ex.getIn().setBody("Grüße aus Köln".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            ex.getIn().setHeader(Exchange.CONTENT_TYPE, "text/plain; charset=ISO-8859-1");
            ex.getIn().setHeader("Content-Language", "de");
        });
        ContentItem item = result.getMessage().getBody(ContentItem.class);
        assertThat(item.getText()).isEqualTo("Grüße aus Köln");
        assertThat(item.getLanguage()).isEqualTo("de");
        assertThat(result.getMessage().getHeader(EnhancerConstants.LANGUAGE)).isEqualTo("de");
    }

    @Test
    void aCallersReferenceIdIsKept() {
        enhancer.addChain(Chain.list("refs", "r"));
        enhancer.addEngine(new RecordingEngine("r"));
        Exchange result = template.request("enhancer:refs", ex -> {
            ex.getIn().setBody("text");
            ex.getIn().setHeader(EnhancerConstants.REFERENCE_ID, "my-id-1");
        });
        assertThat(result.getMessage().getHeader(EnhancerConstants.REFERENCE_ID)).isEqualTo("my-id-1");
        assertThat(result.getMessage().getBody(ContentItem.class).getReferenceId()).isEqualTo("my-id-1");
        Exchange generated = template.request("enhancer:refs", ex -> ex.getIn().setBody("text"));
        assertThat(generated.getMessage().getHeader(EnhancerConstants.REFERENCE_ID, String.class)).isNotBlank()
                .isNotEqualTo("my-id-1");
    }
}
