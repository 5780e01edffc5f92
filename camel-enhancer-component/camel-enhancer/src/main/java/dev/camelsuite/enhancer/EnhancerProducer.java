package dev.camelsuite.enhancer;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.engine.EnhancementEngine;
import dev.camelsuite.enhancer.job.EndpointEngine;
import dev.camelsuite.enhancer.job.EnhancementJob;
import dev.camelsuite.enhancer.job.EnhancementJobManager;
import dev.camelsuite.enhancer.job.PreparedChain;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import dev.camelsuite.enhancer.metadata.ExecutionStatus;
import org.apache.camel.AsyncCallback;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangeTimedOutException;
import org.apache.camel.Message;
import org.apache.camel.support.DefaultAsyncProducer;
import org.apache.camel.support.service.ServiceHelper;

/**
 * Runs the endpoint's chain in this JVM over the body. The item is passed by reference; nothing is serialized. When
 * every engine runs inline the exchange completes on the calling thread, else on the thread of the last engine.
 */
public class EnhancerProducer extends DefaultAsyncProducer {

    private final EnhancerEndpoint endpoint;
    private final Map<String, EndpointEngine> endpointEngines = new ConcurrentHashMap<>();
    private PreparedChain prepared;
    private EnhancementJobManager jobManager;

    public EnhancerProducer(EnhancerEndpoint endpoint) {
        super(endpoint);
        this.endpoint = endpoint;
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        Chain chain = endpoint.getComponent().resolveChain(endpoint.getChainName());
        prepared = PreparedChain.prepare(chain, this::resolveEngine);
        jobManager = endpoint.getComponent().getJobManager();
    }

    @Override
    protected void doStop() throws Exception {
        ServiceHelper.stopService(endpointEngines.values());
        endpointEngines.clear();
        super.doStop();
    }

    /** A registered engine, else a Camel endpoint when the name is a URI (it contains ':'). */
    private EnhancementEngine resolveEngine(String name) {
        EnhancementEngine engine = endpoint.getComponent().lookupEngine(name);
        if (engine == null && name.indexOf(':') > 0) {
            engine = endpointEngines.computeIfAbsent(name, uri -> {
                EndpointEngine e = new EndpointEngine(getEndpoint().getCamelContext(), uri);
                ServiceHelper.startService(e);
                return e;
            });
        }
        return engine;
    }

    @Override
    public boolean process(Exchange exchange, AsyncCallback callback) {
        try {
            Message in = exchange.getIn();
            ContentItem item = toContentItem(exchange);
            String referenceId = in.getHeader(EnhancerConstants.REFERENCE_ID, String.class);
            if (referenceId == null) {
                referenceId = item.getReferenceId() != null
                        ? item.getReferenceId() : getEndpoint().getCamelContext().getUuidGenerator().generateUuid();
            }
            item.setReferenceId(referenceId);

            ExecutionMetadata metadata = item.getExecutionMetadata();
            EnhancementEngine[] engines;
            if (metadata == null) {
                metadata = ExecutionMetadata.create(prepared.plan(), item, prepared.chain().isDefault());
                engines = prepared.engines();
            } else {
                checkContinuation(item, metadata);
                metadata.prepareContinuation();
                engines = prepared.enginesFor(metadata.getPlan(), this::resolveEngine);
            }
            Long timeoutHeader = in.getHeader(EnhancerConstants.TIMEOUT, Long.class);
            long timeout = timeoutHeader != null ? timeoutHeader : endpoint.getConfiguration().getTimeout();
            if (timeout < 0) {
                throw new IllegalArgumentException("Header " + EnhancerConstants.TIMEOUT + " must be >= 0 but was "
                                                   + timeout);
            }
            return jobManager.enhance(item, metadata, engines, timeout,
                    (job, sync) -> jobDone(exchange, callback, job, sync, timeout));
        } catch (Exception e) {
            exchange.setException(e);
            callback.done(true);
            return true;
        }
    }

    private ContentItem toContentItem(Exchange exchange) throws Exception {
        Message in = exchange.getIn();
        Object body = in.getBody();
        if (body instanceof ContentItem item) {
            return item;
        }
        ContentItem item = in.getBody(ContentItem.class);
        if (item == null) {
            item = ContentItem.ofText(in.getMandatoryBody(String.class));
        }
        String language = in.getHeader(EnhancerConstants.CONTENT_LANGUAGE, String.class);
        if (language != null && !language.isBlank()) {
            item.setLanguage(language.trim());
        }
        return item;
    }

    private void checkContinuation(ContentItem item, ExecutionMetadata metadata) throws EnhancementException {
        String carried = metadata.getChain();
        if (!carried.equals(prepared.chain().getName())) {
            throw new EnhancementException("Content item " + item.getUri() + " carries execution metadata of chain '"
                                           + carried + "' and cannot be continued by chain '"
                                           + prepared.chain().getName() + "'", prepared.chain().getName(), null,
                    null, metadata, null);
        }
        String enhances = metadata.getChainExecution().getEnhances();
        if (!enhances.equals(item.getUri())) {
            throw new EnhancementException("Content item " + item.getUri() + " carries execution metadata of item "
                                           + enhances, prepared.chain().getName(), null, null, metadata, null);
        }
    }

    private void jobDone(Exchange exchange, AsyncCallback callback, EnhancementJob job, boolean sync, long timeout) {
        try {
            ExecutionMetadata metadata = job.getMetadata();
            ContentItem item = job.getItem();
            Message out = exchange.getMessage();
            out.setBody(item);
            out.setHeader(EnhancerConstants.REFERENCE_ID, item.getReferenceId());
            out.setHeader(EnhancerConstants.CHAIN, metadata.getChain());
            boolean failed = metadata.getChainExecution().getStatus() == ExecutionStatus.FAILED;
            out.setHeader(EnhancerConstants.CHAIN_STATUS, failed ? "failed" : "completed");
            String language = item.getLanguage();
            if (language != null) {
                out.setHeader(EnhancerConstants.LANGUAGE, language);
            }
            out.setHeader(EnhancerConstants.FAILED_ENGINES, metadata.getFailedEngines());
            out.setHeader(EnhancerConstants.SKIPPED_ENGINES, metadata.getSkippedEngines());
            out.setHeader(EnhancerConstants.ENGINE_TIMINGS, metadata.getEngineTimings());
            if (job.isTimedOut()) {
                exchange.setException(new ExchangeTimedOutException(exchange, timeout,
                        metadata.getChainExecution().getStatusMessage()));
            } else if (failed && endpoint.getConfiguration().isThrowOnFailure()) {
                String engine = job.getFailedEngine();
                String engineMessage = engine == null
                        ? null : metadata.getEngineExecution(engine).getStatusMessage();
                exchange.setException(new EnhancementException(metadata.getChainExecution().getStatusMessage(),
                        metadata.getChain(), engine, engineMessage, metadata, job.getFailure()));
            }
        } catch (Exception e) {
            exchange.setException(e);
        } finally {
            callback.done(sync);
        }
    }
}
