package dev.camelsuite.uima.service;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

import dev.camelsuite.correlation.ActiveMqConnections;
import dev.camelsuite.correlation.MessageIds;
import dev.camelsuite.correlation.Tracing;
import dev.camelsuite.uima.UimaAsProtocol;
import jakarta.jms.Connection;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Session;
import org.apache.activemq.ActiveMQConnection;
import org.apache.activemq.transport.DefaultTransportListener;
import org.apache.camel.spi.ExecutorServiceManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A route served as a UIMA AS 2.x service on its broker: the connection, the instances that take Process requests
 * (each a JMS session, a thread and a CAS of its own, see {@link ServiceInstance}), the listener that answers
 * GetMeta and Collection Process Complete apart from them ({@link ServiceAdmin}), and, for a CAS multiplier, the
 * queue its clients release child CASes on ({@link ChildCasPools}).
 * <p>
 * A lost broker connection is opened again (1 s, doubling to 30 s) while the service runs; requests the broker held
 * meanwhile are served then, replies for requests in progress when it went are lost and the clients' timeouts report
 * them, as with a stock service.
 */
public final class UimaService {

    private static final Logger LOG = LoggerFactory.getLogger(UimaService.class);
    private static final long FIRST_RETRY_MILLIS = 1_000;
    private static final long LAST_RETRY_MILLIS = 30_000;

    private final ServiceSettings settings;
    private final ServedMetadata description;
    private final ServedRoute route;
    private final Tracing spans;
    private final BooleanSupplier running;
    private final ReplyHeaders headers;
    private final RequestSequence sequence = new RequestSequence();
    private final AtomicLong rejected = new AtomicLong();
    private final List<ServedCas> cases = new ArrayList<>();
    private final ChildCasPools children;
    private ScheduledExecutorService reconnects;
    private ExecutorService threads;
    private ExecutorServiceManager executors;
    private volatile Connection connection;
    private long retryMillis = FIRST_RETRY_MILLIS;

    /**
     * @param running whether the service is to go on serving (the consumer's run state)
     */
    public UimaService(ServiceSettings settings, ServedMetadata description, ServedRoute route, Tracing spans,
                       BooleanSupplier running) throws Exception {
        this.settings = settings;
        this.description = description;
        this.route = route;
        this.spans = spans;
        this.running = running;
        this.headers = new ReplyHeaders(settings.queue(), settings.brokerURL());
        for (int i = 0; i < settings.instances(); i++) {
            cases.add(new ServedCas(description.newCas()));
        }
        this.children = description.outputsNewCases() ? new ChildCasPools(this, description, headers) : null;
    }

    /** Connects and serves; wrong credentials or a broker that is not there fail here, as a stock service's start. */
    public void start(ExecutorServiceManager executors, Object source) throws JMSException {
        this.executors = executors;
        reconnects = executors.newSingleThreadScheduledExecutor(source, "UimaDriverReconnect");
        // one thread per instance, one each for GetMeta and CPC, one for a CAS multiplier's releases; after a lost
        // connection the new ones wait for the old ones to end
        threads = executors.newFixedThreadPool(source, "UimaDriverService", cases.size() + (children != null ? 3 : 2));
        connect();
    }

    /** Stops: the instances finish the request in hand and answer it before the connection goes. */
    public void stop() {
        if (reconnects != null) {
            executors.shutdownNow(reconnects);
            reconnects = null;
        }
        if (threads != null) {
            executors.shutdownGraceful(threads);
            threads = null;
        }
        ActiveMqConnections.close(connection);
        connection = null;
    }

