package dev.camelsuite.app.enhancer.jobs;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.app.enhancer.EnhancementBulkhead;
import dev.camelsuite.app.enhancer.EnhancementRequests;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.Cancellation;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The threads that run enhancement jobs: each claims the oldest waiting job with a lease
 * ({@code camelsuite.enhancer.jobs.lease}), runs its request as the synchronous request runs (a turn of the same
 * bulkhead, the same deadline) and stores its answer. A job whose runner died is claimed again when its lease runs
 * out; one started {@code camelsuite.enhancer.jobs.max-attempts} times without finishing fails. Housekeeping: a job
 * cancelled while it runs here is stopped within a second, a job running here for more than a second has its
 * progress kept each second, and finished jobs are deleted after
 * {@code camelsuite.enhancer.jobs.retention}. Stopping, the application gives the jobs it runs back to the queue.
 */
@ApplicationScoped
public class JobRunners {

    private static final Logger LOG = Logger.getLogger(JobRunners.class);

    @Inject
    EnhancementRequests requests;

    @Inject
    JobMeters jobMeters;

    @Inject
    JobLimits limits;

    @Inject
    JobTraces traces;

    @ConfigProperty(name = "camelsuite.enhancer.jobs.runners", defaultValue = "2")
    int runnerCount;

    @ConfigProperty(name = "camelsuite.enhancer.jobs.lease", defaultValue = "5m")
    Duration lease;

    @ConfigProperty(name = "camelsuite.enhancer.jobs.retention", defaultValue = "24h")
    Duration retention;

    @ConfigProperty(name = "camelsuite.enhancer.jobs.max-attempts", defaultValue = "3")
    int maxAttempts;

    @ConfigProperty(name = "camelsuite.enhancer.jobs.poll-interval", defaultValue = "1s")
    Duration pollInterval;

    @ConfigProperty(name = "camelsuite.enhancer.timeout", defaultValue = "60s")
    Duration timeout;

    private final Clock clock = Clock.systemUTC();
    private final String runnerId = "runner-" + UUID.randomUUID();
    private final Object wakeUp = new Object();
    private final Map<String, Running> running = new ConcurrentHashMap<>();
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean stopping;
    private JobStore store;
    private JobClaims claims;
    private ScheduledExecutorService housekeeping;

