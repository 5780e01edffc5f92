package dev.camelsuite.correlation;

import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.TimeoutMap;
import org.apache.camel.spi.ThreadPoolProfile;
import org.apache.camel.support.DefaultTimeoutMap;
import org.apache.camel.support.service.ServiceHelper;
import org.apache.camel.support.service.ServiceSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The requests of an asynchronous producer to a service that answers on its own time, correlated by key (the
 * reference id), holding no thread while a request is out: places, timeouts, retries and exactly-once completion as
 * the package describes them. The producer keeps its wire protocol: it sends through its {@link RequestChannel} and
 * reads its replies.
 */
public final class Correlator<R extends CorrelatedRequest<P>, P> extends ServiceSupport {

    private static final Logger LOG = LoggerFactory.getLogger(Correlator.class);
    /** How a request without a timeout is registered: in practice never evicted. */
    private static final long NO_TIMEOUT = 100L * 365 * 24 * 3600 * 1000;
    private static final long TIMEOUT_CHECK_INTERVAL = 100;

    private final CamelContext camelContext;
    private final Object owner;
    private final String name;
    private final RequestChannel<R> channel;
    private final int maxRetries;
    private final Queue<P> places = new ConcurrentLinkedQueue<>();
    private final Map<String, R> active = new ConcurrentHashMap<>();
    private final WaitingLine<R> waiting;
    private volatile ScheduledExecutorService timer;
    /** Where the routes of completed exchanges go on. */
    private final Continuations continuations = new Continuations();
    /** While the connection to the broker is interrupted nothing is sent: requests wait for it in the line. */
    private volatile boolean paused;
    private volatile DefaultTimeoutMap<String, R> inFlight;

    /**
     * @param owner      the producer, whose threads these are (for the executor service manager)
     * @param name       the name of the timeout thread, and of the requests in log messages
     * @param maxRetries how many times a request is sent again after a refused send or a timeout
     * @param maxWaiting how many requests may wait for a place; one more is refused
     */
    public Correlator(CamelContext camelContext, Object owner, String name, RequestChannel<R> channel, int maxRetries,
                      int maxWaiting) {
        if (maxRetries < 0) {
            throw new IllegalArgumentException("maxRetries must be >= 0, was " + maxRetries);
        }
        this.camelContext = camelContext;
        this.owner = owner;
        this.name = name;
        this.channel = channel;
        this.maxRetries = maxRetries;
        this.waiting = new WaitingLine<>(maxWaiting);
    }

    /** Adds a place: one more request may be in flight. */
    public void addPlace(P place) {
        places.add(place);
        if (isRunAllowed()) {
            sendWaiting();
        }
    }

    /** Takes away the places not in use now (the producer stops). */
    public void clearPlaces() {
        places.clear();
    }

    /**
     * Accepts a request: sent at once when a place is free, else put in the waiting line, where it waits at most its
     * timeout.
     *
     * @return false, and nothing done, when a request of the same key is already accepted
     * @throws RejectedExecutionException when no place is free and {@code maxWaiting} requests wait already
     */
    public boolean submit(R request) {
        if (active.putIfAbsent(request.getKey(), request) != null) {
            return false;
        }
        P place = paused ? null : places.poll();
        if (place != null) {
            send(request, place);
            return true;
        }
        if (!waiting.reserve()) {
            active.remove(request.getKey(), request);
            throw new RejectedExecutionException(name + ": every place is taken and " + waiting.max() + " requests wait"
                                                 + " for one already (option maxWaiting)");
        }
        request.waited(true);
        if (request.getTimeout() > 0) {
            try {
                request.expiry(timer.schedule(() -> expireWaiting(request), request.getTimeout(),
                        TimeUnit.MILLISECONDS));
            } catch (RejectedExecutionException stopped) {
                waiting.unreserve();
                active.remove(request.getKey(), request);
                throw stopped;
            }
        }
        waiting.add(request);
        sendWaiting();
        return true;
    }

    /** A request still waiting for a place when its timeout ran out fails without being sent. */
    private void expireWaiting(R request) {
        if (waiting.remove(request)) {
            channel.noReplyInTime(request);
            complete(request, channel.timedOut(request), null);
        }
    }

