package dev.camelsuite.app.workflow;

import java.util.Locale;

import dev.camelsuite.workflow.model.StepRef;
import jakarta.ws.rs.core.Response;

/** Query parameters of the workflow API, read strictly: a bad value is a 400 that names the parameter. */
final class RequestParameters {

    /** Objects answered by a queue query without {@code limit}. */
    static final int DEFAULT_LIMIT = 1000;
    /** The most objects a queue query answers: a larger {@code limit} is capped to it. */
    static final int MAX_LIMIT = 10_000;
    /** The header that says a query's {@code limit} was capped, and to what. */
    static final String LIMIT_CAPPED = "X-Limit-Capped";
    /** The length of the store's object id column. */
    static final int MAX_OBJECT_ID_LENGTH = 255;
    /** The length of the store's lane column. */
    static final int MAX_LANE_LENGTH = 100;

    private RequestParameters() {
    }

    /**
     * An object id as the store keeps it: 1 to 255 characters, none of them a control character (which no identifier
     * scheme uses, and which would end up in logs and XML answers).
     */
    static String objectId(String value) {
        if (value == null || value.isBlank() || value.length() > MAX_OBJECT_ID_LENGTH) {
            throw new InvalidRequestException("The object id must be 1 to " + MAX_OBJECT_ID_LENGTH + " characters");
        }
        for (int i = 0; i < value.length(); i++) {
            if (Character.isISOControl(value.charAt(i))) {
                throw new InvalidRequestException("The object id must not contain control characters");
            }
        }
        return value;
    }

    /**
     * The page size of a query: {@code limit} when given, else {@value #DEFAULT_LIMIT}; a larger one than
     * {@value #MAX_LIMIT} is taken, as the workflow service takes it, and capped to that ({@link Limit#capped()}).
     */
    static Limit limit(String value) {
        Integer n = positiveInt("limit", value);
        if (n == null) {
            return new Limit(DEFAULT_LIMIT, false);
        }
        return n > MAX_LIMIT ? new Limit(MAX_LIMIT, true) : new Limit(n, false);
    }

    /** A query's page size, and whether the caller asked for more than the answer holds at most. */
    record Limit(int rows, boolean capped) {

        /** The answer, with {@value #LIMIT_CAPPED} when capped. */
        Response answer(String body) {
            Response.ResponseBuilder answer = Response.ok(body);
            if (capped) {
                answer.header(LIMIT_CAPPED, rows);
            }
            return answer.build();
        }
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

    /** A lane (at most {@value #MAX_LANE_LENGTH} characters, as the store keeps it), or null when absent or empty. */
    static String lane(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String lane = value.trim();
        if (lane.length() > MAX_LANE_LENGTH || lane.chars().anyMatch(Character::isISOControl)) {
            throw new InvalidRequestException("Parameter lane-id must be at most " + MAX_LANE_LENGTH
                                              + " characters, none of them a control character");
        }
        return lane;
    }
}
