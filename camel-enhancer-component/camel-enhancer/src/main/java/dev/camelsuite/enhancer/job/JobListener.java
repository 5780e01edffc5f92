package dev.camelsuite.enhancer.job;

/** Told once when a job ends. */
@FunctionalInterface
public interface JobListener {

    /**
     * @param job  the ended job
     * @param sync true when the job ended on the thread that started it, before {@code start} returned
     */
    void jobDone(EnhancementJob job, boolean sync);
}
