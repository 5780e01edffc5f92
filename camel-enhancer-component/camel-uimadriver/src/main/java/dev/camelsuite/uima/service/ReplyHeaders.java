package dev.camelsuite.uima.service;

import java.net.InetAddress;

import dev.camelsuite.uima.UimaAsProtocol;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;

/**
 * Who answers: the header every message of the service carries (its queue, broker, address and process), as a
 * stock service writes it, and the send itself, non-persistent as the stock service's replies are.
 */
final class ReplyHeaders {

    private final String queue;
    private final String brokerURL;
    private final String hostAddress = localAddress();
    private final String processId = String.valueOf(ProcessHandle.current().pid());

    ReplyHeaders(String queue, String brokerURL) {
        this.queue = queue;
        this.brokerURL = brokerURL;
    }

    /** Sends {@code message} to the client as the service's answer of {@code messageType} to {@code command}. */
    void send(MessageProducer producer, Destination to, Message message, int messageType, int command)
            throws JMSException {
        message.setIntProperty(UimaAsProtocol.MESSAGE_TYPE, messageType);
        message.setIntProperty(UimaAsProtocol.COMMAND, command);
        message.setStringProperty(UimaAsProtocol.MESSAGE_FROM, queue);
        message.setStringProperty(UimaAsProtocol.SERVER_URI, brokerURL);
        message.setStringProperty(UimaAsProtocol.SERVER_IP, hostAddress);
        message.setStringProperty(UimaAsProtocol.PROCESS_PID, processId + ":" + Thread.currentThread().getId());
        producer.send(to, message, DeliveryMode.NON_PERSISTENT, Message.DEFAULT_PRIORITY, 0);
    }

    /** A reply to {@code command}. */
    void reply(MessageProducer producer, Destination to, Message message, int command) throws JMSException {
        send(producer, to, message, UimaAsProtocol.RESPONSE, command);
    }

    String queue() {
        return queue;
    }

    String brokerURL() {
        return brokerURL;
    }

    /** This process's id as clients target it: the stock service's ip:pid. */
    String serviceId() {
        return hostAddress + ":" + processId;
    }

    private static String localAddress() {
        try {
            return InetAddress.getLocalHost().getHostAddress();
        } catch (Exception e) {
            return "127.0.0.1";
        }
    }
}