    /**
     * Sends a request that needs no place and is never sent again (a control message whose answer completes an
     * exchange, such as collection process complete). A send that fails completes it with the failure.
     *
     * @return false, and nothing done, when a request of the same key is already accepted
     */
    public boolean sendAlone(R request) {
        if (active.putIfAbsent(request.getKey(), request) != null) {
            return false;
        }
        request.resendable(false);
        transmit(request);
        return true;
    }

    /** The request a reply names, now owned by the caller, who completes it; null when it already ended. */
    public R take(String key) {
        DefaultTimeoutMap<String, R> map = inFlight;
        return key == null || map == null ? null : map.remove(key);
    }

    /** The accepted request of that key, to look at (not to complete), or null. */
    public R find(String key) {
        return key == null ? null : active.get(key);
    }

    /**
     * Completes an owned request: puts the result or the failure on its exchange, calls its callback, frees its
     * place and lets a waiting request have it. Only the first completion of a request does anything.
     */
    public void complete(R request, Exception failure, ExchangeResult result) {
        if (end(request, failure, result)) {
            // the thread that completed the request — the reply listener, the timeout thread, a sender — goes back to
            // its own work at once, so one slow step after the producer delays no other reply, timeout or send
            continuations.run(() -> request.callback().done(false));
            if (isRunAllowed()) {
                sendWaiting();
            }
        }
    }

    /**
     * Hands an owned request to a continuation thread, which reads its reply ({@code reading}) and completes it with
     * {@link #completeHere}: the route then goes on on that thread, with no second hand-off. The thread that received
     * the reply (the broker connection's own) is free again as soon as it has found the request. Runs it here when the
     * pool refuses it (stopping).
     */
    public void continueWith(R request, Consumer<R> reading) {
        continuations.run(() -> reading.accept(request));
    }

    /**
     * Completes an owned request as {@link #complete} does, but goes on with its route on this thread: for a
     * continuation thread that {@link #continueWith} gave the request to. The place is free, and a waiting request
     * sent, before the route goes on.
     */
    public void completeHere(R request, Exception failure, ExchangeResult result) {
        if (end(request, failure, result)) {
            if (isRunAllowed()) {
                sendWaiting();
            }
            request.callback().done(false);
        }
    }

    /** Puts the outcome on the exchange and frees the place; false when the request had been completed before. */
    private boolean end(R request, Exception failure, ExchangeResult result) {
        if (!request.markCompleted()) {
            LOG.warn("{}: request {} was completed already; a second completion was ignored", name, request.getKey());
            return false;
        }
        active.remove(request.getKey(), request);
        P place = request.getPlace();
        request.place(null);
        Exchange exchange = request.getExchange();
        try {
            if (result != null) {
                result.applyTo(exchange);
            }
            if (failure != null) {
                exchange.setException(failure);
            }
        } catch (Exception e) {
            exchange.setException(e);
        } finally {
            if (place != null) {
                places.add(place);
            }
        }
        return true;
    }

    /**
     * Runs the rest of a route that is not a request's (a control message's answer) on the continuation threads, as
     * {@link #complete} does for requests; here when the pool refuses it (stopping).
     */
    public void continueElsewhere(Runnable rest) {
        continuations.run(rest);
    }

    /** Fails every request still waiting for a place, each with a new {@code failure}. */
    public void failWaiting(Supplier<Exception> failure) {
        R r;
        while ((r = waiting.poll()) != null) {
            complete(r, failure.get(), null);
        }
    }

    /** Fails every request in flight that no reply owns yet, each with a new {@code failure}. */
    public void failInFlight(Supplier<Exception> failure) {
        for (String key : active.keySet()) {
            R owned = take(key);
            if (owned != null) {
                complete(owned, failure.get(), null);
            }
        }
    }

    /** Requests accepted and not yet completed: waiting or in flight. */
    public int getActiveCount() {
        return active.size();
    }

    /** Requests registered for a reply. */
    public int getInFlightCount() {
        DefaultTimeoutMap<String, R> map = inFlight;
        return map == null ? 0 : map.size();
    }

    /** Requests waiting for a place. */
    public int getWaitingCount() {
        return waiting.size();
    }

    /** Places free now. */
    public int getFreePlaces() {
        return places.size();
    }

    /** The scheduler of the timeouts, for the producer's other deadlines. */
    public ScheduledExecutorService getTimer() {
        return timer;
    }

