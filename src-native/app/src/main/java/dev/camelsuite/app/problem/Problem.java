package dev.camelsuite.app.problem;

import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.http.HttpServerResponse;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * An error answer of both HTTP APIs as RFC 9457 problem details ({@code application/problem+json}): the status, its
 * title and a detail that tells the caller what to fix. Details are written for callers: never a stack trace, SQL or
 * a class name (the log keeps those).
 */
public final class Problem {

    public static final String MEDIA_TYPE = "application/problem+json";
    private static final ObjectMapper JSON = new ObjectMapper();

    private Problem() {
    }

    public static Response of(int status, String detail) {
        return builder(status, detail).build();
    }

    /** The answer, ready for more headers (e.g. {@code Retry-After}). */
    public static Response.ResponseBuilder builder(int status, String detail) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", "about:blank");
        body.put("title", title(status));
        body.put("status", status);
        if (detail != null && !detail.isBlank()) {
            body.put("detail", detail);
        }
        try {
            return Response.status(status).type(MediaType.valueOf(MEDIA_TYPE + ";charset=UTF-8"))
                    .entity(JSON.writeValueAsString(body));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A map of strings and numbers is always JSON", e);
        }
    }

    /**
     * Ends a Vert.x answer with a problem: for refusals made before the REST layer sees a request (sign-in, the
     * request's target), where no exception mapper runs.
     */
    public static void send(HttpServerResponse response, int status, String detail) {
        Response problem = of(status, detail);
        response.setStatusCode(status).putHeader("Content-Type", problem.getMediaType().toString())
                .end((String) problem.getEntity());
    }

    static String title(int status) {
        Response.Status known = Response.Status.fromStatusCode(status);
        if (known != null) {
            return known.getReasonPhrase();
        }
        return switch (status) {
            case 413 -> "Content Too Large";
            case 422 -> "Unprocessable Content";
            case 429 -> "Too Many Requests";
            default -> "HTTP " + status;
        };
    }
}