    private synchronized void connect() throws JMSException {
        Connection c = ActiveMqConnections.open(settings.connectionURL(), settings.userName(), settings.password(),
                amq -> amq.getPrefetchPolicy().setQueuePrefetch(settings.prefetch()));
        List<Runnable> listeners = new ArrayList<>();
        try {
            listenForLoss(c);
            // a request aimed at one instance (TargetServiceId, as stock clients set it) reaches this process only
            // when it names this process's id
            String targeted = "(" + UimaAsProtocol.TARGET_SERVICE_ID + " IS NULL OR "
                              + UimaAsProtocol.TARGET_SERVICE_ID + " = '" + headers.serviceId() + "')";
            Destination[] opened = new Destination[1];
            if (children != null) {
                listeners.add(children.open(c, opened));
            }
            Destination releases = opened[0];
            // GetMeta and Collection Process Complete each on a session and thread of its own: a CPC that waits for
            // the requests before it (up to cpcTimeout) never holds back the GetMeta a client's timeout waits for
            listeners.add(admin(c, targeted, UimaAsProtocol.GET_META, releases, "GetMeta listener"));
            listeners.add(admin(c, targeted, UimaAsProtocol.COLLECTION_PROCESS_COMPLETE, releases, "CPC listener"));
            // the instances take every other message, the protocol's and anything else (which they log and drop)
            String others = targeted + " AND (" + UimaAsProtocol.COMMAND + " IS NULL OR NOT ("
                            + ServiceAdmin.COMMANDS + "))";
            for (int i = 0; i < cases.size(); i++) {
                Session session = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                ServiceInstance instance = new ServiceInstance(this, session, cases.get(i),
                        children != null ? children.instance(i, session, releases) : null);
                listeners.add(new ReceiveLoop(this, session.createConsumer(session.createQueue(settings.queue()),
                        others), instance::onMessage, "Instance"));
            }
            c.start();
            listeners.forEach(threads::execute);
            connection = c;
            retryMillis = FIRST_RETRY_MILLIS;
            LOG.info("Serving {} on queue {} at {} with {} instance(s){}", description.name(), settings.queue(),
                    settings.brokerURL(), cases.size(), children != null ? " as a CAS multiplier" : "");
        } catch (JMSException | RuntimeException e) {
            ActiveMqConnections.close(c);
            throw e;
        }
    }

    /** A listener of its own for one of the commands {@link ServiceAdmin} answers. */
    private ReceiveLoop admin(Connection c, String targeted, int command, Destination releases, String what)
            throws JMSException {
        Session session = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        return new ReceiveLoop(this, session.createConsumer(session.createQueue(settings.queue()),
                targeted + " AND " + UimaAsProtocol.COMMAND + " = " + command),
                new ServiceAdmin(this, session, releases)::onMessage, what);
    }

    private void listenForLoss(Connection c) throws JMSException {
        if (c instanceof ActiveMQConnection amq) {
            // a failed transport is a lost connection; the exception listener also hears the broker's answers to
            // asynchronous sends (a reply to a client whose queue is gone), which lose nothing
            amq.addTransportListener(new DefaultTransportListener() {
                @Override
                public void onException(IOException e) {
                    onConnectionLost(c, e.toString());
                }
            });
            c.setExceptionListener(e -> {
                if (!(e.getCause() instanceof IOException)) { // a failed transport: the listener above has it
                    LOG.warn("The broker refused a reply on queue {}: {} (a client that went away?)", settings.queue(),
                            e.getMessage());
                }
            });
        } else {
            c.setExceptionListener(e -> onConnectionLost(c, e.getMessage()));
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
                settings.brokerURL(), why, settings.queue());
        ActiveMqConnections.close(lost);
        scheduleReconnect();
    }

    private synchronized void scheduleReconnect() {
        ScheduledExecutorService executor = reconnects;
        if (executor == null || !isServing()) {
            return;
        }
        long delay = retryMillis;
        retryMillis = Math.min(retryMillis * 2, LAST_RETRY_MILLIS);
        executor.schedule(() -> {
            if (!isServing() || connection != null) {
                return;
            }
            try {
                connect();
            } catch (Exception e) {
                LOG.warn("Broker {} still cannot be reached ({}); trying again", settings.brokerURL(), e.getMessage());
                scheduleReconnect();
            }
        }, delay, TimeUnit.MILLISECONDS);
    }

    // ---- what the instances and the GetMeta listener share

    boolean isServing() {
        return running.getAsBoolean();
    }

    ServiceSettings settings() {
        return settings;
    }

    ServedMetadata description() {
        return description;
    }

    ServedRoute route() {
        return route;
    }

    Tracing spans() {
        return spans;
    }

    ReplyHeaders headers() {
        return headers;
    }

    RequestSequence sequence() {
        return sequence;
    }

    /** A message that is not a request this service answers: logged, counted, dropped. */
    void rejected(Message m, String why) {
        rejected.incrementAndGet();
        LOG.warn("Dropped message {} on queue {}: {}", MessageIds.of(m), settings.queue(), why);
    }

    /** A request whose CAS cannot be read: logged, counted, answered with what is wrong. */
    void refused(Message m, String why) {
        rejected.incrementAndGet();
        LOG.warn("Answered request {} on queue {} with an error: {}", MessageIds.of(m), settings.queue(), why);
    }

    /** How many messages this service dropped or refused as not its protocol's or not readable. */
    public long rejectedCount() {
        return rejected.get();
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
}
