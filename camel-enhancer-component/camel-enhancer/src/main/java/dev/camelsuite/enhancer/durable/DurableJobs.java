package dev.camelsuite.enhancer.durable;

import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.remote.wire.WireFormat;
import org.apache.camel.CamelContext;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.support.service.ServiceHelper;
import org.apache.camel.support.service.ServiceSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The jobs of one enhancer component: stores submissions, runs {@code jobRunners} of them at once (whichever Camel
 * context submitted them, when it shares the database), hands finished ones to the jobs consumer and deletes those
 * nobody took after {@code jobRetention}. Stopping gives the jobs it still runs back to the queue.
 */
public class DurableJobs extends ServiceSupport {

    private static final Logger LOG = LoggerFactory.getLogger(DurableJobs.class);

    private final CamelContext context;
    private final JobTable table;
    private final JobSettings settings;
    private final String runner;
    private final Object wake = new Object();
    private ExecutorService runners;
    private ScheduledExecutorService housekeeping;
    private ProducerTemplate template;
    private volatile boolean databaseAway;
    private volatile boolean stopping;

    public DurableJobs(CamelContext context, DataSource database, JobSettings settings) {
        this.context = context;
        this.table = new JobTable(database);
        this.settings = settings;
        this.runner = ProcessHandle.current().pid() + "-" + context.getUuidGenerator().generateUuid();
    }

    /**
     * Stores a job for {@code endpoint} (an enhancer URI without {@code job=true}) over {@code item} and answers its id,
     * once stored.
     *
     * @throws RejectedExecutionException when {@code maxQueuedJobs} jobs wait or run already
     */
    public String submit(String chain, String endpoint, ContentItem item, long timeout) throws SQLException {
        if (endpoint.length() > JobTable.MAX_ENDPOINT) {
            throw new IllegalArgumentException("The endpoint URI of a job is longer than " + JobTable.MAX_ENDPOINT
                                               + " characters: " + endpoint.substring(0, 80) + "…");
        }
        long unfinished = table.unfinished();
        if (unfinished >= settings.maxQueued()) {
            throw new RejectedExecutionException(unfinished + " enhancer jobs wait or run, as many as maxQueuedJobs="
                                                 + settings.maxQueued() + " allows: submit again once some finished,"
                                                 + " or raise the enhancer component's maxQueuedJobs");
        }
        String id = context.getUuidGenerator().generateUuid();
        table.insert(id, chain, endpoint, WireFormat.BINARY.write(item), timeout, System.currentTimeMillis());
        wake();
        return id;
    }

    /** Finished jobs in one of {@code states} for a consumer, each held for it for {@code jobLease}. */
    public List<StoredJob> deliver(List<JobState> states, int max) throws SQLException {
        long now = System.currentTimeMillis();
        return table.deliver(states, now, now + settings.lease(), max);
    }

    /** A route took the job: it is deleted. */
    public void taken(String id) throws SQLException {
        table.delete(id);
    }

    /** The job, or null when it is gone (taken by a route, or past its retention). */
    public StoredJob find(String id) throws SQLException {
        return table.find(id);
    }

    public JobSettings getSettings() {
        return settings;
    }

    @Override
    protected void doStart() throws Exception {
        stopping = false;
        template = context.createProducerTemplate();
        ServiceHelper.startService(template);
        runners = context.getExecutorServiceManager().newFixedThreadPool(this, "EnhancerJobRunner",
                settings.runners());
        JobRunner run = new JobRunner(table, template, runner, settings, () -> stopping);
        for (int i = 0; i < settings.runners(); i++) {
            runners.execute(() -> loop(run));
        }
        long every = Math.max(100, Math.min(60_000, settings.retention() / 2));
        housekeeping = context.getExecutorServiceManager().newSingleThreadScheduledExecutor(this,
                "EnhancerJobRetention");
        housekeeping.scheduleWithFixedDelay(this::deleteOld, every, every, TimeUnit.MILLISECONDS);
    }

    /**
     * Stops the runners (a run they are in is interrupted, and its outcome not stored), then gives the jobs they held
     * back to the queue: another context, or this one restarted, runs them from the start.
     */
    @Override
    protected void doStop() throws Exception {
        stopping = true;
        wake();
        context.getExecutorServiceManager().shutdownNow(housekeeping);
        context.getExecutorServiceManager().shutdownNow(runners);
        // a run that ignores the interrupt is left behind: its outcome is not stored either way
        context.getExecutorServiceManager().awaitTermination(runners, Math.min(5000, settings.lease()));
        try {
            int given = table.giveBack(runner);
            if (given > 0) {
                LOG.info("Gave {} running enhancer jobs back to the queue: this Camel context stops", given);
            }
        } catch (SQLException e) {
            LOG.warn("Could not give the running enhancer jobs back ({}): they are run again once their lease ends",
                    e.getMessage());
        }
        ServiceHelper.stopService(template);
    }

    private void loop(JobRunner run) {
        while (!stopping && !Thread.currentThread().isInterrupted()) {
            StoredJob job;
            try {
                job = table.claim(runner, System.currentTimeMillis(), settings.lease());
                databaseBack();
            } catch (SQLException e) {
                databaseAway(e);
                job = null;
            }
            if (job == null) {
                pause();
            } else {
                run.run(job);
            }
        }
    }

    private void pause() {
        synchronized (wake) {
            try {
                wake.wait(settings.pollInterval());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void wake() {
        synchronized (wake) {
            wake.notifyAll();
        }
    }

    private void deleteOld() {
        try {
            int deleted = table.deleteFinishedBefore(System.currentTimeMillis() - settings.retention());
            if (deleted > 0) {
                LOG.debug("Deleted {} finished enhancer jobs no route took within jobRetention", deleted);
            }
        } catch (SQLException e) {
            databaseAway(e);
        }
    }

    private void databaseAway(SQLException e) {
        if (!databaseAway) {
            databaseAway = true;
            LOG.warn("The database of enhancer jobs does not answer ({}): jobs wait until it does", e.getMessage());
        }
    }

    private void databaseBack() {
        if (databaseAway) {
            databaseAway = false;
            LOG.info("The database of enhancer jobs answers again");
        }
    }
}
