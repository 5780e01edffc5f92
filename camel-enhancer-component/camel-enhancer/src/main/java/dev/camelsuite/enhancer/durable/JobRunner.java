package dev.camelsuite.enhancer.durable;

import java.sql.SQLException;
import java.util.function.BooleanSupplier;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.remote.wire.WireFormat;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one claimed job: its item to its endpoint, as a route's exchange would go, and what came back into its row.
 * A job its runner no longer holds when it ends (the lease ran out, the context gave it back) keeps the other
 * runner's outcome: the update is conditional.
 */
final class JobRunner {

    private static final Logger LOG = LoggerFactory.getLogger(JobRunner.class);

    private final JobTable table;
    private final ProducerTemplate template;
    private final String runner;
    private final JobSettings settings;
    private final BooleanSupplier stopping;

    JobRunner(JobTable table, ProducerTemplate template, String runner, JobSettings settings,
              BooleanSupplier stopping) {
        this.table = table;
        this.template = template;
        this.runner = runner;
        this.settings = settings;
        this.stopping = stopping;
    }

    void run(StoredJob job) {
        if (job.attempts() > settings.maxAttempts()) {
            end(job, JobState.FAILED, null, "The job was started " + settings.maxAttempts() + " times without"
                                            + " finishing (jobMaxAttempts): its runners stopped or died while running it");
            return;
        }
        ContentItem item;
        try {
            item = WireFormat.BINARY.read(job.content());
        } catch (RuntimeException e) {
            end(job, JobState.FAILED, null, "The job's stored item cannot be read: " + e.getMessage());
            return;
        }
        Exchange exchange;
        try {
            exchange = template.send(job.endpoint(), e -> e.getIn().setBody(item));
        } catch (RuntimeException e) {
            // the endpoint cannot be made here (a chain this context lacks, an option it refuses)
            end(job, JobState.FAILED, null, "The job's endpoint " + job.endpoint() + " cannot be used: " + e.getMessage());
            return;
        }
        Object body = exchange.getMessage().getBody();
        byte[] result = body instanceof ContentItem enhanced ? WireFormat.BINARY.write(enhanced) : null;
        Exception failure = exchange.getException();
        if (failure == null) {
            end(job, JobState.DONE, result, null);
        } else {
            String why = failure.getMessage() != null ? failure.getMessage() : failure.getClass().getSimpleName();
            end(job, JobState.FAILED, result, why);
        }
    }

    private void end(StoredJob job, JobState state, byte[] result, String error) {
        if (stopping.getAsBoolean()) {
            // the run was cut short by the context's stop: the job goes back to the queue, not to the routes
            return;
        }
        try {
            if (!table.finish(job.id(), runner, state, result, error, System.currentTimeMillis())) {
                LOG.debug("Enhancer job {} was no longer this runner's when it ended: its outcome is the other's",
                        job.id());
            }
        } catch (SQLException e) {
            LOG.warn("Enhancer job {} ended but its end could not be stored ({}): it runs again once its lease ends",
                    job.id(), e.getMessage());
        }
    }
}
