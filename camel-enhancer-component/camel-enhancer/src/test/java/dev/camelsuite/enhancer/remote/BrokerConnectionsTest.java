package dev.camelsuite.enhancer.remote;

import dev.camelsuite.enhancer.EnhancerConfiguration;
import jakarta.jms.Connection;
import org.apache.activemq.ActiveMQConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A producer's connection takes a small reply prefetch and lets the broker write to it directly, without ActiveMQ's
 * optimized acknowledgement (whose task logs at INFO every interval); a worker's keeps ActiveMQ's defaults; options
 * written in the broker URL win over both.
 */
class BrokerConnectionsTest {

    @RegisterExtension
    static final EmbeddedBroker BROKER = new EmbeddedBroker();

    @Test
    void producerTakesASmallReplyPrefetchAndDirectDispatch() throws Exception {
        ActiveMQConnection producer = open(true, BROKER.url());
        try {
            assertThat(producer.isOptimizeAcknowledge()).isFalse();
            assertThat(producer.getPrefetchPolicy().getQueuePrefetch()).isEqualTo(BrokerConnections.REPLY_PREFETCH);
            assertThat(producer.isDispatchAsync()).isFalse();
            assertThat(producer.isCopyMessageOnSend()).isFalse();
            assertThat(producer.isWatchTopicAdvisories()).isFalse();
        } finally {
            producer.close();
        }
    }

    @Test
    void workerAcknowledgesEachRequestAndKeepsTheBrokersDispatchThread() throws Exception {
        ActiveMQConnection worker = open(false, BROKER.url());
        try {
            assertThat(worker.isOptimizeAcknowledge()).isFalse();
            assertThat(worker.isDispatchAsync()).isTrue();
            assertThat(worker.isCopyMessageOnSend()).isFalse();
        } finally {
            worker.close();
        }
    }

    @Test
    void theBrokerUrlsOwnOptionsWin() throws Exception {
        ActiveMQConnection producer = open(true, BROKER.url()
                                                 + "?jms.prefetchPolicy.queuePrefetch=7&jms.dispatchAsync=true&jms.copyMessageOnSend=true");
        try {
            assertThat(producer.getPrefetchPolicy().getQueuePrefetch()).isEqualTo(7);
            assertThat(producer.isDispatchAsync()).isTrue();
            assertThat(producer.isCopyMessageOnSend()).isTrue();
        } finally {
            producer.close();
        }
    }

    private static ActiveMQConnection open(boolean producer, String brokerUrl) throws Exception {
        EnhancerConfiguration configuration = new EnhancerConfiguration();
        configuration.setBrokerURL(brokerUrl);
        Connection connection = producer
                ? BrokerConnections.forProducer(configuration, "test producer")
                : BrokerConnections.forWorker(configuration, "test worker");
        return (ActiveMQConnection) connection;
    }
}
