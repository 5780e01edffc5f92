package dev.camelsuite.app.workflow;

import java.util.Locale;

import dev.camelsuite.workflow.store.StepRef;

/** Query parameters of the workflow API, read strictly: a bad value is a 400 that names the parameter. */
final class RequestParameters {

    private RequestParameters() {
    }

    /** A positive integer, or null when the parameter is absent or empty. */
    static Integer positiveInt(String name, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new InvalidRequestException("Parameter " + name + " must be a positive integer, not '" + value + "'");
    }

    static int requiredPositiveInt(String name, String value) {
        Integer n = positiveInt(name, value);
        if (n == null) {
            throw new InvalidRequestException("Parameter " + name + " is required (a positive integer)");
        }
        return n;
    }

    /** A non-negative integer, or null when the parameter is absent or empty. */
    static Integer nonNegativeInt(String name, String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new InvalidRequestException("Parameter " + name + " must be an integer >= 0, not '" + value + "'");
    }

    /** {@code true} or {@code false} (any case); absent or empty is false. */
    static boolean bool(String name, String value) {
        if (value == null || value.isBlank()) {
            return false;
        }
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new InvalidRequestException("Parameter " + name + " must be true or false, not '" + value
                                                         + "'");
        };
    }

    /**
     * A step written {@code workflow:process}; a leading repository ({@code dor:accessionWF:shelve}), which the
     * workflow service's clients may still send, is ignored as the service ignores it.
     */
    static StepRef step(String name, String value) {
        if (value == null || value.isBlank()) {
            throw new InvalidRequestException("Parameter " + name + " is required: workflow:process, e.g."
                                              + " accessionWF:shelve");
        }
        String[] parts = value.trim().split(":", -1);
        if (parts.length < 2 || parts.length > 3 || parts[parts.length - 2].isBlank() || parts[parts.length - 1].isBlank()) {
            throw new InvalidRequestException("Parameter " + name + " must be workflow:process, e.g. accessionWF:shelve,"
                                              + " not '" + value + "'");
        }
        return new StepRef(parts[parts.length - 2], parts[parts.length - 1]);
    }

    /** A lane, or null when the parameter is absent or empty. */
    static String lane(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }
}
