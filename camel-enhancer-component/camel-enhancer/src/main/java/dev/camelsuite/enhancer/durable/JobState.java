package dev.camelsuite.enhancer.durable;

/** Where a job stands: waiting for a runner, running, or finished one way or the other. */
public enum JobState {
    QUEUED("queued"),
    RUNNING("running"),
    /** The endpoint answered (its chain may still have failed with throwOnFailure=false: see the chain status). */
    DONE("done"),
    /** The endpoint failed (the chain, its timeout, the broker), or the job was started too often. */
    FAILED("failed");

    private final String label;

    JobState(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
