package dev.camelsuite.enhancer.job;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.camelsuite.correlation.Tracing;
import dev.camelsuite.enhancer.EnhancementException;
import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.Cancellation;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import org.apache.camel.support.service.ServiceHelper;
import org.apache.camel.support.service.ServiceSupport;

/**
 * Runs one chain of a component over items in this JVM, for a local producer or a worker: looks the engines up when
 * started (Camel endpoints used as engines included), and starts new runs or continues items that carry metadata of
 * this chain.
 */
public final class ChainRunner extends ServiceSupport {

    private final EnhancerComponent component;
    private final String chainName;
    private final Map<String, EndpointEngine> endpointEngines = new ConcurrentHashMap<>();
    private volatile PreparedChain prepared;

    /** The component's spans (off unless its {@code tracing} option is on). */
    public Tracing spans() {
        return component.getSpans();
    }

    public ChainRunner(EnhancerComponent component, String chainName) {
        this.component = component;
        this.chainName = chainName;
    }

    @Override
    protected void doStart() {
        Chain chain = component.resolveChain(chainName);
        prepared = PreparedChain.prepare(chain, this::resolveEngine);
    }

    @Override
    protected void doStop() {
        ServiceHelper.stopService(endpointEngines.values());
        endpointEngines.clear();
    }

    /** A registered engine, else a Camel endpoint when the name is a URI (it contains ':'). */
    private EnhancementEngine resolveEngine(String name) {
        EnhancementEngine engine = component.lookupEngine(name);
        if (engine == null && name.indexOf(':') > 0) {
            engine = endpointEngines.computeIfAbsent(name, uri -> {
                EndpointEngine e = new EndpointEngine(component.getCamelContext(), uri);
                ServiceHelper.startService(e);
                return e;
            });
        }
        return engine;
    }

    public PreparedChain getPrepared() {
        return prepared;
    }

    /**
     * Takes an engine out of the flow for the runs that start from now on: its nodes are skipped with the reason.
     * Runs already going keep the engine they started with.
     */
    public void disable(String engineName, String reason) {
        PreparedChain current = prepared;
        EnhancementEngine[] engines = current.engines().clone();
        for (int i = 0; i < engines.length; i++) {
            if (current.plan().getNode(i).getEngine().equals(engineName)) {
                engines[i] = new DisabledEngine(engineName, reason);
            }
        }
        prepared = new PreparedChain(current.chain(), current.plan(), engines);
    }

    /**
     * Starts enhancing an item: a new run, or the continuation of the run whose metadata the item carries.
     *
     * @return true when the job already ended on this thread
     * @throws EnhancementException when the item carries metadata this chain cannot continue
     */
    public boolean run(ContentItem item, long timeoutMillis, JobListener listener) throws EnhancementException {
        return run(item, timeoutMillis, null, listener);
    }

    /**
     * Starts enhancing an item for a caller that may give up ({@link Cancellation}).
     *
     * @param caller the caller's cancellation, or null
     * @return true when the job already ended on this thread
     * @throws EnhancementException when the item carries metadata this chain cannot continue
     */
    public boolean run(ContentItem item, long timeoutMillis, Cancellation caller, JobListener listener)
            throws EnhancementException {
        ExecutionMetadata metadata = item.getExecutionMetadata();
        PreparedChain chain = prepared;
        EnhancementEngine[] engines;
        if (metadata == null) {
            metadata = ExecutionMetadata.create(chain.plan(), item, chain.chain().isDefault());
            engines = chain.engines();
        } else {
            checkContinuation(item, metadata);
            metadata.prepareContinuation();
            engines = chain.enginesFor(metadata.getPlan(), this::resolveEngine);
        }
        // the request's enhancement properties over the chain's (the chain's replace any an earlier chain set)
        item.setProperties(item.getProperties().withChainScoped(chain.chainScoped()));
        return component.getJobManager().enhance(item, metadata, engines, timeoutMillis, caller, listener);
    }

    private void checkContinuation(ContentItem item, ExecutionMetadata metadata) throws EnhancementException {
        String chain = prepared.chain().getName();
        String carried = metadata.getChain();
        if (!carried.equals(chain)) {
            throw new EnhancementException("Content item " + item.getUri() + " carries execution metadata of chain '"
                                           + carried + "' and cannot be continued by chain '" + chain + "'",
                    chain, null, null, metadata, null);
        }
        String enhances = metadata.getChainExecution().getEnhances();
        if (!enhances.equals(item.getUri())) {
            throw new EnhancementException("Content item " + item.getUri() + " carries execution metadata of item "
                                           + enhances, chain, null, null, metadata, null);
        }
    }
}
