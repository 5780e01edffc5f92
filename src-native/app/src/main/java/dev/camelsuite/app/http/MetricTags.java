package dev.camelsuite.app.http;

import io.vertx.core.http.impl.HttpServerRequestInternal;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Keeps the {@code uri} tag of the HTTP server's meters to the application's own operations. Quarkus tags a request
 * with the path template of the resource method it was matched to ({@code /enhancer/chain/{name}}), and any other
 * request with its raw path: then anyone could send requests to made-up paths until the tag's cap (100 values) is
 * reached, after which real operations were no longer metered. Every request starts with the one tag
 * {@value #UNMATCHED}; the REST layer replaces it with the template when it matches the request to an operation, so
 * requests to unknown paths, refused sign-ins and the dashboard's files all share it. (Quarkus' own paths under
 * {@code /q/} are left alone: they are not metered.)
 */
@ApplicationScoped
public class MetricTags {

    /** The tag of every request that was not matched to an operation of the APIs. */
    public static final String UNMATCHED = "/UNMATCHED";
    /** Where Quarkus' HTTP meters look for the request's path template (a request-local value of Vert.x). */
    static final String TEMPLATE = "UrlPathTemplate";

    void route(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(this::tagUnmatched);
    }

    private void tagUnmatched(RoutingContext request) {
        if (!request.normalizedPath().startsWith("/q/")
            && request.request() instanceof HttpServerRequestInternal internal) {
            internal.context().putLocal(TEMPLATE, UNMATCHED);
        }
        request.next();
    }
}
