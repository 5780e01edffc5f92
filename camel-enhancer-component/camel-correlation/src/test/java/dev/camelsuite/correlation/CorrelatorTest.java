package dev.camelsuite.correlation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangeTimedOutException;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.DefaultExchange;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CorrelatorTest {

    /** A request of the test: its exchange and how often its callback was called. */
    static final class Request extends CorrelatedRequest<String> {
        final AtomicInteger done;

        Request(Exchange exchange, AtomicInteger done, String key, long timeout) {
            super(exchange, doneSync -> done.incrementAndGet(), key, timeout);
            this.done = done;
        }

        /** A request whose route goes on with {@code then}. */
        Request(Exchange exchange, Runnable then, String key) {
            super(exchange, doneSync -> then.run(), key, 0);
            this.done = new AtomicInteger();
        }
    }

    /** Records what is sent; refuses the first {@code refusals} sends. */
    static class Channel implements RequestChannel<Request> {
        final List<String> sent = new CopyOnWriteArrayList<>();
        final AtomicInteger refusals = new AtomicInteger();
        final AtomicInteger timeouts = new AtomicInteger();

        @Override
        public void send(Request request) throws Exception {
            if (refusals.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                throw new IllegalStateException("the broker refused " + request.getKey());
            }
            sent.add(request.getKey());
        }

        @Override
        public Exception timedOut(Request request) {
            return new ExchangeTimedOutException(request.getExchange(), request.getTimeout(), "no reply to "
                                                                                              + request.getKey());
        }

        @Override
        public void noReplyInTime(Request request) {
            timeouts.incrementAndGet();
        }
    }

    private CamelContext camel;
    private final Channel channel = new Channel();
    private Correlator<Request, String> correlator;

    @BeforeEach
    void start() throws Exception {
        camel = new DefaultCamelContext();
        camel.start();
    }

    @AfterEach
    void stop() throws Exception {
        if (correlator != null) {
            correlator.stop();
        }
        camel.stop();
    }

    private Correlator<Request, String> correlator(int places, int maxRetries) {
        return correlator(places, maxRetries, 1000);
    }

    private Correlator<Request, String> correlator(int places, int maxRetries, int maxWaiting) {
        correlator = new Correlator<>(camel, this, "test requests", channel, maxRetries, maxWaiting);
        correlator.start();
        for (int i = 0; i < places; i++) {
            correlator.addPlace("place-" + i);
        }
        return correlator;
    }

    /** Waits for {@code condition}, failing after {@code seconds}. */
    private static void awaitTrue(int seconds, java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waited %d s", seconds).isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    private Request request(String key, long timeout) {
        return new Request(new DefaultExchange(camel), new AtomicInteger(), key, timeout);
    }

    @Test
    void atMostOneRequestPerPlaceIsInFlightAndTheOthersWaitForAFreedPlace() throws Exception {
        Correlator<Request, String> c = correlator(2, 0);
        List<Request> requests = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Request r = request("r" + i, 0);
            requests.add(r);
            assertThat(c.submit(r)).isTrue();
        }
        assertThat(channel.sent).containsExactly("r0", "r1");
        assertThat(c.getInFlightCount()).isEqualTo(2);
        assertThat(c.getWaitingCount()).isEqualTo(3);
        assertThat(c.getActiveCount()).isEqualTo(5);

        Request first = c.take("r0");
        c.complete(first, null, exchange -> exchange.getMessage().setBody("answer of r0"));
        assertThat(first.getExchange().getMessage().getBody()).isEqualTo("answer of r0");
        awaitTrue(5, () -> first.done.get() == 1);
        assertThat(first.getPlace()).isNull();
        assertThat(channel.sent).containsExactly("r0", "r1", "r2");
        assertThat(requests.get(2).getPlace()).isEqualTo("place-0");
        assertThat(c.getWaitingCount()).isEqualTo(2);
        assertThat(c.getActiveCount()).isEqualTo(4);
    }

    @Test
    void aKeyAlreadyAcceptedIsRefused() throws Exception {
        Correlator<Request, String> c = correlator(1, 0);
        assertThat(c.submit(request("same", 0))).isTrue();
        assertThat(c.submit(request("same", 0))).isFalse();
        assertThat(c.sendAlone(request("same", 0))).isFalse();
        assertThat(channel.sent).containsExactly("same");
    }

    @Test
    void aRefusedSendIsSentAgainUpToMaxRetriesThenFailsTheExchange() throws Exception {
        Correlator<Request, String> c = correlator(1, 2);
        channel.refusals.set(2);
        Request retried = request("retried", 0);
        c.submit(retried);
        assertThat(channel.sent).containsExactly("retried");
        assertThat(retried.getAttempts()).isEqualTo(3);
        assertThat(retried.done).hasValue(0);

        c.complete(c.take("retried"), null, null);
        channel.refusals.set(3);
        Request refused = request("refused", 0);
        c.submit(refused);
        awaitTrue(5, () -> refused.done.get() == 1);
        assertThat(refused.getExchange().getException()).hasMessage("the broker refused refused");
        assertThat(refused.getAttempts()).isEqualTo(3);
        assertThat(c.getInFlightCount()).isZero();
        assertThat(c.getFreePlaces()).isEqualTo(1);
    }

    @Test
    void aRequestWithoutAReplyInTimeIsSentAgainThenFailsWithTheChannelsTimeout() throws Exception {
        Correlator<Request, String> c = correlator(1, 1);
        Request slow = request("slow", 100);
        c.submit(slow);
        awaitTrue(5, () -> slow.done.get() == 1);
        assertThat(channel.sent).containsExactly("slow", "slow");
        assertThat(channel.timeouts).hasValue(2);
        assertThat(slow.getExchange().getException()).isInstanceOf(ExchangeTimedOutException.class)
                .hasMessageContaining("no reply to slow");
        // the late reply finds nothing to complete
        assertThat(c.take("slow")).isNull();
        assertThat(c.getActiveCount()).isZero();
        assertThat(c.getFreePlaces()).isEqualTo(1);
    }

    @Test
    void aSecondCompletionDoesNothing() throws Exception {
        Correlator<Request, String> c = correlator(1, 0);
        Request r = request("twice", 0);
        c.submit(r);
        Request owned = c.take("twice");
        c.complete(owned, null, exchange -> exchange.getMessage().setBody("first"));
        c.complete(owned, new IllegalStateException("second"), exchange -> exchange.getMessage().setBody("second"));
        awaitTrue(5, () -> r.done.get() == 1);
        assertThat(r.getExchange().getMessage().getBody()).isEqualTo("first");
        assertThat(r.getExchange().getException()).isNull();
        assertThat(c.getFreePlaces()).isEqualTo(1);
    }

    @Test
    void repliesRacingTheirTimeoutsCompleteEveryExchangeExactlyOnce() throws Exception {
        int n = 2000;
        Correlator<Request, String> c = correlator(16, 0, n);
        Map<String, Request> requests = new ConcurrentHashMap<>();
        for (int i = 0; i < n; i++) {
            Request r = request("race-" + i, 1 + i % 5);
            requests.put(r.getKey(), r);
        }
        ExecutorService repliers = Executors.newFixedThreadPool(4);
        CountDownLatch submitted = new CountDownLatch(1);
        try {
            for (int t = 0; t < 4; t++) {
                repliers.submit(() -> {
                    submitted.await();
                    while (requests.values().stream().anyMatch(r -> r.done.get() == 0)) {
                        for (String key : channel.sent) {
                            Request owned = c.take(key);
                            if (owned != null) {
                                c.complete(owned, null, exchange -> exchange.getMessage().setBody("reply"));
                            }
                        }
                    }
                    return null;
                });
            }
            submitted.countDown();
            for (Request r : requests.values()) {
                c.submit(r);
            }
            awaitTrue(30, () -> requests.values().stream().allMatch(r -> r.done.get() > 0));
            Thread.sleep(100);
        } finally {
            repliers.shutdownNow();
            repliers.awaitTermination(5, TimeUnit.SECONDS);
        }
        assertThat(requests.values()).allSatisfy(r -> assertThat(r.done).hasValue(1));
        assertThat(c.getActiveCount()).isZero();
        assertThat(c.getInFlightCount()).isZero();
        assertThat(c.getFreePlaces()).isEqualTo(16);
    }

    @Test
    void aControlRequestNeedsNoPlaceAndIsNeverSentAgain() throws Exception {
        Correlator<Request, String> c = correlator(0, 3);
        Request control = request("control", 100);
        assertThat(c.sendAlone(control)).isTrue();
        assertThat(channel.sent).containsExactly("control");
        awaitTrue(5, () -> control.done.get() == 1);
        assertThat(channel.sent).containsExactly("control");
        assertThat(control.getExchange().getException()).isInstanceOf(ExchangeTimedOutException.class);

        channel.refusals.set(1);
        Request refused = request("refused control", 0);
        assertThat(c.sendAlone(refused)).isTrue();
        awaitTrue(5, () -> refused.done.get() == 1);
        assertThat(refused.getExchange().getException()).hasMessageContaining("the broker refused");
    }

    @Test
    void stoppingFailsWhatWaitsAndWhatIsInFlight() throws Exception {
        Correlator<Request, String> c = correlator(1, 0);
        Request inFlight = request("in flight", 0);
        Request waiting = request("waiting", 0);
        c.submit(inFlight);
        c.submit(waiting);
        c.failWaiting(() -> new RejectedExecutionException("stopped before it was sent"));
        c.failInFlight(() -> new RejectedExecutionException("stopped while it was out"));
        assertThat(waiting.getExchange().getException()).hasMessage("stopped before it was sent");
        assertThat(inFlight.getExchange().getException()).hasMessage("stopped while it was out");
        awaitTrue(5, () -> waiting.done.get() == 1 && inFlight.done.get() == 1);
        assertThat(channel.sent).containsExactly("in flight");
        assertThat(c.getActiveCount()).isZero();

        Request left = request("left", 0);
        c.submit(left);
        c.stop();
        awaitTrue(5, () -> left.done.get() == 1);
        assertThat(left.getExchange().getException()).isInstanceOf(RejectedExecutionException.class);
    }

    @Test
    void aFullWaitingLineRefusesTheNextRequestAtOnce() throws Exception {
        Correlator<Request, String> c = correlator(1, 0, 2);
        c.submit(request("sent", 0));
        c.submit(request("waits 1", 0));
        c.submit(request("waits 2", 0));
        Request refused = request("one too many", 0);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> c.submit(refused))
                .isInstanceOf(RejectedExecutionException.class)
                .hasMessage("test requests: every place is taken and 2 requests wait for one already (option"
                            + " maxWaiting)");
        assertThat(refused.done).hasValue(0);
        assertThat(c.getActiveCount()).isEqualTo(3);
        // its key is free again: the caller may try once more later
        c.complete(c.take("sent"), null, null);
        assertThat(channel.sent).containsExactly("sent", "waits 1");
        assertThat(c.submit(request("one too many", 0))).isTrue();
    }

    @Test
    void aRequestWaitingForAPlaceLongerThanItsTimeoutFailsWithoutBeingSent() throws Exception {
        Correlator<Request, String> c = correlator(1, 3);
        Request first = request("holds the place", 0);
        Request late = request("waits", 150);
        c.submit(first);
        c.submit(late);
        awaitTrue(5, () -> late.done.get() == 1);
        assertThat(late.getExchange().getException()).isInstanceOf(ExchangeTimedOutException.class)
                .hasMessageContaining("no reply to waits");
        assertThat(late.getAttempts()).isZero();
        assertThat(c.getWaitingCount()).isZero();
        // the place it never had goes to the next one
        c.complete(c.take("holds the place"), null, null);
        Request next = request("next", 0);
        c.submit(next);
        assertThat(channel.sent).containsExactly("holds the place", "next");
        assertThat(c.getFreePlaces()).isZero();
    }

    @Test
    void theFirstAttemptGetsWhatIsLeftOfTheTimeoutAfterTheWait() throws Exception {
        Correlator<Request, String> c = correlator(1, 0);
        Request first = request("first", 0);
        Request second = request("second", 400);
        c.submit(first);
        c.submit(second);
        Thread.sleep(300);
        long freed = System.nanoTime();
        c.complete(c.take("first"), null, null);
        assertThat(channel.sent).containsExactly("first", "second");
        awaitTrue(5, () -> second.done.get() == 1);
        // sent after about 300 ms of its 400, it had about 100 ms left, not another 400
        assertThat((System.nanoTime() - freed) / 1_000_000).isLessThan(350);
        assertThat(second.getExchange().getException()).isInstanceOf(ExchangeTimedOutException.class);
    }
    @Test
    void theRouteAfterACompletionGoesOnElsewhereSoASlowStepHoldsUpNoOtherReply() throws Exception {
        Correlator<Request, String> c = correlator(2, 0);
        CountDownLatch slowStepMayEnd = new CountDownLatch(1);
        List<String> continuedOn = new CopyOnWriteArrayList<>();
        Request quick = request("quick", 0);
        Request blocking = new Request(new DefaultExchange(camel), () -> {
            continuedOn.add(Thread.currentThread().getName());
            try {
                slowStepMayEnd.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "blocking");
        // the reply listener completes a request whose route then takes its time, and then another request
        c.submit(blocking);
        c.submit(quick);
        String listener = Thread.currentThread().getName();
        c.complete(c.take("blocking"), null, null);
        c.complete(c.take("quick"), null, null);
        // the second completes while the first one's route is still at work, and neither ran on the listener
        awaitTrue(5, () -> quick.done.get() == 1);
        assertThat(continuedOn).hasSize(1).doesNotContain(listener);
        slowStepMayEnd.countDown();
    }
    @Test
    void aResumedConnectionSendsTheWaitingRequestsOnTheTimerThreadNotOnTheTransportsThread() throws Exception {
        List<String> sentOn = new CopyOnWriteArrayList<>();
        Channel recording = new Channel() {
            @Override
            public void send(Request request) throws Exception {
                sentOn.add(Thread.currentThread().getName());
                super.send(request);
            }
        };
        correlator = new Correlator<>(camel, this, "test requests", recording, 0, 10);
        correlator.start();
        correlator.addPlace("place-0");
        correlator.pause();
        Request waiting = request("waiting", 0);
        correlator.submit(waiting);
        assertThat(recording.sent).isEmpty();
        // the failover transport calls this holding its own lock: it must not send from here
        String transport = Thread.currentThread().getName();
        correlator.resume();
        awaitTrue(5, () -> recording.sent.contains("waiting"));
        assertThat(sentOn).singleElement().isNotEqualTo(transport);
    }
}
