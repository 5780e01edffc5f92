package dev.camelsuite.correlation;

import java.util.function.Consumer;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens and closes the ActiveMQ connections of the enhancer's remote mode, the UIMA AS driver and the application's
 * broker health check, so that each opens them one way: advisories off, the caller's defaults, then the broker URL,
 * whose own {@code jms.*} options win over those defaults.
 */
public final class ActiveMqConnections {

    private static final Logger LOG = LoggerFactory.getLogger(ActiveMqConnections.class);

    private ActiveMqConnections() {
    }

    /**
     * A connection, not started, to the broker at {@code brokerUrl}, signed in when {@code userName} is not null.
     *
     * @param defaults the caller's settings of the factory (prefetch, dispatch, timeouts), applied before the URL
     */
    public static Connection open(String brokerUrl, String userName, String password,
                                  Consumer<ActiveMQConnectionFactory> defaults) throws JMSException {
        ActiveMQConnectionFactory factory = factory(brokerUrl, defaults);
        // without a user name, the URL's own jms.userName (if any) signs in
        return userName != null ? factory.createConnection(userName, password) : factory.createConnection();
    }

    /**
     * A factory for the broker at {@code brokerUrl}. Advisories are not used by any of the callers and cost a topic
     * subscription per connection.
     */
    public static ActiveMQConnectionFactory factory(String brokerUrl, Consumer<ActiveMQConnectionFactory> defaults) {
        ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory();
        factory.setWatchTopicAdvisories(false);
        defaults.accept(factory);
        factory.setBrokerURL(brokerUrl);
        return factory;
    }

    /** Closes a connection that may be broken already (null is fine); a failure to close is worth a debug line. */
    public static void close(Connection connection) {
        if (connection == null) {
            return;
        }
        try {
            connection.close();
        } catch (JMSException | RuntimeException e) {
            LOG.debug("Closing the broker connection failed: {}", e.getMessage());
        }
    }
}
