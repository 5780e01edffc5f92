package dev.camelsuite.enhancer.remote;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

import jakarta.jms.JMSSecurityException;
import org.apache.camel.CamelContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Attaches a worker or a producer to the broker on a thread of its own, trying again until it succeeds or is stopped,
 * so that a broker that is not there yet holds up nobody: not the start of the application (a {@code failover:} URL
 * whose brokers are all down waits for them in the JMS calls themselves), not its stop. The first attempt's outcome is
 * awaited for a short while, so that with the broker there everything is attached when the start returns.
 * A broker that refuses the credentials fails the start: trying again would change nothing.
 */
public final class BrokerConnector {

    private static final Logger LOG = LoggerFactory.getLogger(BrokerConnector.class);
    /** The longest pause between attempts. */
    static final long MAX_PAUSE_MILLIS = 30_000;

    /** What is attached: opened by {@link #attach}, forcibly given up by {@link #abandon}. */
    public interface Attachment {
        /** Opens the connection, sessions and consumers; throws when the broker cannot be reached. */
        void attach() throws Exception;

        /** Gives up what {@link #attach} opened so far, also while it is blocked waiting for the broker. */
        void abandon();
    }

    private final CamelContext context;
    private final Object owner;
    private final String what;
    private final Attachment attachment;
    private final CountDownLatch firstAttempt = new CountDownLatch(1);
    private volatile boolean stopping;
    private volatile boolean attached;
    private volatile String lastFailure;
    private volatile Exception refused;
    private volatile ExecutorService thread;

    /** @param what the attached thing and its queue, for the log: "worker vm:1 of queue q" */
    public BrokerConnector(CamelContext context, Object owner, String what, Attachment attachment) {
        this.context = context;
        this.owner = owner;
        this.what = what;
        this.attachment = attachment;
    }

    /**
     * Starts attaching, and waits for the first attempt's outcome for at most {@code waitMillis}.
     *
     * @return whether it is attached now
     */
    public boolean start(long waitMillis) throws Exception {
        thread = context.getExecutorServiceManager().newSingleThreadExecutor(owner, "EnhancerBrokerConnector");
        thread.execute(this::attachUntilStopped);
        firstAttempt.await(waitMillis, TimeUnit.MILLISECONDS);
        if (refused != null) {
            stop();
            throw refused;
        }
        if (!attached && lastFailure == null) {
            // a failover transport waiting for its brokers: no failure to tell, only the wait
            LOG.warn("The {} has not reached the broker within {} ms; it goes on waiting for it, and attaches when the"
                     + " broker is there", what, waitMillis);
        }
        return attached;
    }

    /** Whether the attachment succeeded (the connection may have been interrupted since). */
    public boolean isAttached() {
        return attached;
    }

    /** Why the last attempt failed, or null. */
    public String lastFailure() {
        return lastFailure;
    }

    /** Stops trying; an attempt under way is abandoned. */
    public void stop() throws InterruptedException {
        stopping = true;
        if (!attached) {
            attachment.abandon();
        }
        if (thread != null) {
            context.getExecutorServiceManager().shutdownNow(thread);
            thread.awaitTermination(10, TimeUnit.SECONDS);
            thread = null;
        }
    }

    private static boolean isRefusal(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof JMSSecurityException || t instanceof SecurityException) {
                return true;
            }
        }
        return false;
    }

    private void attachUntilStopped() {
        long pause = 1000;
        boolean told = false;
        while (!stopping) {
            try {
                attachment.attach();
                attached = true;
                lastFailure = null;
                if (told) {
                    LOG.info("The {} reached the broker and is attached", what);
                }
                // nothing left to do: the thread goes once this attempt returns
                thread.shutdown();
                return;
            } catch (Exception e) {
                if (stopping) {
                    return;
                }
                attachment.abandon();
                if (isRefusal(e)) {
                    // wrong credentials or missing rights: trying again changes nothing
                    refused = e;
                    return;
                }
                lastFailure = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                if (!told) {
                    LOG.warn("The {} cannot reach the broker ({}); it tries again, at most {} s apart, until the"
                             + " broker is there", what, lastFailure, MAX_PAUSE_MILLIS / 1000);
                    told = true;
                } else {
                    LOG.debug("The {} still cannot reach the broker: {}", what, lastFailure);
                }
            } finally {
                firstAttempt.countDown();
            }
            try {
                Thread.sleep(pause);
            } catch (InterruptedException e) {
                return;
            }
            pause = Math.min(pause * 2, MAX_PAUSE_MILLIS);
        }
    }
}
