package dev.camelsuite.enhancer.job;

import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.CanEnhance;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import org.apache.camel.CamelContext;
import org.apache.camel.Endpoint;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangePattern;
import org.apache.camel.Producer;
import org.apache.camel.support.service.ServiceHelper;
import org.apache.camel.support.service.ServiceSupport;

/**
 * A Camel endpoint used as an engine: the endpoint receives the content item by reference as the body of an InOut
 * exchange and adds its enhancements to it (a {@code direct:} route, a bean, ...). An exception on the exchange fails
 * the engine. Runs asynchronously in Stanbol's sense: the route takes the item's lock itself if it needs it, so a slow
 * endpoint does not hold up engines running in parallel.
 */
public final class EndpointEngine extends ServiceSupport implements EnhancementEngine {

    /** Header naming the engine (the endpoint URI) on the exchange the endpoint receives. */
    public static final String ENGINE_HEADER = EnhancerConstants.ENGINE;

    private final CamelContext camelContext;
    private final String uri;
    private Endpoint endpoint;
    private Producer producer;

    public EndpointEngine(CamelContext camelContext, String uri) {
        this.camelContext = camelContext;
        this.uri = uri;
    }

    @Override
    public String getName() {
        return uri;
    }

    @Override
    public CanEnhance canEnhance(ContentItem item) {
        return CanEnhance.ASYNCHRONOUS;
    }

    @Override
    public void computeEnhancements(ContentItem item) throws EngineException {
        Producer p = producer;
        if (p == null) {
            throw new EngineException("Engine '" + uri + "' is not started");
        }
        Exchange exchange = endpoint.createExchange(ExchangePattern.InOut);
        exchange.getIn().setBody(item);
        exchange.getIn().setHeader(ENGINE_HEADER, uri);
        if (item.getReferenceId() != null) {
            exchange.getIn().setHeader(EnhancerConstants.REFERENCE_ID, item.getReferenceId());
        }
        try {
            p.process(exchange);
        } catch (Exception e) {
            exchange.setException(e);
        }
        Exception failure = exchange.getException();
        if (failure != null) {
            throw new EngineException(EngineCall.messageOf(failure), failure);
        }
    }

    @Override
    protected void doStart() throws Exception {
        endpoint = camelContext.getEndpoint(uri);
        producer = endpoint.createProducer();
        ServiceHelper.startService(producer);
    }

    @Override
    protected void doStop() {
        ServiceHelper.stopService(producer);
        producer = null;
    }

    @Override
    public String toString() {
        return "EndpointEngine[" + uri + "]";
    }
}
