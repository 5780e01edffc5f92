package dev.camelsuite.benchmarks;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.apache.camel.CamelContext;
import org.apache.camel.Endpoint;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangePattern;
import org.apache.camel.ProducerTemplate;

/**
 * How a contender's endpoint is called: as a route's {@code to} ({@link RouteCall}), or from outside a route with a
 * {@link ProducerTemplate} the way many users call an endpoint — {@code asyncRequestBody}, {@code asyncSend} of an
 * exchange with a callback on its future (Camel 4's template has no {@code asyncCallback} methods any more), or
 * {@code requestBody} on caller threads of their own (one per document in flight), each with the template's defaults.
 */
enum Caller {
    ROUTE("route"),
    ASYNC_REQUEST_BODY("asyncRequestBody"),
    ASYNC_SEND("asyncSend"),
    REQUEST_BODY("requestBody");

    /** Caller threads of {@code requestBody}: one per document in flight at the highest level. */
    private static final int CALLER_THREADS = Arrays.stream(RemoteBenchmark.LEVELS).max().orElse(64);

    final String label;

    Caller(String label) {
        this.label = label;
    }

    /** The callers chosen with {@code -Dcallers=route,asyncRequestBody,…} (all by default). */
    static List<Caller> chosen() {
        String only = System.getProperty("callers");
        return Arrays.stream(values())
                .filter(c -> only == null || Arrays.asList(only.split(",")).contains(c.label)).toList();
    }

    /** The contender's name with this caller ({@code route} keeps the plain name, as in the earlier runs). */
    String name(String contender) {
        return this == ROUTE ? contender : contender + " (" + label + ")";
    }

    /** Sends bodies to {@code uri} this way. */
    <T> Call<T> open(CamelContext context, String uri, Class<T> type) throws Exception {
        if (this == ROUTE) {
            RouteCall<T> route = new RouteCall<>(context, uri, type);
            return new Call<>() {
                @Override
                public CompletableFuture<T> send(Object body) {
                    return route.send(body);
                }

                @Override
                public void close() throws Exception {
                    route.close();
                }
            };
        }
        return new TemplateCall<>(this, context, uri, type);
    }

    /** One way of sending a body and getting the reply's body. */
    interface Call<T> extends AutoCloseable {
        CompletableFuture<T> send(Object body);
    }

    /** The template calls, with {@link ProducerTemplate}'s defaults. */
    private static final class TemplateCall<T> implements Call<T> {
        private final Caller caller;
        private final ProducerTemplate template;
        private final Endpoint endpoint;
        private final Class<T> type;
        private final ExecutorService callerThreads;

        TemplateCall(Caller caller, CamelContext context, String uri, Class<T> type) {
            this.caller = caller;
            this.template = context.createProducerTemplate();
            this.endpoint = context.getEndpoint(uri);
            this.type = type;
            this.callerThreads = caller == REQUEST_BODY ? Executors.newFixedThreadPool(CALLER_THREADS) : null;
        }

        @Override
        public CompletableFuture<T> send(Object body) {
            return switch (caller) {
                case ASYNC_REQUEST_BODY -> template.asyncRequestBody(endpoint, body, type);
                case ASYNC_SEND -> exchange(body);
                default -> CompletableFuture.supplyAsync(() -> template.requestBody(endpoint, body, type),
                        callerThreads);
            };
        }

        private CompletableFuture<T> exchange(Object body) {
            Exchange exchange = endpoint.createExchange(ExchangePattern.InOut);
            exchange.getIn().setBody(body);
            CompletableFuture<T> reply = new CompletableFuture<>();
            template.asyncSend(endpoint, exchange).whenComplete((done, error) -> {
                Throwable failure = error != null ? error : done.getException();
                if (failure != null) {
                    reply.completeExceptionally(failure);
                } else {
                    reply.complete(done.getMessage().getBody(type));
                }
            });
            return reply;
        }

        @Override
        public void close() throws Exception {
            template.close();
            if (callerThreads != null) {
                callerThreads.shutdownNow();
            }
        }
    }
}