    private void send(R request, P place) {
        request.place(place);
        if (request.expiry() != null) {
            request.expiry().cancel(false);
        }
        if (request.waited() && request.getAttempts() == 0) {
            channel.waitedForPlace(request, System.nanoTime() - request.acceptedNanos());
        }
        transmit(request);
    }

    /** Registers the request for its reply, then sends it; a refused send is retried or completes the request. */
    private void transmit(R request) {
        while (true) {
            // the first attempt gets what is left of the timeout after the wait for a place; a retry the whole timeout
            long timeout = request.getTimeout() <= 0 ? NO_TIMEOUT
                    : request.getAttempts() == 0 ? Math.max(1, request.getTimeout() - request.waitedMillis())
                    : request.getTimeout();
            request.sent();
            inFlight.put(request.getKey(), request, timeout);
            try {
                channel.send(request);
                channel.sent(request);
                return;
            } catch (Exception e) {
                if (take(request.getKey()) == null) {
                    return; // a reply or the timeout got there first and owns the request
                }
                if (!request.resendable() || request.getAttempts() > maxRetries || !isRunAllowed()) {
                    complete(request, e, null);
                    return;
                }
                LOG.warn("{}: sending request {} failed ({}); retrying", name, request.getKey(), e.getMessage());
            }
        }
    }

    /**
     * The connection to the broker is interrupted: nothing is sent until {@link #resume()}, new requests wait in the
     * line (within their timeout). The producer fails what is in flight, whose replies may be lost.
     */
    public void pause() {
        paused = true;
    }

    /**
     * The connection is back: the waiting requests are sent as places allow — on the timer thread, never on the
     * caller's: the failover transport tells of a resumed connection while it holds its reconnect lock, and a send
     * from there would wait for the producer's send lock, which a thread sending through that transport may hold
     * (a deadlock the fault-injection run found).
     */
    public void resume() {
        paused = false;
        ScheduledExecutorService t = timer;
        if (isRunAllowed() && t != null) {
            try {
                t.execute(this::sendWaiting);
            } catch (RejectedExecutionException stopping) {
                // stopping: the waiting requests are failed by doStop
            }
        }
    }

    /** Sends waiting requests while there are places; safe to call from any thread at any time. */
    private void sendWaiting() {
        while (!waiting.isEmpty() && !paused) {
            P place = places.poll();
            if (place == null) {
                return;
            }
            R r = waiting.poll();
            if (r == null) {
                places.add(place);
                return;
            }
            send(r, place);
        }
    }

    private void onTimeoutMapEvent(TimeoutMap.Listener.Type type, String key, R request) {
        if (type != TimeoutMap.Listener.Type.Evict) {
            return;
        }
        // evicted: this thread owns the request now
        channel.noReplyInTime(request);
        if (request.resendable() && request.getAttempts() <= maxRetries && isRunAllowed()) {
            LOG.info("{}: no reply to request {} within {} ms; sending it again (attempt {} of {})", name, key,
                    request.getTimeout(), request.getAttempts() + 1, maxRetries + 1);
            transmit(request);
        } else {
            complete(request, channel.timedOut(request), null);
        }
    }

    @Override
    protected void doStart() throws Exception {
        continuations.start(camelContext, owner, name + "Continuations");
        // one timer thread; its queue holds an expiry per waiting request and the timeout map's check, so it is as
        // long as the waiting line (maxWaiting) allows, and no longer — a profile's queue limit would refuse requests
        ThreadPoolProfile oneThread = new ThreadPoolProfile(name);
        oneThread.setPoolSize(1);
        oneThread.setMaxQueueSize(-1);
        timer = camelContext.getExecutorServiceManager().newScheduledThreadPool(owner, name, oneThread);
        DefaultTimeoutMap<String, R> map = new DefaultTimeoutMap<>(timer, TIMEOUT_CHECK_INTERVAL);
        map.addListener(this::onTimeoutMapEvent);
        ServiceHelper.startService(map);
        inFlight = map;
    }

    @Override
    protected void doStop() throws Exception {
        // the producer failed its requests with its own words before; whatever is left ends here
        failWaiting(() -> new RejectedExecutionException(name + " stopped before the request was sent"));
        failInFlight(() -> new RejectedExecutionException(name + " stopped while the request was in flight"));
        ServiceHelper.stopService(inFlight);
        if (timer != null) {
            camelContext.getExecutorServiceManager().shutdown(timer);
            timer = null;
        }
        continuations.stop(camelContext);
    }
}
