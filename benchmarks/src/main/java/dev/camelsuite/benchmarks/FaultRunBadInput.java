package dev.camelsuite.benchmarks;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.jms.JMSException;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.activemq.ActiveMQConnectionFactory;

/**
 * The malformed messages of the fault-injection run ({@link FaultInjectionRun}): to the workers' queue and control
 * topic, one kind after the other at the plan's interval, each counted once sent. Runs in a thread of its own until
 * {@link #stop()}.
 */
final class FaultRunBadInput implements Runnable {

    private static final String[] KINDS = { "not JSON", "empty bytes", "JSON of no content item",
                                            "unknown command on the control topic" };

    /** Sends to the queue that failed as the broker went away: each may have arrived all the same. */
    static final String MAYBE_SENT = "sent to the queue as the broker went (may have arrived)";
    /** The same for the control topic. */
    static final String MAYBE_CONTROL = "sent to the control topic as the broker went (may have arrived)";

    private final long everyMillis;
    private final int brokerPort;
    private final Map<String, Integer> sent = new ConcurrentHashMap<>();
    /**
     * Whether malformed messages go on. Not the thread's interrupt alone: ActiveMQ's client may take an interrupt that
     * arrives while it sends and clear it, and the thread would then send for ever (a verify run hung on that).
     */
    private volatile boolean sending = true;

    FaultRunBadInput(long everyMillis, int brokerPort) {
        this.everyMillis = everyMillis;
        this.brokerPort = brokerPort;
    }

    @Override
    public void run() {
        ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory("tcp://127.0.0.1:" + brokerPort);
        for (int n = 0; sending && !Thread.currentThread().isInterrupted(); n++) {
            try {
                Thread.sleep(everyMillis);
            } catch (InterruptedException e) {
                return;
            }
            String kind = KINDS[n % KINDS.length];
            try (jakarta.jms.Connection c = factory.createConnection()) {
                Session session = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageProducer queue = session.createProducer(session.createQueue(FaultInjectionRun.QUEUE));
                send(n, session, queue);
                sent.merge(kind, 1, Integer::sum);
            } catch (Exception e) {
                // the broker is restarting: this one is not sent, nor counted
            }
        }
    }

    private void send(int n, Session session, MessageProducer queue) throws JMSException {
        try {
            switch (n % KINDS.length) {
                case 0 -> queue.send(session.createTextMessage("{ this is not JSON"));
                case 1 -> queue.send(session.createBytesMessage());
                case 2 -> queue.send(session.createTextMessage("{\"hello\":\"world\"}"));
                default -> session.createProducer(session.createTopic(FaultInjectionRun.QUEUE + ".control"))
                        .send(session.createTextMessage("format the disk"));
            }
        } catch (JMSException e) {
            // a send whose receipt the broker's stop cut off: the broker may have taken it, and then the workers get it
            // after the restart; counted apart, as what may have arrived
            sent.merge(n % KINDS.length == KINDS.length - 1 ? MAYBE_CONTROL : MAYBE_SENT, 1, Integer::sum);
            throw e;
        }
    }

    /** No message after the one being sent, if any. */
    void stop() {
        sending = false;
    }

    /** How many of each kind were sent. */
    Map<String, Integer> sent() {
        return new LinkedHashMap<>(sent);
    }
}
