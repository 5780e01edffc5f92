package dev.camelsuite.enhancer.job;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.correlation.Tracing;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.Cancellation;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import io.micrometer.core.instrument.MeterRegistry;
import org.apache.camel.CamelContext;
import org.apache.camel.support.service.ServiceSupport;

/**
 * Runs chains over content items in this JVM. Engines that become ready together run in parallel on a thread pool
 * from Camel's executor service manager; engine and chain timeouts run on one timer thread.
 */
public class EnhancementJobManager extends ServiceSupport {

    private final CamelContext camelContext;
    private ExecutorService executorService;
    private boolean shutdownExecutor;
    private ScheduledExecutorService timer;
    /** Whether engines' CPU time is measured: only where meters record it (a MeterRegistry in the registry). */
    private volatile boolean cpuTimes;
    private volatile Tracing tracing = Tracing.OFF;
    private final ChainDeadlines deadlines = new ChainDeadlines(this);

    /**
     * @param camelContext    the context whose executor service manager makes the pools
     * @param executorService the pool engines run on in parallel; null for one of Camel's default profile
     */
    public EnhancementJobManager(CamelContext camelContext, ExecutorService executorService) {
        this.camelContext = camelContext;
        this.executorService = executorService;
    }

    @Override
    protected void doStart() {
        if (executorService == null) {
            executorService = camelContext.getExecutorServiceManager().newDefaultThreadPool(this, "EnhancerEngines");
            shutdownExecutor = true;
        }
        timer = camelContext.getExecutorServiceManager().newSingleThreadScheduledExecutor(this, "EnhancerTimeouts");
        // two reads of the thread's CPU clock per engine (about half a microsecond each): only when they are recorded
        cpuTimes = !camelContext.getRegistry().findByType(MeterRegistry.class).isEmpty();
    }

    /** Spans for each chain and engine (the component's {@code tracing} option); off by default. */
    public void setTracing(Tracing tracing) {
        this.tracing = tracing;
    }

    Tracing tracing() {
        return tracing;
    }

    /** The chain timeouts of the running jobs. */
    ChainDeadlines deadlines() {
        return deadlines;
    }

    /** Whether the jobs measure each engine's CPU time (see {@code ChainMetrics}). */
    boolean measuresCpuTime() {
        return cpuTimes;
    }

    @Override
    protected void doStop() {
        if (timer != null) {
            camelContext.getExecutorServiceManager().shutdown(timer);
            timer = null;
        }
        if (shutdownExecutor && executorService != null) {
            camelContext.getExecutorServiceManager().shutdownGraceful(executorService);
            executorService = null;
            shutdownExecutor = false;
        }
    }

    /**
     * Starts enhancing an item. The listener is told exactly once when the job ends.
     *
     * @param metadata      the item's execution metadata: new ones, or ones being continued
     * @param engines       the engine of each node of the metadata's plan
     * @param timeoutMillis time the whole chain may take, 0 for no limit
     * @return true when the job already ended on this thread (the listener was told with {@code sync = true})
     */
    public boolean enhance(ContentItem item, ExecutionMetadata metadata, EnhancementEngine[] engines,
                           long timeoutMillis, JobListener listener) {
        return enhance(item, metadata, engines, timeoutMillis, null, listener);
    }

    /**
     * Starts enhancing an item for a caller that may give up: cancelling {@code caller} cancels the job (nothing new
     * starts, running engines are asked to stop, the listener is told at once).
     *
     * @param caller the caller's cancellation, or null when the caller waits for the end
     */
    public boolean enhance(ContentItem item, ExecutionMetadata metadata, EnhancementEngine[] engines,
                           long timeoutMillis, Cancellation caller, JobListener listener) {
        if (!isRunAllowed()) {
            throw new RejectedExecutionException("The enhancement job manager is not running");
        }
        item.setExecutionMetadata(metadata);
        return new EnhancementJob(this, item, metadata, engines, listener).start(timeoutMillis, caller);
    }

    void execute(Runnable task) {
        ExecutorService pool = executorService;
        if (pool == null) {
            throw new RejectedExecutionException("The enhancement job manager is stopped");
        }
        pool.execute(task);
    }

    /** Schedules a timeout; null when the manager is stopping, so a job in flight still ends, only unbounded. */
    ScheduledFuture<?> schedule(Runnable task, long millis) {
        ScheduledExecutorService t = timer;
        if (t == null) {
            return null;
        }
        try {
            return t.schedule(task, millis, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            return null;
        }
    }
}
