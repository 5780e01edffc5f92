package dev.camelsuite.enhancer.job;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.metadata.EngineExecution;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import org.apache.camel.CamelContext;
import org.apache.camel.ExchangeTimedOutException;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Chain timeouts are watched by sweeps rather than a timer task per job: every job that ends leaves the watch, a
 * shorter timeout after a longer one still fires on time, many timing out together all end; and the instants of the
 * execution metadata, worked out from the monotonic clock, are the wall clock's and in order.
 */
class ChainDeadlinesTest extends CamelTestSupport {

    private final EnhancerComponent enhancer = new EnhancerComponent();
    private final CountDownLatch release = new CountDownLatch(1);

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        enhancer.addEngine(EnhancementEngine.of("quick", item -> item.getText()));
        enhancer.addEngine(EnhancementEngine.of("held", item -> hold()));
        enhancer.addChain(Chain.list("quickOnes", "quick"));
        enhancer.addChain(Chain.list("heldOnes", "held"));
        context.addComponent("enhancer", enhancer);
        return context;
    }

    /** Until released or interrupted (a timed-out engine's thread is interrupted). */
    private void hold() {
        try {
            release.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private ChainDeadlines deadlines() {
        return enhancer.getJobManager().deadlines();
    }

    @Test
    void jobsThatEndLeaveTheWatch() {
        for (int i = 0; i < 2_000; i++) {
            template.requestBody("enhancer:quickOnes", "text " + i);
        }
        assertThat(deadlines().size()).isZero();
    }

    @Test
    void aShorterTimeoutAfterALongerOneFiresOnTime() throws Exception {
        CompletableFuture<Object> longer = template.asyncRequestBody("enhancer:heldOnes?timeout=60000", "long");
        awaitWatched(1);
        long began = System.nanoTime();
        CompletableFuture<Object> shorter = template.asyncRequestBody("enhancer:heldOnes?timeout=200", "short");
        assertThat(shorter).failsWithin(Duration.ofSeconds(5))
                .withThrowableOfType(Exception.class).havingRootCause()
                .isInstanceOf(ExchangeTimedOutException.class).withMessageContaining("did not complete within 200 ms");
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);
        assertThat(tookMillis).isBetween(190L, 2_000L);
        assertThat(longer).isNotDone();
        release.countDown();
        assertThat(longer).succeedsWithin(Duration.ofSeconds(5));
        assertThat(deadlines().size()).isZero();
    }

    @Test
    void manyTimingOutTogetherAllEnd() {
        List<CompletableFuture<Object>> held = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            held.add(template.asyncRequestBody("enhancer:heldOnes?timeout=" + (300 + i * 10), "held " + i));
        }
        for (CompletableFuture<Object> f : held) {
            assertThat(f).failsWithin(Duration.ofSeconds(5)).withThrowableOfType(Exception.class).havingRootCause()
                    .isInstanceOf(ExchangeTimedOutException.class);
        }
        assertThat(deadlines().size()).isZero();
        release.countDown();
    }

    @Test
    void metadataInstantsAreTheWallClocksAndInOrder() {
        Instant before = Instant.now();
        ContentItem item = template.requestBody("enhancer:quickOnes", "text", ContentItem.class);
        Instant after = Instant.now();
        ExecutionMetadata md = item.getExecutionMetadata();
        EngineExecution quick = md.getEngineExecution("quick");
        Instant chainStarted = md.getChainExecution().getStarted();
        Instant chainCompleted = md.getChainExecution().getCompleted();
        // anchored to the wall clock within the last second: allow for what the system clock may move in one
        assertThat(chainStarted).isBetween(before.minusMillis(50), after.plusMillis(50));
        assertThat(quick.getStarted()).isAfterOrEqualTo(chainStarted);
        assertThat(quick.getCompleted()).isAfterOrEqualTo(quick.getStarted());
        assertThat(chainCompleted).isAfterOrEqualTo(quick.getCompleted()).isBefore(after.plusMillis(50));
        assertThat(quick.getDurationNanos()).isPositive();
        assertThat(md.getChainExecution().getDurationMillis()).isBetween(0L, Duration.between(before, after).toMillis());
    }

    private void awaitWatched(int jobs) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (deadlines().size() < jobs && System.nanoTime() < until) {
            Thread.sleep(5);
        }
        assertThat(deadlines().size()).isEqualTo(jobs);
    }
}
