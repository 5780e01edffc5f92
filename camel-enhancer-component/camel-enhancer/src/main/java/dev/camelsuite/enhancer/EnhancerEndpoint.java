package dev.camelsuite.enhancer;

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
 * Runs an enhancement chain over the message body: body in, enhanced content item out, with headers to branch on.
 */
@UriEndpoint(firstVersion = "1.0.0", scheme = "enhancer", title = "Enhancer", syntax = "enhancer:chainName",
             producerOnly = true, category = { Category.AI }, headersClass = EnhancerConstants.class)
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

    @Override
    public Producer createProducer() {
        return new EnhancerProducer(this);
    }

    @Override
    public Consumer createConsumer(Processor processor) {
        throw new UnsupportedOperationException("The enhancer endpoint " + getEndpointUri()
                                                + " runs chains in this JVM and has no consumer");
    }

    public String getChainName() {
        return chainName;
    }

    public EnhancerConfiguration getConfiguration() {
        return configuration;
    }
}
