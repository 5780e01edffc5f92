package dev.camelsuite.benchmarks;

import java.util.Collection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * The enhancer's remote producer and workers, called as a route's {@code to} calls it ({@link RouteCall}) or from a
 * {@link org.apache.camel.ProducerTemplate} ({@link Caller}).
 */
final class EnhancerContender implements RemoteBenchmark.Contender {
    private final String name;
    private final CamelContext context = new DefaultCamelContext();
    private final Caller.Call<ContentItem> call;
    private final String uri;

    EnhancerContender(String url, String name, String queue, String workerOptions, String producerOptions)
            throws Exception {
        this(url, name, queue, workerOptions, producerOptions, false, Caller.ROUTE);
    }

    /**
     * @param traced with the component's tracing on: every span (send, receive, chain, engine) recorded by the
     *               OpenTelemetry SDK with its batch processor, as an application exporting them runs it, and then
     *               dropped instead of sent
     */
    EnhancerContender(String url, String name, String queue, String workerOptions, String producerOptions,
            boolean traced, Caller caller) throws Exception {
        this.name = name;
        EnhancerComponent enhancer = new EnhancerComponent();
        enhancer.addChain(Chain.list("bench", "words")).addEngine(RemoteBenchmark.ENGINE);
        if (traced) {
            context.getRegistry().bind("openTelemetry", OpenTelemetrySdk.builder().setTracerProvider(
                    SdkTracerProvider.builder().addSpanProcessor(BatchSpanProcessor.builder(new DroppedSpans())
                            .build()).build()).build());
            enhancer.setTracing(true);
        }
        context.addComponent("enhancer", enhancer);
        String base = "enhancer:bench?queue=" + queue + "&brokerURL=" + url;
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from(base + "&concurrentConsumers=" + RemoteBenchmark.WORKERS + workerOptions)
                        .routeId("enhancer-workers").setHeader("worker", constant("enhancer"));
            }
        });
        context.start();
        uri = base + producerOptions;
        call = caller.open(context, uri, ContentItem.class);
        call.send("warm").get(30, TimeUnit.SECONDS);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public CompletableFuture<?> send(String text) {
        return call.send(text);
    }

    @Override
    public void close() throws Exception {
        call.close();
        context.close();
    }

    /** An exporter that takes every batch and sends it nowhere: the cost of recording spans, not of a network. */
    private static final class DroppedSpans implements SpanExporter {
        @Override
        public CompletableResultCode export(Collection<SpanData> spans) {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode flush() {
            return CompletableResultCode.ofSuccess();
        }

        @Override
        public CompletableResultCode shutdown() {
            return CompletableResultCode.ofSuccess();
        }
    }
}
