package dev.camelsuite.enhancer.durable;

/**
 * The enhancer component's options for jobs, checked.
 *
 * @param runners     jobs a Camel context runs at once
 * @param lease       milliseconds a claimed job stays its runner's beyond its timeout, and a finished job its
 *                    consumer's, before another may take it
 * @param retention   milliseconds a finished job no route took is kept
 * @param maxAttempts how often a job is started before it fails for that alone
 * @param maxQueued   jobs that may wait or run before a submission is refused
 * @param pollInterval milliseconds between two looks for work when there was none
 */
public record JobSettings(int runners, long lease, long retention, int maxAttempts, int maxQueued, long pollInterval) {

    public JobSettings {
        positive("jobRunners", runners);
        positive("jobLease", lease);
        positive("jobRetention", retention);
        positive("jobMaxAttempts", maxAttempts);
        positive("maxQueuedJobs", maxQueued);
        positive("jobPollInterval", pollInterval);
    }

    private static void positive(String option, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException("Option " + option + " of the enhancer component must be > 0 but was "
                                               + value);
        }
    }
}
