package dev.camelsuite.enhancer.remote;

import dev.camelsuite.enhancer.EnhancerConfiguration;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import org.apache.activemq.ActiveMQConnection;
import org.apache.activemq.ActiveMQConnectionFactory;

/** Opens broker connections from an endpoint's options: its connection factory, else ActiveMQ at its brokerURL. */
final class BrokerConnections {

    private BrokerConnections() {
    }

    static Connection open(EnhancerConfiguration configuration, String clientPurpose) throws JMSException {
        ConnectionFactory factory = configuration.getConnectionFactory();
        if (factory == null) {
            ActiveMQConnectionFactory amq = new ActiveMQConnectionFactory(configuration.getBrokerURL());
            // advisories are not used and cost a topic subscription per connection
            amq.setWatchTopicAdvisories(false);
            // a message is never touched after it is sent, so the client need not copy it first
            amq.setCopyMessageOnSend(false);
            factory = amq;
        }
        Connection connection = configuration.getUserName() != null
                ? factory.createConnection(configuration.getUserName(), configuration.getPassword())
                : factory.createConnection();
        connection.setExceptionListener(e -> org.slf4j.LoggerFactory.getLogger(BrokerConnections.class)
                .warn("Broker connection of {} failed: {}", clientPurpose, e.getMessage()));
        return connection;
    }

    /** Closes a connection (null is fine); a failure to close is only worth a debug line. */
    /**
     * Whether the connection can reach the broker now: not closed, not failed, and its transport connected (a
     * failover transport that is reconnecting answers false).
     */
    static boolean isConnected(Connection connection) {
        if (connection instanceof ActiveMQConnection amq) {
            return !amq.isClosed() && !amq.isClosing() && !amq.isTransportFailed() && amq.getTransport().isConnected();
        }
        return connection != null;
    }

    static void close(Connection connection) {
        if (connection == null) {
            return;
        }
        try {
            connection.close();
        } catch (JMSException e) {
            org.slf4j.LoggerFactory.getLogger(BrokerConnections.class).debug("Closing the broker connection failed", e);
        }
    }
}
