package dev.camelsuite.uima.service;

import java.util.function.Consumer;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A thread of the service that receives from one consumer until the service stops or the connection is lost. The
 * service's listeners receive rather than listen, as a stock service's listener containers do, so that a prefetch of
 * 0 works; the wait is short so that a stop is seen within it.
 */
final class ReceiveLoop implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(ReceiveLoop.class);
    /** How long a receive waits before it looks again whether the service is stopping. */
    private static final long RECEIVE_WAIT_MILLIS = 500;

    private final UimaService service;
    private final MessageConsumer consumer;
    private final Consumer<Message> handler;
    private final String what;

    /** @param what the loop in a log line, e.g. "Instance" */
    ReceiveLoop(UimaService service, MessageConsumer consumer, Consumer<Message> handler, String what) {
        this.service = service;
        this.consumer = consumer;
        this.handler = handler;
        this.what = what;
    }

    @Override
    public void run() {
        try {
            while (service.isServing()) {
                Message m = consumer.receive(RECEIVE_WAIT_MILLIS);
                if (m != null) {
                    handler.accept(m);
                }
            }
        } catch (JMSException e) {
            LOG.debug("{} on queue {} ends: {}", what, service.settings().queue(), e.getMessage());
        }
    }
}
