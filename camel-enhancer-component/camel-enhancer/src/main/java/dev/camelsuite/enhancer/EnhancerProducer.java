package dev.camelsuite.enhancer;

import java.util.concurrent.CancellationException;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.Cancellation;
import dev.camelsuite.enhancer.job.ChainRunner;
import dev.camelsuite.enhancer.job.EnhancementJob;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import org.apache.camel.AsyncCallback;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangeTimedOutException;
import org.apache.camel.support.DefaultAsyncProducer;
import org.apache.camel.support.service.ServiceHelper;

/**
 * Runs the endpoint's chain in this JVM over the body. The item is passed by reference; nothing is serialized. When
 * every engine runs inline the exchange completes on the calling thread, else on the thread of the last engine.
 */
public class EnhancerProducer extends DefaultAsyncProducer {

    private final EnhancerEndpoint endpoint;
    private final ChainRunner runner;
    private ChainMetrics metrics;

    public EnhancerProducer(EnhancerEndpoint endpoint) {
        super(endpoint);
        this.endpoint = endpoint;
        this.runner = new ChainRunner(endpoint.getComponent(), endpoint.getChainName());
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        ServiceHelper.startService(runner);
        metrics = ChainMetrics.of(getEndpoint().getCamelContext(), endpoint.getChainName());
    }

    @Override
    protected void doStop() throws Exception {
        ServiceHelper.stopService(runner);
        super.doStop();
    }

    @Override
    public boolean process(Exchange exchange, AsyncCallback callback) {
        try {
            ContentItem item = ContentItemBodies.from(exchange);
            long timeout = ContentItemBodies.timeout(exchange, endpoint.getConfiguration());
            Cancellation caller = exchange.getProperty(EnhancerConstants.CANCELLATION, Cancellation.class);
            return runner.run(item, timeout, caller, (job, sync) -> jobDone(exchange, callback, job, sync, timeout));
        } catch (Exception e) {
            exchange.setException(e);
            callback.done(true);
            return true;
        }
    }

    private void jobDone(Exchange exchange, AsyncCallback callback, EnhancementJob job, boolean sync, long timeout) {
        try {
            boolean failed = EnhancementResults.apply(exchange.getMessage(), job.getItem());
            ExecutionMetadata metadata = job.getMetadata();
            if (metrics != null) {
                metrics.record(metadata, failed);
            }
            if (job.isTimedOut()) {
                exchange.setException(new ExchangeTimedOutException(exchange, timeout,
                        metadata.getChainExecution().getStatusMessage()));
            } else if (job.isCancelled()) {
                exchange.setException(new CancellationException(metadata.getChainExecution().getStatusMessage()));
            } else if (failed && endpoint.getConfiguration().isThrowOnFailure()) {
                exchange.setException(EnhancementResults.failure(metadata, job.getFailedEngine(), job.getFailure()));
            }
        } catch (Exception e) {
            exchange.setException(e);
        } finally {
            callback.done(sync);
        }
    }
}
