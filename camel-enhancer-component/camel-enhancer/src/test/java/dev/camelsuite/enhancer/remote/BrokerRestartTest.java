package dev.camelsuite.enhancer.remote;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.enhancer.EnhancementException;
import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangeTimedOutException;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The broker stops during a run and comes back on the same address: the failover transport reconnects the producer
 * and the worker, every exchange in flight completes or fails clearly within its timeout, and later exchanges succeed.
 */
class BrokerRestartTest {

    @Test
    void inFlightExchangesEndClearlyAndLaterOnesSucceedAfterABrokerRestart() throws Exception {
        EmbeddedBroker broker = new EmbeddedBroker();
        broker.start();
        String failover = "failover:(" + broker.url() + ")?initialReconnectDelay=100&maxReconnectDelay=500&timeout=3000";
        try (CamelContext context = new DefaultCamelContext()) {
            EnhancerComponent enhancer = new EnhancerComponent();
            enhancer.addChain(Chain.list("steady", "slowish"));
            enhancer.addEngine(EnhancementEngine.of("slowish", item -> {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            context.addComponent("enhancer", enhancer);
            // a broker URL with its own options is written RAW(...)
            String options = "?queue=steady.q&brokerURL=RAW(" + failover + ")";
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("enhancer:steady" + options + "&concurrentConsumers=2").routeId("steady-worker").log("ok");
                }
            });
            context.start();
            ProducerTemplate template = context.createProducerTemplate();
            String uri = "enhancer:steady" + options + "&timeout=4000&casPoolSize=8";

            // the producer is started (its metadata request answered) before the batch, so the batch is in flight
            template.requestBody(uri, "warm up");
            List<CompletableFuture<Exchange>> before = new ArrayList<>();
            java.util.Map<Exchange, Long> endedAt = new java.util.concurrent.ConcurrentHashMap<>();
            for (int i = 0; i < 100; i++) {
                before.add(template.asyncSend(uri, ex -> ex.getIn().setBody("before the restart")).thenApply(ex -> {
                    endedAt.put(ex, System.nanoTime());
                    return ex;
                }));
            }
            Thread.sleep(150);
            long stopped = System.nanoTime();
            broker.stop();
            Thread.sleep(1000);
            broker.start();

            long started = System.nanoTime();
            int succeeded = 0;
            for (CompletableFuture<Exchange> f : before) {
                Exchange ex = f.get(60, TimeUnit.SECONDS);
                if (ex.getException() == null) {
                    succeeded++;
                    assertThat(ex.getMessage().getBody()).isInstanceOf(ContentItem.class);
                } else {
                    // a request lost with the broker ends with a clear error, never silently
                    assertThat(ex.getException()).isInstanceOfAny(ExchangeTimedOutException.class,
                            EnhancementException.class, jakarta.jms.JMSException.class,
                            java.util.concurrent.RejectedExecutionException.class,
                            IllegalStateException.class);
                    assertThat(ex.getException().getMessage()).isNotBlank();
                }
            }
            assertThat(succeeded).as("exchanges done before the broker stopped").isPositive();
            // those in flight when the connection broke failed at once, not at their timeout (4 s from their arrival,
            // so at least 3.8 s after the stop): the bound leaves room for a loaded machine
            List<Long> interrupted = new ArrayList<>();
            for (CompletableFuture<Exchange> f : before) {
                Exchange ex = f.get();
                if (ex.getException() != null && ex.getException().getMessage().contains("was interrupted")) {
                    interrupted.add(TimeUnit.NANOSECONDS.toMillis(endedAt.get(ex) - stopped));
                }
            }
            assertThat(interrupted).as("exchanges failed by the interruption").isNotEmpty()
                    .allSatisfy(millis -> assertThat(millis).isLessThan(3000));
            assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started)).isLessThan(30);

            for (int i = 0; i < 20; i++) {
                ContentItem item = template.requestBody(uri, "after the restart " + i, ContentItem.class);
                assertThat(item.getText()).isEqualTo("after the restart " + i);
            }
        } finally {
            broker.stop();
        }
    }
}
