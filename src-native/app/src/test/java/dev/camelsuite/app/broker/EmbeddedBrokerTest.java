package dev.camelsuite.app.broker;

import io.quarkus.runtime.configuration.MemorySize;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The embedded broker keeps its messages in memory only: once its memory is full a sender waits (here: its send
 * times out), and nothing goes to a store on disk.
 */
class EmbeddedBrokerTest {

    private final EmbeddedBroker embedded = new EmbeddedBroker();

    @AfterEach
    void stop() throws Exception {
        embedded.stop(null);
    }

    @Test
    void aFullMemoryMakesSendersWaitAndNothingGoesToDisk() throws Exception {
        embedded.brokerUrl = EmbeddedBroker.URL_PREFIX + "?create=false";
        embedded.memoryLimit = new MemorySize(java.math.BigInteger.valueOf(1024 * 1024));
        embedded.start(null);
        ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(EmbeddedBroker.URL_PREFIX + "?create=false");
        factory.setAlwaysSyncSend(true);
        factory.setSendTimeout(2000);
        byte[] body = new byte[64 * 1024];
        int sent = 0;
        try (Connection connection = factory.createConnection()) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer producer = session.createProducer(session.createQueue("nobody.reads"));
            producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
            int[] count = { 0 };
            assertThatThrownBy(() -> {
                for (; count[0] < 1000; count[0]++) {
                    var message = session.createBytesMessage();
                    message.writeBytes(body);
                    producer.send(message);
                }
            }).as("a send beyond the broker's memory waits, until its timeout").isNotNull();
            sent = count[0];
        }
        assertThat(sent).as("64 KB messages held before the memory (1 MB) was full").isBetween(5, 40);
        assertThat(embedded.broker().getSystemUsage().getTempUsage().getUsage()).as("bytes in the temporary store")
                .isZero();
        assertThat(embedded.broker().getTempDataStore()).as("a temporary store").isNull();
        // bounded, so that the start does not warn where the disk has less than ActiveMQ's default of 50 GB free
        assertThat(embedded.broker().getSystemUsage().getTempUsage().getLimit()).isEqualTo(1024 * 1024);
    }
}
