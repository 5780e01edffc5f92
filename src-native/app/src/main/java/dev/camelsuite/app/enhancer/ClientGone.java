package dev.camelsuite.app.enhancer;

import dev.camelsuite.enhancer.spi.Cancellation;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Gives each enhance request a {@link Cancellation} that is cancelled when its client goes away (the connection closed
 * before the answer was sent): the chain stops, and so does the writing of its answer, and the request's thread is free
 * again. The watch is set before the REST layer sees the request: Vert.x tells the handlers given to
 * {@code addEndHandler} of a closed connection whatever close handler is installed after them.
 */
@ApplicationScoped
public class ClientGone {

    private static final String KEY = ClientGone.class.getName();

    void route(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(this::watch);
    }

    private void watch(RoutingContext request) {
        if (request.request().method() == HttpMethod.POST && request.normalizedPath().startsWith("/enhancer")) {
            Cancellation work = new Cancellation();
            request.put(KEY, work);
            request.addEndHandler(end -> {
                if (end.failed()) {
                    work.cancel("the client went away before the answer was sent");
                }
            });
        }
        request.next();
    }

    /** The cancellation of the request's work: cancelled when its client goes away. */
    static Cancellation of(RoutingContext request) {
        Cancellation work = request == null ? null : request.get(KEY);
        return work == null ? new Cancellation() : work;
    }
}
