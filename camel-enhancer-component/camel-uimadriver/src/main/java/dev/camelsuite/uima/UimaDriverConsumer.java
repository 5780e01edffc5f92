package dev.camelsuite.uima;

import dev.camelsuite.uima.service.ChildCases;
import dev.camelsuite.uima.service.ServedMetadata;
import dev.camelsuite.uima.service.ServiceSettings;
import dev.camelsuite.uima.service.UimaService;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.apache.camel.support.DefaultConsumer;
import org.apache.uima.cas.CAS;

/**
 * Serves a route as a UIMA AS 2.x service: stock UIMA AS clients send their CASes to the endpoint's queue and get
 * back what the route made of them, as from a service deployed with a deployment descriptor. The route runs on one of
 * the {@code concurrentConsumers} instances' threads with the CAS as the body, so a slow route holds its instance
 * only, as a busy instance of a stock service does (see {@link UimaService}). When the descriptor says the engine
 * outputs new CASes, the route is served as a CAS multiplier: it sends child CASes through the exchange property
 * {@link UimaDriverConstants#CHILD_CASES} before the input CAS goes back.
 */
public class UimaDriverConsumer extends DefaultConsumer {

    private final UimaDriverEndpoint endpoint;
    private UimaService service;

    public UimaDriverConsumer(UimaDriverEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
        this.endpoint = endpoint;
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        ServedMetadata description = ServedMetadata.load(getEndpoint().getCamelContext(), endpoint.getDescriptor());
        ServiceSettings settings = new ServiceSettings(endpoint.getQueue(), endpoint.getBrokerURL(),
                endpoint.getConnectionURL(), endpoint.getUserName(), endpoint.getPassword(),
                endpoint.getConcurrentConsumers(), endpoint.getPrefetch(), endpoint.getMaxCasSize(),
                endpoint.getCpcTimeout(), endpoint.getCasMultiplierPoolSize(), endpoint.getChildReleaseTimeout());
        service = new UimaService(settings, description, this::route, endpoint.getComponent().spans(),
                this::isRunAllowed);
        service.start(getEndpoint().getCamelContext().getExecutorServiceManager(), this);
    }

    @Override
    protected void doStop() throws Exception {
        if (service != null) {
            service.stop();
            service = null;
        }
        super.doStop();
    }

    /** Runs the route on the CAS; the exception it ended with, or null. */
    private Exception route(CAS cas, String referenceId, ChildCases children) {
        Exchange exchange = createExchange(false);
        try {
            exchange.getIn().setBody(cas);
            exchange.getIn().setHeader(UimaDriverConstants.CAS_REFERENCE_ID, referenceId);
            exchange.setProperty(UimaDriverConstants.CAS, cas);
            if (children != null) {
                exchange.setProperty(UimaDriverConstants.CHILD_CASES, children);
            }
            getProcessor().process(exchange);
            return exchange.getException();
        } catch (Exception e) {
            return e;
        } finally {
            releaseExchange(exchange, false);
        }
    }

    /** How many messages this consumer dropped or refused as not its protocol's or not readable. */
    public long getRejectedCount() {
        UimaService s = service;
        return s != null ? s.rejectedCount() : 0;
    }
}
