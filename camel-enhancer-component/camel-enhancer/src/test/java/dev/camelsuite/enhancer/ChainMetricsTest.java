package dev.camelsuite.enhancer;

import java.util.concurrent.TimeUnit;

import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A local chain's meters: a timer per engine and items by chain status, in the registry's MeterRegistry. */
class ChainMetricsTest extends CamelTestSupport {

    private static final String BROKER = "RAW(vm://chain-metrics?broker.persistent=false&broker.useJmx=false)";

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        context.getRegistry().bind("meters", meters);
        EnhancerComponent enhancer = new EnhancerComponent();
        enhancer.addChain(Chain.list("metered", "langid", "picky"));
        enhancer.addEngine(EnhancementEngine.of("langid", item -> item.addLanguage("en", 0.9, "langid")));
        enhancer.addEngine(EnhancementEngine.of("picky", item -> {
            if (item.getText().startsWith("bad")) {
                throw new EngineException("picky refuses it");
            }
        }));
        enhancer.addChain(Chain.list("timed", "busy", "sleepy"));
        enhancer.addEngine(EnhancementEngine.of("busy", item -> {
            long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(30);
            long spins = 0;
            while (System.nanoTime() < until) {
                spins++;
            }
            item.addAnnotation("spins", 1.0, "busy", java.util.Map.of("spins", spins));
        }));
        enhancer.addEngine(EnhancementEngine.of("sleepy", item -> {
            try {
                Thread.sleep(60);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        context.addComponent("enhancer", enhancer);
        return context;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:in").to("enhancer:metered?throwOnFailure=false");
                from("direct:timed").to("enhancer:timed");
                // the same chain on a worker, through a broker in this JVM
                from("enhancer:metered?queue=metered&brokerURL=" + BROKER).routeId("worker").log("${body.text}");
                from("direct:remote").to("enhancer:metered?queue=metered&throwOnFailure=false&lazyStartProducer=true"
                                         + "&brokerURL=" + BROKER);
            }
        };
    }

    @Test
    void everyItemCountsAndEveryEngineIsTimed() {
        for (String text : new String[] { "one", "two", "bad three" }) {
            template.requestBody("direct:in", text);
        }
        assertThat(meters.get("enhancer.chain.items").tags("chain", "metered", "status", "completed").counter().count())
                .isEqualTo(2);
        assertThat(meters.get("enhancer.chain.items").tags("chain", "metered", "status", "failed").counter().count())
                .isEqualTo(1);
        assertThat(meters.get("enhancer.engine.time").tags("chain", "metered", "engine", "langid").timer().count())
                .isEqualTo(3);
        assertThat(meters.get("enhancer.engine.time").tags("chain", "metered", "engine", "picky").timer().count())
                .isEqualTo(3);
    }

    @Test
    void anEnginesCpuTimeIsTimedApartFromItsTimeOnTheClock() {
        template.requestBody("direct:timed", "spin, then sleep");
        var busyClock = meters.get("enhancer.engine.time").tags("chain", "timed", "engine", "busy").timer();
        var busyCpu = meters.get("enhancer.engine.cpu").tags("chain", "timed", "engine", "busy").timer();
        var sleepyClock = meters.get("enhancer.engine.time").tags("chain", "timed", "engine", "sleepy").timer();
        var sleepyCpu = meters.get("enhancer.engine.cpu").tags("chain", "timed", "engine", "sleepy").timer();
        // spinning is CPU time (some of it, on a machine that deschedules the thread); sleeping is not
        assertThat(busyCpu.totalTime(TimeUnit.MILLISECONDS)).isGreaterThan(5)
                .isLessThanOrEqualTo(busyClock.totalTime(TimeUnit.MILLISECONDS) + 1);
        assertThat(sleepyClock.totalTime(TimeUnit.MILLISECONDS)).isGreaterThanOrEqualTo(55);
        assertThat(sleepyCpu.totalTime(TimeUnit.MILLISECONDS)).isLessThan(20);
    }

    @Test
    void anEngineOfLessThanAMillisecondIsTimedAsLongAsItTook() {
        template.requestBody("direct:in", "quick");
        // the engines take microseconds: a timer in whole milliseconds would read nothing at all
        var timer = meters.get("enhancer.engine.time").tags("chain", "metered", "engine", "langid").timer();
        assertThat(timer.count()).isEqualTo(1);
        assertThat(timer.totalTime(TimeUnit.NANOSECONDS)).isGreaterThan(0).isLessThan(1e9);
    }

    @Test
    void aWorkersChainsCountOnceWhereTheyRun() {
        for (String text : new String[] { "one", "bad two" }) {
            template.requestBody("direct:remote", text);
        }
        // the worker ran them; the remote producer ran no chain of its own
        assertThat(meters.get("enhancer.chain.items").tags("chain", "metered", "status", "completed").counter().count())
                .isEqualTo(1);
        assertThat(meters.get("enhancer.chain.items").tags("chain", "metered", "status", "failed").counter().count())
                .isEqualTo(1);
        assertThat(meters.get("enhancer.engine.time").tags("chain", "metered", "engine", "langid").timer().count())
                .isEqualTo(2);
    }
}
