package dev.camelsuite.enhancer.remote.producer;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import dev.camelsuite.correlation.Correlator;
import dev.camelsuite.enhancer.EnhancerConfiguration;
import dev.camelsuite.enhancer.remote.wire.Controls;
import dev.camelsuite.enhancer.remote.wire.WireMessages;
import dev.camelsuite.enhancer.remote.wire.WireProtocol;
import dev.camelsuite.enhancer.remote.wire.WorkerException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import org.apache.camel.AsyncCallback;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangeTimedOutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Collection process complete, sent to the live worker instances — those that answer a fresh metadata request within
 * {@value #LIVE_WORKERS_MILLIS} ms (each answers on a session of its own, busy or not); instances that do not are
 * forgotten, so a dead worker never holds it up. The exchange completes when all of them answered, or fails after
 * cpcTimeout naming the silent. Answers of other instances (foreign, stale) change nothing. One at a time per producer.
 */
final class CollectionProcessCompleteFanOut {

    private static final Logger LOG = LoggerFactory.getLogger(CollectionProcessCompleteFanOut.class);
    /** How long the live instances have to answer the metadata request before collection process complete is sent. */
    static final long LIVE_WORKERS_MILLIS = 1000;

    private final EnhancerConfiguration configuration;
    private final ProducerLink link;
    private final WorkerDirectory directory;
    private final Correlator<?, ?> requests;
    private final ProducerStatistics statistics;
    private final AtomicReference<Waiting> current = new AtomicReference<>();

    /** A collection process complete waiting for the worker instances it was sent to. */
    private static final class Waiting {
        final Exchange exchange;
        final AsyncCallback callback;
        final Set<String> expected = new TreeSet<>();
        final Set<String> answered = new TreeSet<>();
        final List<String> failures = new ArrayList<>();
        ScheduledFuture<?> timeout;

        Waiting(Exchange exchange, AsyncCallback callback) {
            this.exchange = exchange;
            this.callback = callback;
        }
    }

    CollectionProcessCompleteFanOut(EnhancerConfiguration configuration, ProducerLink link, WorkerDirectory directory,
                                    Correlator<?, ?> requests, ProducerStatistics statistics) {
        this.configuration = configuration;
        this.link = link;
        this.directory = directory;
        this.requests = requests;
        this.statistics = statistics;
    }

    /** Starts one for the exchange: asks who is alive, and sends it to them a moment later. */
    void start(Exchange exchange, AsyncCallback callback) throws JMSException {
        Waiting c = new Waiting(exchange, callback);
        if (!current.compareAndSet(null, c)) {
            throw new IllegalStateException("A collection process complete is already waiting for the workers of queue "
                                            + configuration.getQueue());
        }
        long asked = System.nanoTime();
        try {
            link.sendControl(WireProtocol.METADATA);
        } catch (JMSException | RuntimeException e) {
            current.compareAndSet(c, null);
            throw e;
        }
        requests.getTimer().schedule(() -> send(c, asked), LIVE_WORKERS_MILLIS, TimeUnit.MILLISECONDS);
    }

    private void send(Waiting c, long asked) {
        Set<String> live = directory.liveSince(asked);
        if (live.isEmpty()) {
            fail(c, new IllegalStateException("No worker instance of queue " + configuration.getQueue()
                                              + " answered a metadata request within " + LIVE_WORKERS_MILLIS
                                              + " ms: collection process complete reaches none"));
            return;
        }
        synchronized (c) {
            c.expected.addAll(live);
        }
        if (configuration.getCpcTimeout() > 0) {
            c.timeout = requests.getTimer().schedule(() -> end(c, true), configuration.getCpcTimeout(),
                    TimeUnit.MILLISECONDS);
        }
        try {
            link.sendControl(WireProtocol.COLLECTION_PROCESS_COMPLETE);
        } catch (JMSException | RuntimeException e) {
            fail(c, e);
        }
    }

    /** An instance answered collection process complete. */
    void answered(Message message) throws JMSException {
        Waiting c = current.get();
        if (c == null) {
            return;
        }
        String instance = Controls.instanceOf(message);
        boolean all;
        synchronized (c) {
            if (!c.expected.contains(instance)) {
                // an instance it was not sent to (foreign, or forgotten as dead): its answer changes nothing
                LOG.debug("Ignored an answer to collection process complete from {} on queue {}", instance,
                        configuration.getQueue());
                return;
            }
            c.answered.add(instance);
            if (Controls.isError(message)) {
                WorkerException error = WireMessages.errorOf(message);
                c.failures.add(instance + ": " + (error == null ? "failed" : error.getMessage()));
            }
            all = c.answered.containsAll(c.expected);
        }
        if (all) {
            end(c, false);
        }
    }

    /** Ends the waiting one, if any, with the failure (the producer stops). */
    void abort(Exception failure) {
        Waiting c = current.get();
        if (c != null && current.compareAndSet(c, null)) {
            c.exchange.setException(failure);
            c.callback.done(false);
        }
    }

    /** Ends it with a failure, unless it ended already. */
    private void fail(Waiting c, Exception failure) {
        if (!current.compareAndSet(c, null)) {
            return;
        }
        if (c.timeout != null) {
            c.timeout.cancel(false);
        }
        c.exchange.setException(failure);
        requests.continueElsewhere(() -> c.callback.done(false));
    }

    /** Ends it once: by its last answer or by its timeout. */
    private void end(Waiting c, boolean timedOut) {
        if (!current.compareAndSet(c, null)) {
            return;
        }
        if (c.timeout != null) {
            c.timeout.cancel(false);
        }
        synchronized (c) {
            statistics.collectionProcessComplete(timedOut || !c.failures.isEmpty());
            List<String> answered = List.copyOf(c.answered);
            c.exchange.getMessage().setBody(answered);
            if (timedOut) {
                Set<String> silent = new TreeSet<>(c.expected);
                silent.removeAll(c.answered);
                c.exchange.setException(new ExchangeTimedOutException(c.exchange, configuration.getCpcTimeout(),
                        "Collection process complete on queue " + configuration.getQueue() + ": no answer from "
                        + silent + " within " + configuration.getCpcTimeout() + " ms (option cpcTimeout); answered: "
                        + answered));
            } else if (!c.failures.isEmpty()) {
                c.exchange.setException(new IllegalStateException("Collection process complete failed on queue "
                                                                  + configuration.getQueue() + ": " + c.failures));
            }
        }
        // never on the connection's thread, which told of the last answer
        requests.continueElsewhere(() -> c.callback.done(false));
    }
}
