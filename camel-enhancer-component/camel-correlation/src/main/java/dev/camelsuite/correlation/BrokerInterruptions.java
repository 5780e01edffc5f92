package dev.camelsuite.correlation;

import java.io.IOException;
import java.util.function.Supplier;

import org.apache.activemq.transport.TransportListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a producer does when its broker connection is interrupted: a connection through a failover URL survives a
 * broker restart, but the replies on their way are lost. So what is in flight fails at once (rather than at its
 * timeout), and nothing is sent until the transport resumes; the waiting requests then go out, within their
 * timeouts. Add it to an {@code ActiveMQConnection} with {@code addTransportListener}.
 */
public final class BrokerInterruptions implements TransportListener {

    private static final Logger LOG = LoggerFactory.getLogger(BrokerInterruptions.class);

    private final Correlator<?, ?> requests;
    private final String broker;
    private final Supplier<Exception> failure;

    /**
     * @param broker  what the log calls the connection ("the broker of queue q")
     * @param failure the failure of each request in flight when the connection breaks
     */
    public BrokerInterruptions(Correlator<?, ?> requests, String broker, Supplier<Exception> failure) {
        this.requests = requests;
        this.broker = broker;
        this.failure = failure;
    }

    @Override
    public void transportInterupted() {
        requests.pause();
        LOG.warn("The connection to {} was interrupted: failing the requests in flight", broker);
        requests.failInFlight(failure);
    }

    @Override
    public void transportResumed() {
        LOG.info("The connection to {} is back", broker);
        requests.resume();
    }

    @Override
    public void onCommand(Object command) {
    }

    @Override
    public void onException(IOException error) {
    }
}
