package dev.camelsuite.uima;

import java.io.IOException;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import dev.camelsuite.correlation.ActiveMqConnections;
import dev.camelsuite.correlation.MessageIds;
import dev.camelsuite.correlation.Tracing;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import org.apache.activemq.ActiveMQConnection;
import org.apache.activemq.transport.DefaultTransportListener;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.apache.camel.support.DefaultConsumer;
import org.apache.uima.cas.CAS;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves a route as a UIMA AS 2.x service: stock UIMA AS clients send their CASes to the endpoint's queue and get
 * back what the route made of them, as from a service deployed with a deployment descriptor. Each of the
 * {@code concurrentConsumers} instances is a JMS session with a CAS of its own (see {@link ServiceInstance}); the
 * route runs on the instance's thread with the CAS as the body, so a slow route holds its instance only, as a busy
 * instance of a stock service does.
 * <p>
 * A lost broker connection is opened again (1 s, doubling to 30 s) while the route is started; requests the broker
 * held meanwhile are served then, replies for requests in progress when it went are lost and the clients' timeouts
 * report them, as with a stock service.
 */
public class UimaDriverConsumer extends DefaultConsumer {

    private static final Logger LOG = LoggerFactory.getLogger(UimaDriverConsumer.class);
    private static final long FIRST_RETRY_MILLIS = 1_000;
    private static final long LAST_RETRY_MILLIS = 30_000;

    private final UimaDriverEndpoint endpoint;
    private final AtomicLong sequence = new AtomicLong();
    /** The sequence numbers of the Process requests in progress, for Collection Process Complete to wait on. */
    private final NavigableSet<Long> inProgress = new ConcurrentSkipListSet<>();
    private final AtomicLong rejected = new AtomicLong();
    private final String hostAddress = localAddress();
    private final String processId = String.valueOf(ProcessHandle.current().pid());
    private ServedMetadata description;
    private List<ServedCas> cases;
    private ScheduledExecutorService reconnects;
    private ExecutorService threads;
    private volatile Connection connection;
    private long retryMillis = FIRST_RETRY_MILLIS;

    public UimaDriverConsumer(UimaDriverEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
        this.endpoint = endpoint;
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        description = ServedMetadata.load(getEndpoint().getCamelContext(), endpoint.getDescriptor());
        if (description.outputsNewCases()) {
            throw new IllegalArgumentException("Option descriptor: " + endpoint.getDescriptor()
                                               + " describes a CAS multiplier (outputsNewCASes); a route is served"
                                               + " as a service that returns the CAS it was given");
        }
        cases = new ArrayList<>();
        for (int i = 0; i < endpoint.getConcurrentConsumers(); i++) {
            cases.add(new ServedCas(description.newCas()));
        }
        reconnects = getEndpoint().getCamelContext().getExecutorServiceManager()
                .newSingleThreadScheduledExecutor(this, "UimaDriverReconnect");
        // one thread per instance; after a lost connection the new instances wait here for the old ones to end
        threads = getEndpoint().getCamelContext().getExecutorServiceManager()
                .newFixedThreadPool(this, "UimaDriverService", cases.size());
        connect(); // wrong credentials or a broker that is not there fail the start, as a stock service's would
    }

    @Override
    protected void doStop() throws Exception {
        if (reconnects != null) {
            getEndpoint().getCamelContext().getExecutorServiceManager().shutdownNow(reconnects);
            reconnects = null;
        }
        // the instances finish the request in hand and answer it before the connection goes
        if (threads != null) {
            getEndpoint().getCamelContext().getExecutorServiceManager().shutdownGraceful(threads);
            threads = null;
        }
        ActiveMqConnections.close(connection);
        connection = null;
        super.doStop();
    }

    private synchronized void connect() throws JMSException {
        Connection c = ActiveMqConnections.open(endpoint.getConnectionURL(), endpoint.getUserName(),
                endpoint.getPassword(), amq -> amq.getPrefetchPolicy().setQueuePrefetch(endpoint.getPrefetch()));
        List<ServiceInstance> instances = new ArrayList<>();
        try {
            if (c instanceof ActiveMQConnection amq) {
                // a failed transport is a lost connection; the exception listener also hears the broker's answers
                // to asynchronous sends (a reply to a client whose queue is gone), which lose nothing
                amq.addTransportListener(new DefaultTransportListener() {
                    @Override
                    public void onException(IOException e) {
                        onConnectionLost(c, e.toString());
                    }
                });
                c.setExceptionListener(e -> {
                    if (!(e.getCause() instanceof IOException)) { // a failed transport: the listener above has it
                        LOG.warn("The broker refused a reply on queue {}: {} (a client that went away?)",
                                endpoint.getQueue(), e.getMessage());
                    }
                });
            } else {
                c.setExceptionListener(e -> onConnectionLost(c, e.getMessage()));
            }
            // a request aimed at one instance (TargetServiceId, as stock clients set it) reaches this process only
            // when it names this process's id
            String selector = UimaAsProtocol.TARGET_SERVICE_ID + " IS NULL OR " + UimaAsProtocol.TARGET_SERVICE_ID
                              + " = '" + serviceId() + "'";
            for (ServedCas served : cases) {
                Session session = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageConsumer consumer = session.createConsumer(session.createQueue(endpoint.getQueue()), selector);
                instances.add(new ServiceInstance(this, session, consumer, served));
            }
            c.start();
            instances.forEach(threads::execute);
            connection = c;
            retryMillis = FIRST_RETRY_MILLIS;
            LOG.info("Serving {} on queue {} at {} with {} instance(s)", description.name(), endpoint.getQueue(),
                    endpoint.getBrokerURL(), cases.size());
        } catch (JMSException | RuntimeException e) {
            ActiveMqConnections.close(c);
            throw e;
        }
    }

