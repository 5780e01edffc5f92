package dev.camelsuite.uima.service;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.uima.UimaAsProtocol;
import jakarta.jms.BytesMessage;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.uima.cas.CAS;
import org.apache.uima.cas.impl.Serialization;
import org.apache.uima.cas.impl.XmiCasSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The child CASes a route served as a CAS multiplier makes of the CAS it was given, as a stock CAS multiplier service
 * returns them: each child goes to the client as it is sent, before the input CAS, and comes back to this instance's
 * pool of {@code casMultiplierPoolSize} CASes when the client releases it. A route takes it from the exchange
 * property {@code CamelUimaChildCases}:
 *
 * <pre>
 * ChildCases children = exchange.getProperty(UimaDriverConstants.CHILD_CASES, ChildCases.class);
 * CAS child = children.newCas();   // waits while every child CAS is out with the client
 * child.setDocumentText(segment);
 * engine.process(child);
 * children.send(child);
 * </pre>
 *
 * Used on the route's thread, while the route runs.
 */
public final class ChildCases {

    private static final Logger LOG = LoggerFactory.getLogger(ChildCases.class);

    private final ChildCasPools pools;
    private final ReplyHeaders headers;
    private final long releaseTimeoutMillis;
    /** Child CASes in this instance's pool, free. */
    private final Deque<CAS> free = new ArrayDeque<>();
    /** Child CASes the route took and has not sent yet. */
    private final Map<CAS, Boolean> taken = new IdentityHashMap<>();
    /** Child CASes out with the client, by their reference id. */
    private final Map<String, CAS> out = new HashMap<>();
    private Session session;
    private MessageProducer producer;
    private Destination releases;
    private String parentId;
    private Destination client;
    private boolean binary;
    private int sent;

    ChildCases(ChildCasPools pools, ReplyHeaders headers, List<CAS> pool, long releaseTimeoutMillis) {
        this.pools = pools;
        this.headers = headers;
        this.releaseTimeoutMillis = releaseTimeoutMillis;
        free.addAll(pool);
    }

    /**
     * An empty child CAS with the service's type system, from this instance's pool: waits while every one is out with
     * the client. Children a client has not released within {@code childReleaseTimeout} (a client that went away)
     * are taken back, so a vanished client stalls an instance for that long at most, not for ever as a stock
     * service.
     *
     * @throws IllegalStateException when the route is not serving a request
     */
    public synchronized CAS newCas() throws InterruptedException {
        requireRunning();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(releaseTimeoutMillis);
        while (free.isEmpty()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                LOG.warn("Took back {} child CAS(es) on queue {} that no client released within {} ms (option"
                         + " childReleaseTimeout)", out.size(), headers.queue(), releaseTimeoutMillis);
                takeBackAll(); // a later release of these is ignored: their ids are forgotten
                break;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        CAS child = free.poll();
        taken.put(child, Boolean.TRUE);
        return child;
    }

    /**
     * Sends a child CAS taken with {@link #newCas()} to the client, in the request's serialization; it stays out
     * until the client releases it.
     */
    public synchronized void send(CAS child) throws JMSException {
        requireRunning();
        if (taken.remove(child) == null) {
            throw new IllegalArgumentException("Only a CAS from ChildCases.newCas() of this request can be sent as its"
                                               + " child, and only once");
        }
        String childId = UUID.randomUUID().toString();
        Message m;
        try {
            m = write(child);
        } catch (Exception e) {
            taken.put(child, Boolean.TRUE); // the route may still send it after fixing what it wrote
            throw new IllegalStateException("The child CAS could not be written: " + e.getMessage(), e);
        }
        m.setStringProperty(UimaAsProtocol.CAS_REFERENCE, childId);
        m.setStringProperty(UimaAsProtocol.INPUT_CAS_REFERENCE, parentId);
        m.setLongProperty(UimaAsProtocol.CAS_SEQUENCE, sent + 1L);
        m.setBooleanProperty(UimaAsProtocol.SENT_DELTA_CAS, false); // a child is always whole
        m.setJMSReplyTo(releases); // where the client releases it
        out.put(childId, child);
        pools.owns(childId, this);
        try {
            headers.send(producer, client, m, UimaAsProtocol.REQUEST, UimaAsProtocol.PROCESS);
        } catch (JMSException e) {
            out.remove(childId);
            pools.disowns(childId);
            taken.put(child, Boolean.TRUE);
            throw e;
        }
        sent++;
    }

    /** How many child CASes the route sent for this request so far. */
    public synchronized int sent() {
        return sent;
    }

    /** Where clients release children: the JMSReplyTo of each child, of ServiceInfo and of the GetMeta reply. */
    synchronized Destination releases() {
        return releases;
    }

    /** The reference id of the CAS the children are made of. */
    public synchronized String parentReferenceId() {
        return parentId;
    }

    private Message write(CAS child) throws Exception {
        if (binary) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            Serialization.serializeCAS(child, bytes);
            BytesMessage m = session.createBytesMessage();
            m.writeBytes(bytes.toByteArray());
            m.setIntProperty(UimaAsProtocol.PAYLOAD, UimaAsProtocol.BINARY);
            return m;
        }
        ByteArrayOutputStream xmi = new ByteArrayOutputStream();
        XmiCasSerializer.serialize(child, xmi);
        Message m = session.createTextMessage(xmi.toString(StandardCharsets.UTF_8));
        m.setIntProperty(UimaAsProtocol.PAYLOAD, UimaAsProtocol.XMI);
        return m;
    }

    // ---- the instance's side

    /** The session this instance sends on, and the queue its clients release children on, after a (re)connect. */
    synchronized void connect(Session instanceSession, Destination releaseQueue) throws JMSException {
        this.session = instanceSession;
        this.producer = instanceSession.createProducer(null);
        this.releases = releaseQueue;
        takeBackAll(); // children out on a lost connection will never be released
    }

    synchronized void begin(String parentReferenceId, Destination replyTo, boolean binarySerialization) {
        this.parentId = parentReferenceId;
        this.client = replyTo;
        this.binary = binarySerialization;
        this.sent = 0;
    }

    /**
     * The input CAS is answered: children the route took and did not send come back to the pool. Those sent stay out
     * until their client releases them (the stock service answers the input CAS once its last child is sent, and
     * the stock client releases each child as it reads it).
     */
    synchronized void end() {
        for (CAS child : taken.keySet()) {
            child.reset();
            free.add(child);
        }
        taken.clear();
        parentId = null;
        client = null;
    }

    /** The client released a child. */
    synchronized void released(String childId) {
        CAS child = out.remove(childId);
        if (child != null) {
            child.reset();
            free.add(child);
            notifyAll();
        }
    }

    private void takeBackAll() {
        for (Map.Entry<String, CAS> e : out.entrySet()) {
            pools.disowns(e.getKey());
            e.getValue().reset();
            free.add(e.getValue());
        }
        out.clear();
    }

    private void requireRunning() {
        if (parentId == null) {
            throw new IllegalStateException("Child CASes are sent while the route serves their input CAS, on its"
                                            + " thread");
        }
    }
}
