package dev.camelsuite.app.enhancer.jobs;

import java.time.Instant;

/**
 * An enhancement job as its submitter sees it, without its content and its answer.
 *
 * @param answerStatus the HTTP status of its answer once finished, else 0
 * @param detail       why it failed or was cancelled, or null
 * @param progress     its engines' progress as JSON ({@link JobProgress}), or null before its chain started
 */
public record Job(String id, String owner, String chain, JobState state, Instant submitted, Instant started,
                  Instant finished, int attempts, int answerStatus, String detail, String progress) {
}
