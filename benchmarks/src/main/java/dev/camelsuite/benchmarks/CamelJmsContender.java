package dev.camelsuite.benchmarks;

import java.util.concurrent.CompletableFuture;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.ContentItemJson;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.jms.JmsComponent;
import org.apache.camel.impl.DefaultCamelContext;
import org.messaginghub.pooled.jms.JmsPoolConnectionFactory;

/** camel-jms request/reply on a pooled-jms connection factory, with a worker route doing the same work. */
final class CamelJmsContender implements RemoteBenchmark.Contender {
    private final CamelContext context = new DefaultCamelContext();
    private final JmsPoolConnectionFactory pool = new JmsPoolConnectionFactory();
    private final Caller.Call<String> call;
    private final String name;

    CamelJmsContender(String url) throws Exception {
        this(url, Caller.ROUTE);
    }

    CamelJmsContender(String url, Caller caller) throws Exception {
        this.name = caller.name("camel-jms");
        pool.setConnectionFactory(RemoteBenchmark.factory(url));
        context.addComponent("jms", JmsComponent.jmsComponent(pool));
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("jms:queue:" + queue(caller) + "?concurrentConsumers=" + RemoteBenchmark.WORKERS)
                        .routeId("jms-workers")
                        .process(ex -> {
                            ContentItem item = ContentItem.ofText(ex.getIn().getBody(String.class));
                            RemoteBenchmark.ENGINE.computeEnhancements(item);
                            ex.getMessage().setBody(ContentItemJson.toJson(item));
                        });
            }
        });
        context.start();
        call = caller.open(context, "jms:queue:" + queue(caller), String.class);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public CompletableFuture<?> send(String text) {
        // the caller gets the enhanced item, as with the enhancer
        return call.send(text).thenApply(ContentItemJson::fromJson);
    }

    private static String queue(Caller caller) {
        return caller == Caller.ROUTE ? "bench.jms" : "bench.jms." + caller.label;
    }

    @Override
    public void close() throws Exception {
        call.close();
        context.close();
        pool.stop();
    }
}
