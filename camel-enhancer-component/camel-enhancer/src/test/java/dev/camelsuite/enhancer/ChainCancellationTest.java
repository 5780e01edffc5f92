package dev.camelsuite.enhancer;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.spi.Cancellation;
import dev.camelsuite.enhancer.metadata.ExecutionStatus;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangeTimedOutException;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A chain that runs out of time, or whose caller gives up, stops its work: no engine starts after that, and the engine
 * running is told through its {@link Cancellation}, so that one that ignores interrupts stops too.
 */
class ChainCancellationTest extends CamelTestSupport {

    private final EnhancerComponent enhancer = new EnhancerComponent();

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        context.addComponent("enhancer", enhancer);
        return context;
    }

    /** An engine that works until its run is cancelled, looking at its cancellation as long engines do. */
    private static RecordingEngine patient(String name, AtomicReference<String> stoppedBecause) {
        return new RecordingEngine(name).doing(item -> {
            Cancellation cancellation = Cancellation.current();
            long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            try {
                while (System.nanoTime() < giveUp) {
                    cancellation.check();
                    // parking ignores interrupts: only the cancellation stops this engine
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
                }
            } catch (CancellationException e) {
                stoppedBecause.set(e.getMessage());
                throw e;
            }
        });
    }

    @Test
    void theTimeoutStopsTheRunningEngineAndStartsNoOther() throws Exception {
        AtomicReference<String> stopped = new AtomicReference<>();
        RecordingEngine slow = patient("patient", stopped);
        RecordingEngine after = new RecordingEngine("after");
        enhancer.addEngine(slow);
        enhancer.addEngine(after);
        enhancer.addChain(Chain.list("outOfTime", "patient", "after"));

        Exchange done = template.request("enhancer:outOfTime?timeout=300", e -> e.getIn().setBody("a text"));

        assertThat(done.getException()).isInstanceOf(ExchangeTimedOutException.class);
        // the caller's thread ran the engine inline: the answer came when the engine had stopped, at the limit
        assertThat(TimeUnit.NANOSECONDS.toMillis(slow.endedNanos - slow.startedNanos)).isBetween(250L, 2000L);
        assertThat(stopped.get()).contains("did not complete within 300 ms");
        assertThat(after.calls).hasValue(0);
    }

    @Test
    void aCallerThatGivesUpStopsTheChain() throws Exception {
        AtomicReference<String> stopped = new AtomicReference<>();
        RecordingEngine slow = patient("patient2", stopped);
        enhancer.addEngine(slow);
        enhancer.addChain(Chain.list("givenUp", "patient2"));
        Cancellation caller = new Cancellation();

        CompletableFuture<Exchange> done = template.asyncSend("enhancer:givenUp", e -> {
            e.getIn().setBody("a text");
            e.setProperty(EnhancerConstants.CANCELLATION, caller);
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (slow.startedNanos == 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(caller.cancel("the client went away")).isTrue();
        Exchange exchange = done.get(5, TimeUnit.SECONDS);

        assertThat(exchange.getException()).isInstanceOf(CancellationException.class)
                .hasMessage("Enhancement Chain 'givenUp' was cancelled: the client went away");
        dev.camelsuite.enhancer.content.ContentItem item = exchange.getMessage()
                .getBody(dev.camelsuite.enhancer.content.ContentItem.class);
        assertThat(item.getExecutionMetadata().getChainExecution().getStatus()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(item.getExecutionMetadata().getEngineExecution("patient2").getStatusMessage())
                .isEqualTo("Engine 'patient2' was still running when the chain was cancelled");
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (stopped.get() == null && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(stopped.get()).contains("the client went away");
    }

    @Test
    void aCallerThatGaveUpBeforeTheStartRunsNothingAndIsToldOnce() throws Exception {
        RecordingEngine never = new RecordingEngine("never");
        enhancer.addEngine(never);
        enhancer.addChain(Chain.list("neverStarted", "never"));
        Cancellation caller = new Cancellation();
        caller.cancel("gone before it began");
        AtomicInteger told = new AtomicInteger();
        CountDownLatch end = new CountDownLatch(1);

        org.apache.camel.AsyncProducer producer = context.getEndpoint("enhancer:neverStarted").createAsyncProducer();
        producer.start();
        Exchange exchange = context.getEndpoint("enhancer:neverStarted").createExchange();
        exchange.getIn().setBody("a text");
        exchange.setProperty(EnhancerConstants.CANCELLATION, caller);
        producer.process(exchange, doneSync -> {
            told.incrementAndGet();
            end.countDown();
        });
        assertThat(end.await(5, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(100);
        assertThat(told).hasValue(1);
        assertThat(never.calls).hasValue(0);
        assertThat(exchange.getException()).isInstanceOf(CancellationException.class);
        producer.stop();
    }

    @Test
    void aCancellationIsCancelledOnceAndTellsItsListenersOnce() {
        Cancellation cancellation = new Cancellation();
        AtomicInteger told = new AtomicInteger();
        Runnable listener = told::incrementAndGet;
        cancellation.onCancel(listener);
        cancellation.check();
        assertThat(cancellation.cancel("first")).isTrue();
        assertThat(cancellation.cancel("second")).isFalse();
        assertThat(cancellation.reason()).isEqualTo("first");
        assertThat(told).hasValue(1);
        // a listener given after the cancellation runs at once
        cancellation.onCancel(told::incrementAndGet);
        assertThat(told).hasValue(2);
        org.assertj.core.api.Assertions.assertThatThrownBy(cancellation::check)
                .isInstanceOf(CancellationException.class).hasMessage("first");
        // outside of any run nothing is ever cancelled
        assertThat(Cancellation.current().isCancelled()).isFalse();
    }
}
