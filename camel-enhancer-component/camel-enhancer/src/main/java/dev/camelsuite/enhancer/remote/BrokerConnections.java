package dev.camelsuite.enhancer.remote;

import java.util.function.Consumer;

import dev.camelsuite.correlation.ActiveMqConnections;
import dev.camelsuite.enhancer.EnhancerConfiguration;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import org.apache.activemq.ActiveMQConnection;
import org.apache.activemq.ActiveMQConnectionFactory;

/** Opens broker connections from an endpoint's options: its connection factory, else ActiveMQ at its brokerURL. */
public final class BrokerConnections {

    private BrokerConnections() {
    }

    /**
     * Replies the broker sends a producer ahead of its reading them. The producer's reply session acknowledges them
     * lazily (JMS's {@code DUPS_OK_ACKNOWLEDGE}): ActiveMQ's client sends one acknowledgement for each half of this.
     */
    static final int REPLY_PREFETCH = 100;

    /**
     * The connection of a producer: it sends requests and reads its replies. Its consumers (replies, worker
     * advisories) only find what a message is for, hand it over and return, so the thread of the broker that
     * dispatches the producer's reply queue may write to it directly (the reply queue is the producer's alone: a slow
     * producer holds up only its own replies), and the connection's own thread calls the listeners (no session thread
     * between the socket and the continuation that reads the reply). Replies are not persistent and live in the producer's temporary queue, and the producer's reply session
     * acknowledges them lazily, one acknowledgement for every 50, so the broker holds up to 50 replies the producer has
     * already read; a reply delivered twice is dropped as late. (ActiveMQ's {@code optimizeAcknowledge} batches the
     * same way but runs a task that logs a line at INFO every interval, for as long as the connection is open.)
     */
    public static Connection forProducer(EnhancerConfiguration configuration, String clientPurpose) throws JMSException {
        return open(configuration, clientPurpose, amq -> {
            amq.getPrefetchPolicy().setQueuePrefetch(REPLY_PREFETCH);
            amq.setDispatchAsync(false);
            amq.setAlwaysSessionAsync(false);
        });
    }

    /**
     * The connection of a worker: ActiveMQ's defaults, each request acknowledged after its reply went out (see
     * {@link EnhancerWorkerConsumer}).
     */
    public static Connection forWorker(EnhancerConfiguration configuration, String clientPurpose) throws JMSException {
        return open(configuration, clientPurpose, amq -> {
        });
    }

    private static Connection open(EnhancerConfiguration configuration, String clientPurpose,
                                   Consumer<ActiveMQConnectionFactory> defaults) throws JMSException {
        ConnectionFactory factory = configuration.getConnectionFactory();
        Connection connection;
        if (factory == null) {
            connection = ActiveMqConnections.open(configuration.getBrokerURL(), configuration.getUserName(),
                    configuration.getPassword(), amq -> {
                        // a message is never touched after it is sent, so the client need not copy it first
                        amq.setCopyMessageOnSend(false);
                        defaults.accept(amq);
                    });
        } else {
            connection = configuration.getUserName() != null
                    ? factory.createConnection(configuration.getUserName(), configuration.getPassword())
                    : factory.createConnection();
        }
        connection.setExceptionListener(e -> org.slf4j.LoggerFactory.getLogger(BrokerConnections.class)
                .warn("Broker connection of {} failed: {}", clientPurpose, e.getMessage()));
        return connection;
    }

    /**
     * Whether the connection can reach the broker now: not closed, not failed, and its transport connected (a
     * failover transport that is reconnecting answers false).
     */
    public static boolean isConnected(Connection connection) {
        if (connection instanceof ActiveMQConnection amq) {
            return !amq.isClosed() && !amq.isClosing() && !amq.isTransportFailed() && amq.getTransport().isConnected();
        }
        return connection != null;
    }

    /**
     * Gives up a connection that may be waiting for its broker: a failover transport that is reconnecting is stopped
     * first, so that neither what waits on it nor the close blocks until a broker comes.
     */
    public static void abandon(Connection connection) {
        if (connection instanceof ActiveMQConnection amq && !isConnected(amq)) {
            try {
                amq.getTransport().stop();
            } catch (Exception e) {
                org.slf4j.LoggerFactory.getLogger(BrokerConnections.class).debug("Stopping the transport failed", e);
            }
        }
        ActiveMqConnections.close(connection);
    }
}
