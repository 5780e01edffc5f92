package dev.camelsuite.correlation;

import jakarta.jms.JMSException;
import jakarta.jms.Message;

/**
 * A JMS message's id for a log line about it — a request refused, answered with an error, sent to the dead-letter
 * queue — where a provider that cannot tell it must not turn the line into a failure of its own.
 */
public final class MessageIds {

    private MessageIds() {
    }

    /** The message's {@code JMSMessageID}, or {@code ?} when the provider cannot tell it. */
    public static String of(Message message) {
        try {
            return message.getJMSMessageID();
        } catch (JMSException e) {
            return "?";
        }
    }
}
