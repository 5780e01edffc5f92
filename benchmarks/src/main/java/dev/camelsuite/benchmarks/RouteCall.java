package dev.camelsuite.benchmarks;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.camel.AsyncProducer;
import org.apache.camel.CamelContext;
import org.apache.camel.Endpoint;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangePattern;
import org.apache.camel.builder.RouteBuilder;

/**
 * Calls an endpoint as a route's {@code to} does: a route {@code from("direct:…").to(uri)} whose direct producer is
 * called asynchronously on the caller's own thread, so the exchange is sent from that thread and the future completes
 * where the endpoint's producer completes it. ({@code ProducerTemplate.asyncRequestBody} would first hand every
 * exchange to the template's own thread pool, a hand-off that a route, an HTTP request or a robot does not make.)
 */
final class RouteCall<T> implements AutoCloseable {

    private static final AtomicInteger ROUTES = new AtomicInteger();

    private final Endpoint entry;
    private final AsyncProducer producer;
    private final Class<T> type;

    RouteCall(CamelContext context, String uri, Class<T> type) throws Exception {
        String name = "direct:call-" + ROUTES.incrementAndGet();
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(name).to(uri);
            }
        });
        this.entry = context.getEndpoint(name);
        this.producer = entry.createAsyncProducer();
        this.producer.start();
        this.type = type;
    }

    /** Sends the body; the future completes with the reply's body as {@code type}, or with the exchange's failure. */
    CompletableFuture<T> send(Object body) {
        Exchange exchange = entry.createExchange(ExchangePattern.InOut);
        exchange.getIn().setBody(body);
        CompletableFuture<T> reply = new CompletableFuture<>();
        producer.process(exchange, doneSync -> {
            if (exchange.getException() != null) {
                reply.completeExceptionally(exchange.getException());
            } else {
                reply.complete(exchange.getMessage().getBody(type));
            }
        });
        return reply;
    }

    @Override
    public void close() throws Exception {
        producer.stop();
    }
}
