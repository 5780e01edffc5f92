package dev.camelsuite.workflow.model;

/**
 * Which claim of a step an end belongs to: the workflow version the step was in and the attempt count the claim gave
 * it. A step's attempts only ever grow (each claim and each start adds one), and a step that is started when its
 * version is created again keeps its count in the new version, so no later claim of the step — after the sweeper put
 * it back in the queue, or the workflow was created again, as another version or the same — has the same pair: an end
 * that names an earlier claim is refused instead of applied to another robot's.
 */
public record StepClaim(int version, int attempts) {

    /** The claim a robot got with {@code step}, as the claim answered it. */
    public static StepClaim of(Step step) {
        return new StepClaim(step.version(), step.attempts());
    }
}
