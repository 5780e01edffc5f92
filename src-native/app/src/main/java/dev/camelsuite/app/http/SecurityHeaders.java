package dev.camelsuite.app.http;

import io.vertx.core.MultiMap;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * The headers every answer carries, whichever part of the application writes it (the APIs, the dashboard's files,
 * health, metrics, a refusal): nothing is kept by a browser or a proxy ({@code Cache-Control: private, no-store}: the
 * answers are a signed-in user's), nothing is shown in a frame of another page, nothing is read as another type than
 * the one sent, no address leaks through {@code Referer}, and the dashboard's page runs only its own scripts. They are
 * set when the answer's headers are written, so they win over what a handler set before (the static files' one-day
 * caching).
 */
@ApplicationScoped
public class SecurityHeaders {

    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; img-src 'self' data:; object-src 'none';"
                                                  + " base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    void route(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(this::onAnswer);
    }

    private void onAnswer(RoutingContext request) {
        request.addHeadersEndHandler(v -> {
            MultiMap headers = request.response().headers();
            headers.set("Cache-Control", "private, no-store");
            headers.remove("Last-Modified");
            headers.set("X-Content-Type-Options", "nosniff");
            headers.set("X-Frame-Options", "DENY");
            headers.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
            headers.set("Referrer-Policy", "no-referrer");
            headers.set("Cross-Origin-Opener-Policy", "same-origin");
            headers.set("Cross-Origin-Resource-Policy", "same-origin");
            if (request.request().isSSL()) {
                headers.set("Strict-Transport-Security", "max-age=31536000");
            }
        });
        request.next();
    }
}
