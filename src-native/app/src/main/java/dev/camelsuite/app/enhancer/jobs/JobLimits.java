package dev.camelsuite.app.enhancer.jobs;

import io.quarkus.runtime.configuration.MemorySize;
import jakarta.annotation.PostConstruct;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * What enhancement jobs may take: per user, the jobs waiting or running and the bytes of their content, the jobs kept
 * in every state and the bytes of their answers; per job, the bytes of its answer, which a runner holds in memory
 * while it stores it. Settings that bound nothing, or answers the runners could not hold at once, fail the start.
 */
@Startup
@ApplicationScoped
public class JobLimits {

    @ConfigProperty(name = "camelsuite.enhancer.jobs.max-unfinished-per-user", defaultValue = "10000")
    long maxUnfinished;

    @ConfigProperty(name = "camelsuite.enhancer.jobs.max-unfinished-bytes-per-user", defaultValue = "256M")
    MemorySize maxUnfinishedBytes;

    @ConfigProperty(name = "camelsuite.enhancer.jobs.max-kept-per-user", defaultValue = "100000")
    long maxKept;

    @ConfigProperty(name = "camelsuite.enhancer.jobs.max-kept-answer-bytes-per-user", defaultValue = "4G")
    MemorySize maxKeptAnswerBytes;

    @ConfigProperty(name = "camelsuite.enhancer.jobs.max-answer-size", defaultValue = "16M")
    MemorySize maxAnswerSize;

    @ConfigProperty(name = "camelsuite.enhancer.jobs.runners", defaultValue = "2")
    int runners;

    @PostConstruct
    void check() {
        if (maxUnfinished < 1 || maxUnfinishedBytes.asLongValue() < 1 || maxKept < 1
            || maxKeptAnswerBytes.asLongValue() < 1 || maxAnswerSize.asLongValue() < 1) {
            throw new IllegalArgumentException("camelsuite.enhancer.jobs.max-unfinished-per-user, …-bytes-per-user,"
                                               + " max-kept-per-user, max-kept-answer-bytes-per-user and"
                                               + " max-answer-size must be more than 0");
        }
        // a runner holds an answer while it grows (up to twice its size) and once more as the bytes it stores
        long held = 3L * runners * maxAnswerSize.asLongValue();
        long heap = Runtime.getRuntime().maxMemory();
        if (held > heap / 2) {
            throw new IllegalArgumentException("camelsuite.enhancer.jobs.runners (" + runners + ") answers of"
                                               + " camelsuite.enhancer.jobs.max-answer-size (" + maxAnswerSize
                                               .asLongValue() + " bytes) held at once need " + held + " bytes, more"
                                               + " than half the heap (" + heap + "): lower either, or give the"
                                               + " application more memory (-Xmx)");
        }
    }

    /** The most bytes a job's answer may take. */
    long maxAnswerSize() {
        return maxAnswerSize.asLongValue();
    }

    /** The most bytes one user's jobs may keep of answers. */
    long maxKeptAnswerBytes() {
        return maxKeptAnswerBytes.asLongValue();
    }

    /** Why a user who keeps {@code kept} may not submit {@code contentLength} bytes more, or null when they may. */
    String refusal(JobStore.Kept kept, long contentLength) {
        if (kept.unfinished() >= maxUnfinished || kept.unfinishedBytes() + contentLength > maxUnfinishedBytes.asLongValue()) {
            return "You have " + kept.unfinished() + " jobs waiting or running, with " + kept.unfinishedBytes()
                   + " bytes of content: at most " + maxUnfinished + " jobs and " + maxUnfinishedBytes.asLongValue()
                   + " bytes are kept per user (camelsuite.enhancer.jobs.max-unfinished-per-user,"
                   + " …-bytes-per-user); submit more when some have finished";
        }
        if (kept.jobs() >= maxKept || kept.answerBytes() >= maxKeptAnswerBytes.asLongValue()) {
            return "You keep " + kept.jobs() + " jobs with " + kept.answerBytes() + " bytes of answers: at most "
                   + maxKept + " jobs and " + maxKeptAnswerBytes.asLongValue() + " bytes of answers are kept per user"
                   + " (camelsuite.enhancer.jobs.max-kept-per-user, max-kept-answer-bytes-per-user): delete the"
                   + " finished jobs whose answers you have read (DELETE /enhancer/jobs/{id}), or wait until they are"
                   + " deleted after camelsuite.enhancer.jobs.retention";
        }
        return null;
    }

    /** Why a user who keeps {@code kept} may not add a batch of so many documents and bytes, or null when they may. */
    String batchRefusal(JobStore.Kept kept, int documents, long bytes) {
        if (kept.unfinished() + documents > maxUnfinished || kept.unfinishedBytes() + bytes > maxUnfinishedBytes.asLongValue()) {
            return "This batch of " + documents + " documents (" + bytes + " bytes) would make your jobs waiting or"
                   + " running " + (kept.unfinished() + documents) + " with " + (kept.unfinishedBytes() + bytes)
                   + " bytes of content: at most " + maxUnfinished + " jobs and " + maxUnfinishedBytes.asLongValue()
                   + " bytes are kept per user (camelsuite.enhancer.jobs.max-unfinished-per-user, …-bytes-per-user);"
                   + " send fewer documents, or more when some have finished";
        }
        if (kept.jobs() + documents > maxKept) {
            return "This batch of " + documents + " documents would make the jobs you keep " + (kept.jobs() + documents)
                   + ", more than " + maxKept + " (camelsuite.enhancer.jobs.max-kept-per-user): delete the finished"
                   + " jobs and batches whose answers you have read, or wait until they are deleted after"
                   + " camelsuite.enhancer.jobs.retention";
        }
        return null;
    }
}
