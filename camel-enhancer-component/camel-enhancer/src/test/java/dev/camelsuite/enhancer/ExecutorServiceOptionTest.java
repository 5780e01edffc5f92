package dev.camelsuite.enhancer;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.spi.CanEnhance;
import org.apache.camel.CamelContext;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The component's executorService option: engines that become ready together run on the given pool. */
class ExecutorServiceOptionTest extends CamelTestSupport {

    private final ExecutorService pool = Executors.newFixedThreadPool(2, r -> new Thread(r, "my-engine-pool"));
    private final CountDownLatch bothRunning = new CountDownLatch(2);
    private final RecordingEngine left = parallel("left");
    private final RecordingEngine right = parallel("right");

    private RecordingEngine parallel(String name) {
        return new RecordingEngine(name).answering(CanEnhance.ASYNCHRONOUS).doing(item -> {
            bothRunning.countDown();
            bothRunning.await(10, TimeUnit.SECONDS);
        });
    }

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        EnhancerComponent enhancer = new EnhancerComponent();
        enhancer.setExecutorService(pool);
        enhancer.addChain(Chain.graph("pair", "left", "right")).addEngine(left).addEngine(right);
        context.addComponent("enhancer", enhancer);
        return context;
    }

    @AfterEach
    void shutdownPool() {
        pool.shutdownNow();
    }

    @Test
    void parallelEnginesRunOnTheGivenPool() {
        template.requestBody("enhancer:pair", "text");
        assertThat(bothRunning.getCount()).isZero();
        // the first ready engine runs inline on the caller, the other on the pool
        assertThat(right.thread).isEqualTo("my-engine-pool");
        assertThat(left.thread).isEqualTo(Thread.currentThread().getName());
    }
}
