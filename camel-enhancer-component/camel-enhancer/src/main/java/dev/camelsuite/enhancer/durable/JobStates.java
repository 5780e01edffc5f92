package dev.camelsuite.enhancer.durable;

import java.util.List;

/** The finished states the jobs consumer's {@code state} option names. */
public final class JobStates {

    private JobStates() {
    }

    /** done, failed, or finished (both), failing with a message naming the option otherwise. */
    public static List<JobState> of(String option) {
        return switch (option == null ? "" : option) {
            case "done" -> List.of(JobState.DONE);
            case "failed" -> List.of(JobState.FAILED);
            case "finished" -> List.of(JobState.DONE, JobState.FAILED);
            default -> throw new IllegalArgumentException("Option state must be done, failed or finished but was '"
                                                          + option + "'");
        };
    }
}
