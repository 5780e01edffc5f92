package dev.camelsuite.workflow.model;

import java.math.BigDecimal;

import dev.camelsuite.workflow.StepStatus;

/**
 * A status update of one step, as the workflow service takes it: status, error message and error text are always
 * written (so a success clears an old error); lifecycle, note, lane and elapsed only when given.
 *
 * @param status         the new status
 * @param expectedStatus the status the step must have now, or null for an unconditional update
 * @param claim          the claim the update ends ({@code started} in that version with that attempt count), or null
 *                       when it ends none
 */
public record StepUpdate(String status, String expectedStatus, String errorMessage, String errorText,
                         BigDecimal elapsed, String lifecycle, String note, String lane, StepClaim claim) {

    public StepUpdate(String status, String expectedStatus, String errorMessage, String errorText, BigDecimal elapsed,
                      String lifecycle, String note, String lane) {
        this(status, expectedStatus, errorMessage, errorText, elapsed, lifecycle, note, lane, null);
    }

    public static StepUpdate to(String status) {
        return new StepUpdate(status, null, null, null, null, null, null, null);
    }

    public StepUpdate expecting(String expected) {
        return new StepUpdate(status, expected, errorMessage, errorText, elapsed, lifecycle, note, lane, claim);
    }

    /** The same update, applied only while the step is still {@code started} under {@code held}. */
    public StepUpdate ending(StepClaim held) {
        return new StepUpdate(status, StepStatus.STARTED.label(), errorMessage, errorText, elapsed, lifecycle, note, lane,
                held);
    }

    public StepUpdate withError(String message, String text) {
        return new StepUpdate(status, expectedStatus, message, text, elapsed, lifecycle, note, lane, claim);
    }

    public StepUpdate withElapsed(BigDecimal seconds) {
        return new StepUpdate(status, expectedStatus, errorMessage, errorText, seconds, lifecycle, note, lane, claim);
    }

    public StepUpdate withNote(String text) {
        return new StepUpdate(status, expectedStatus, errorMessage, errorText, elapsed, lifecycle, text, lane, claim);
    }
}