    private void onConnectionLost(Connection lost, String why) {
        synchronized (this) {
            if (connection != lost) {
                return;
            }
            connection = null;
        }
        LOG.warn("Lost the connection to broker {} ({}); serving queue {} again once it is back",
                endpoint.getBrokerURL(), why, endpoint.getQueue());
        ActiveMqConnections.close(lost);
        scheduleReconnect();
    }

    private synchronized void scheduleReconnect() {
        ScheduledExecutorService executor = reconnects;
        if (executor == null || !isRunAllowed()) {
            return;
        }
        long delay = retryMillis;
        retryMillis = Math.min(retryMillis * 2, LAST_RETRY_MILLIS);
        executor.schedule(() -> {
            if (!isRunAllowed() || connection != null) {
                return;
            }
            try {
                connect();
            } catch (Exception e) {
                LOG.warn("Broker {} still cannot be reached ({}); trying again", endpoint.getBrokerURL(),
                        e.getMessage());
                scheduleReconnect();
            }
        }, delay, TimeUnit.MILLISECONDS);
    }

    // ---- what the instances ask of their consumer

    /** Runs the route on the CAS; the exception it ended with, or null. */
    Exception route(CAS cas, String referenceId) {
        Exchange exchange = createExchange(false);
        try {
            exchange.getIn().setBody(cas);
            exchange.getIn().setHeader(UimaDriverConstants.CAS_REFERENCE_ID, referenceId);
            exchange.setProperty(UimaDriverConstants.CAS, cas);
            getProcessor().process(exchange);
            return exchange.getException();
        } catch (Exception e) {
            return e;
        } finally {
            releaseExchange(exchange, false);
        }
    }

    /** A Process request was taken: its sequence number. */
    long taken() {
        long n = sequence.incrementAndGet();
        inProgress.add(n);
        return n;
    }

    void finished(long n) {
        inProgress.remove(n);
        synchronized (inProgress) {
            inProgress.notifyAll();
        }
    }

    /**
     * Waits until every Process request taken before {@code n} is answered (other instances may still be at work
     * on them), at most {@code cpcTimeout}: Collection Process Complete is the client's last word on what it sent.
     */
    void awaitRequestsBefore(long n) throws InterruptedException {
        finished(n); // the caller's own place in the sequence
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(endpoint.getCpcTimeout());
        synchronized (inProgress) {
            while (!inProgress.isEmpty() && inProgress.first() < n) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    LOG.warn("Collection Process Complete on queue {} answered after {} ms (option cpcTimeout) with"
                             + " requests still in progress", endpoint.getQueue(), endpoint.getCpcTimeout());
                    return;
                }
                inProgress.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            }
        }
    }

    /** A message that is not a request this service answers: logged, counted, dropped. */
    void rejected(Message m, String why) {
        rejected.incrementAndGet();
        LOG.warn("Dropped message {} on queue {}: {}", MessageIds.of(m), endpoint.getQueue(), why);
    }

    /** A request whose CAS cannot be read: logged, counted, answered with what is wrong. */
    void refused(Message m, String why) {
        rejected.incrementAndGet();
        LOG.warn("Answered request {} on queue {} with an error: {}", MessageIds.of(m), endpoint.getQueue(), why);
    }


    /** How many messages this consumer dropped or refused as not its protocol's or not readable. */
    public long getRejectedCount() {
        return rejected.get();
    }

    Tracing spans() {
        return endpoint.getComponent().spans();
    }

    ServedMetadata description() {
        return description;
    }

    int maxCasSize() {
        return endpoint.getMaxCasSize();
    }

    String queueName() {
        return endpoint.getQueue();
    }

    String brokerURL() {
        return endpoint.getBrokerURL();
    }

    String hostAddress() {
        return hostAddress;
    }

    String processId() {
        return processId;
    }

    /** This process's id as clients target it: the stock service's ip:pid. */
    String serviceId() {
        return hostAddress + ":" + processId;
    }

    /** What the client is told about a failed route: the messages of the exception and its root cause. */
    static String describe(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String top = failure.getMessage() != null ? failure.getMessage() : failure.getClass().getSimpleName();
        if (root == failure || root.getMessage() == null || top.contains(root.getMessage())) {
            return top;
        }
        return top + "; cause: " + root.getMessage();
    }

    private static String localAddress() {
        try {
            return InetAddress.getLocalHost().getHostAddress();
        } catch (Exception e) {
            return "127.0.0.1";
        }
    }
}
