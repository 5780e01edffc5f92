package dev.camelsuite.enhancer.durable;

import java.util.Map;

import dev.camelsuite.enhancer.ContentItemBodies;
import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.enhancer.EnhancerEndpoint;
import dev.camelsuite.enhancer.content.ContentItem;
import org.apache.camel.Exchange;
import org.apache.camel.support.DefaultProducer;
import org.apache.camel.util.URISupport;

/**
 * {@code enhancer:chain?job=true}: stores the body as a job and answers its id at once; the chain runs later, on a
 * runner of any Camel context that shares the database, and the jobs consumer receives the outcome.
 */
public class JobSubmitProducer extends DefaultProducer {

    /** Options a stored job leaves out: the submission itself, and secrets (the runner's component has its own). */
    private static final java.util.Set<String> LEFT_OUT = java.util.Set.of("job", "userName", "password");

    private final EnhancerEndpoint endpoint;
    private DurableJobs jobs;

    public JobSubmitProducer(EnhancerEndpoint endpoint) {
        super(endpoint);
        this.endpoint = endpoint;
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        jobs = endpoint.getComponent().durableJobs();
    }

    @Override
    public void process(Exchange exchange) throws Exception {
        ContentItem item = ContentItemBodies.from(exchange);
        long timeout = ContentItemBodies.timeout(exchange, endpoint.getConfiguration());
        if (timeout == 0) {
            throw new IllegalArgumentException("Header " + EnhancerConstants.TIMEOUT + " must be > 0 for a job: its"
                                               + " runner holds it for its timeout, then another may take it");
        }
        String id = jobs.submit(endpoint.getChainName(), runUri(timeout), item,
                timeout * (endpoint.getConfiguration().getMaxRetries() + 1L));
        exchange.getMessage().setBody(id);
        exchange.getMessage().setHeader(EnhancerConstants.JOB_ID, id);
        exchange.getMessage().setHeader(EnhancerConstants.JOB_STATE, JobState.QUEUED.label());
    }

    /** The URI the job's runner sends to: this endpoint's, without job=true and secrets, with the exchange's timeout. */
    String runUri(long timeout) throws Exception {
        String uri = endpoint.getEndpointUri();
        Map<String, Object> options = URISupport.parseParameters(new java.net.URI(uri));
        options.keySet().removeAll(LEFT_OUT);
        if (timeout != endpoint.getConfiguration().getTimeout()) {
            options.put("timeout", Long.toString(timeout));
        }
        String base = URISupport.stripQuery(uri);
        return options.isEmpty() ? base : base + "?" + URISupport.createQueryString(options);
    }
}