    void start(JobStore jobs, JobClaims claimed) {
        if (runnerCount < 0 || maxAttempts < 1 || lease.compareTo(timeout.multipliedBy(2)) < 0
            || retention.isNegative() || retention.isZero() || pollInterval.isNegative() || pollInterval.isZero()) {
            throw new IllegalArgumentException("camelsuite.enhancer.jobs.runners must be >= 0, max-attempts >= 1,"
                                               + " lease at least twice camelsuite.enhancer.timeout (" + timeout
                                               + "), retention and poll-interval more than 0");
        }
        this.store = jobs;
        this.claims = claimed;
        for (int i = 0; i < runnerCount; i++) {
            Thread t = new Thread(this::claimAndRun, "enhancement-job-runner-" + i);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        housekeeping = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "enhancement-job-housekeeping");
            t.setDaemon(true);
            return t;
        });
        housekeeping.scheduleWithFixedDelay(this::lookAtRunning, 1, 1, TimeUnit.SECONDS);
        // every minute, or more often for a shorter retention
        long expiry = Math.min(retention.toMillis(), TimeUnit.MINUTES.toMillis(1));
        housekeeping.scheduleWithFixedDelay(this::deleteExpired, 0, expiry, TimeUnit.MILLISECONDS);
        housekeeping.scheduleWithFixedDelay(this::count, 0, 5, TimeUnit.SECONDS);
    }

    /** A job was submitted here: a waiting runner looks at once rather than at its next poll. */
    void wake() {
        synchronized (wakeUp) {
            wakeUp.notifyAll();
        }
    }

    /** A job was cancelled here: when it runs here, its chain stops now. */
    void cancelled(String id) {
        Running r = running.get(id);
        if (r != null) {
            r.cancellation.cancel("the job was cancelled");
        }
    }

    private void claimAndRun() {
        boolean away = false;
        while (!stopping) {
            try {
                JobClaims.Claimed job = claims.claim(runnerId, clock.instant(), clock.instant().plus(lease));
                if (away) {
                    away = false;
                    LOG.infof("%s claims enhancement jobs again", Thread.currentThread().getName());
                }
                if (job == null) {
                    synchronized (wakeUp) {
                        wakeUp.wait(pollInterval.toMillis());
                    }
                } else {
                    run(job);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (SQLException | RuntimeException e) {
                // the database is away or a job broke this runner: said once, not at every poll; wait, go on
                if (!away) {
                    away = true;
                    LOG.warnf("%s cannot claim enhancement jobs (%s); it tries again every %s",
                            Thread.currentThread().getName(), e.toString(), pollInterval);
                }
                pause();
            }
        }
    }

    /** A job running here: how to stop it, and its item once made, whose execution is its progress. */
    private static final class Running {
        final Cancellation cancellation = new Cancellation();
        final long startedNanos = System.nanoTime();
        volatile ContentItem item;
    }

    private void run(JobClaims.Claimed job) throws SQLException {
        if (job.attempts() > maxAttempts) {
            claims.finish(job, runnerId, JobState.FAILED, JobAnswers.neverFinished(job.attempts() - 1),
                    "started " + (job.attempts() - 1) + " times and never finished", null, clock.instant());
            return;
        }
        Running here = new Running();
        running.put(job.id(), here);
        StoredAnswer answer;
        Span span = traces.start(job.traceparent(), job.id(), job.request().chain());
        try (Scope traced = span.makeCurrent()) {
            answer = JobAnswers.answer(() -> requests.enhance(job.request(), here.cancellation,
                    item -> here.item = item), limits.maxAnswerSize());
        } catch (EnhancementBulkhead.Full e) {
            // every turn is taken by requests made now: the job waits for its turn in the queue
            claims.release(job.id(), runnerId);
            pause();
            return;
        } finally {
            running.remove(job.id());
            span.end();
        }
        if (stopping) {
            claims.release(job.id(), runnerId);
            return;
        }
        boolean done = answer.status() < 300;
        if (done) {
            // the owner's answers are counted now rather than at submission: an answer's size is known only now
            long kept = store.keptBy(job.owner()).answerBytes();
            if (kept + answer.body().length > limits.maxKeptAnswerBytes()) {
                answer = JobAnswers.noRoomFor(answer, kept, limits.maxKeptAnswerBytes());
                done = false;
            }
        }
        claims.finish(job, runnerId, done ? JobState.DONE : JobState.FAILED, answer,
                done ? null : JobAnswers.detail(answer), JobProgress.of(here.item), clock.instant());
    }

    /**
     * Once a second: the jobs running here that were cancelled (by any application) stop, and those running for more
     * than a second have their progress kept, for whoever asks any application.
     */
    private void lookAtRunning() {
        stopCancelled();
        long aSecondAgo = System.nanoTime() - TimeUnit.SECONDS.toNanos(1);
        running.forEach((id, job) -> {
            if (job.startedNanos - aSecondAgo < 0) {
                try {
                    String progress = JobProgress.of(job.item);
                    if (progress != null) {
                        claims.progress(id, runnerId, progress);
                    }
                } catch (SQLException | RuntimeException e) {
                    LOG.debugf("Could not keep the progress of enhancement job %s: %s", id, e.toString());
                }
            }
        });
    }

    private void stopCancelled() {
        try {
            if (!running.isEmpty()) {
                for (String id : claims.cancelledAmong(List.copyOf(running.keySet()))) {
                    cancelled(id);
                }
            }
        } catch (SQLException | RuntimeException e) {
            LOG.debugf("Could not look for cancelled enhancement jobs: %s", e.toString());
        }
    }

    private void deleteExpired() {
        try {
            int deleted = store.deleteFinishedBefore(clock.instant().minus(retention));
            if (deleted > 0) {
                LOG.infof("Deleted %d enhancement jobs finished more than %s ago", deleted, retention);
            }
        } catch (SQLException | RuntimeException e) {
            LOG.debugf("Could not delete expired enhancement jobs: %s", e.toString());
        }
    }

    private void count() {
        try {
            jobMeters.refresh(store);
        } catch (SQLException | RuntimeException e) {
            LOG.debugf("Could not count the enhancement jobs: %s", e.toString());
        }
    }

    private void pause() {
        try {
            Thread.sleep(pollInterval.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The application stops: the jobs running here stop and go back to the queue, for this or another application. */
    void stop(@Observes ShutdownEvent stops) {
        stopping = true;
        running.values().forEach(r -> r.cancellation.cancel("the application stops"));
        wake();
        for (Thread t : threads) {
            try {
                t.join(TimeUnit.SECONDS.toMillis(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (housekeeping != null) {
            housekeeping.shutdownNow();
        }
    }
}
