package dev.camelsuite.enhancer;

import dev.camelsuite.enhancer.remote.producer.RemoteEnhancerProducer;
import dev.camelsuite.enhancer.remote.worker.EnhancerWorkerConsumer;
import org.apache.camel.Category;
import org.apache.camel.Consumer;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriPath;
import org.apache.camel.support.DefaultEndpoint;

/**
 * Runs an enhancement chain over the message body: body in, enhanced content item out, with headers to branch on;
 * in this JVM, or scaled out over a broker queue to workers (the same URI with a queue on both sides).
 */
@UriEndpoint(firstVersion = "1.0.0", scheme = "enhancer", title = "Enhancer", syntax = "enhancer:chainName",
             category = { Category.AI, Category.MESSAGING }, headersClass = EnhancerConstants.class)
public class EnhancerEndpoint extends DefaultEndpoint {

    @UriPath(description = "The name of the chain to run")
    @Metadata(required = true)
    private final String chainName;

    @UriParam
    private final EnhancerConfiguration configuration;

    public EnhancerEndpoint(String uri, EnhancerComponent component, String chainName,
                            EnhancerConfiguration configuration) {
        super(uri, component);
        this.chainName = chainName;
        this.configuration = configuration;
    }

    @Override
    public EnhancerComponent getComponent() {
        return (EnhancerComponent) super.getComponent();
    }

    /** In remote mode (with a queue) a producer that sends to the workers, else one that runs the chain here. */
    @Override
    public Producer createProducer() {
        return configuration.isRemote() ? new RemoteEnhancerProducer(this) : new EnhancerProducer(this);
    }

    /** A worker on the endpoint's queue; a consumer needs remote mode. */
    @Override
    public Consumer createConsumer(Processor processor) throws Exception {
        if (!configuration.isRemote()) {
            throw new IllegalArgumentException("The enhancer endpoint " + getEndpointUri() + " has no queue option:"
                                               + " a consumer is a worker taking requests from a queue");
        }
        Consumer consumer = new EnhancerWorkerConsumer(this, processor);
        configureConsumer(consumer);
        return consumer;
    }

    public String getChainName() {
        return chainName;
    }

    public EnhancerConfiguration getConfiguration() {
        return configuration;
    }
}
