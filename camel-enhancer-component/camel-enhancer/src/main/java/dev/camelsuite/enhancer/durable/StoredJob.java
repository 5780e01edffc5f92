package dev.camelsuite.enhancer.durable;

/**
 * A job as its table holds it: what was submitted (the item, serialized) and, once finished, what came back.
 *
 * @param endpoint the enhancer endpoint that runs it, without its secrets and without {@code job=true}
 * @param content  the submitted content item (the binary wire form)
 * @param result   the enhanced item (the same form); null when the endpoint gave none back
 * @param error    why it failed; null unless {@link JobState#FAILED}
 */
public record StoredJob(String id, String chain, String endpoint, JobState state, int attempts, byte[] content,
                        byte[] result, String error) {
}
