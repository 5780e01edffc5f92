package dev.camelsuite.enhancer;

import org.apache.camel.RuntimeCamelException;
import org.apache.camel.spi.Configurer;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;

/** Options of an enhancer endpoint; the component holds defaults and gives each endpoint a copy. */
@UriParams
@Configurer
public class EnhancerConfiguration implements Cloneable {

    @UriParam(label = "producer", defaultValue = "0",
              description = "Milliseconds the whole chain may take; 0 for no limit. When it runs out the exchange fails"
                            + " with ExchangeTimedOutException. The header CamelEnhancerTimeout overrides it.")
    private long timeout;

    @UriParam(label = "producer", defaultValue = "true",
              description = "Whether a failed chain throws EnhancementException. When false, the enhanced item comes"
                            + " back with CamelEnhancerChainStatus=failed and the route decides.")
    @Metadata(defaultValue = "true")
    private boolean throwOnFailure = true;

    public long getTimeout() {
        return timeout;
    }

    public void setTimeout(long timeout) {
        this.timeout = timeout;
    }

    public boolean isThrowOnFailure() {
        return throwOnFailure;
    }

    public void setThrowOnFailure(boolean throwOnFailure) {
        this.throwOnFailure = throwOnFailure;
    }

    /** Checks the values, naming the option at fault. */
    public void validate() {
        if (timeout < 0) {
            throw new IllegalArgumentException("Option timeout must be >= 0 (milliseconds, 0 for none) but was "
                                               + timeout);
        }
    }

    public EnhancerConfiguration copy() {
        try {
            return (EnhancerConfiguration) clone();
        } catch (CloneNotSupportedException e) {
            throw new RuntimeCamelException(e);
        }
    }
}
