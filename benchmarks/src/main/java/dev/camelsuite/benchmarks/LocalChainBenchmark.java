package dev.camelsuite.benchmarks;

import java.util.concurrent.TimeUnit;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.enhancer.job.EnhancementJobManager;
import dev.camelsuite.enhancer.job.PreparedChain;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangePattern;
import org.apache.camel.Producer;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.DefaultExchange;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What a local chain costs over calling its engines directly: 5 trivial engines, one item per operation.
 * <ul>
 * <li>{@code direct}: the 5 engines called one after the other, the way a user would without the enhancer</li>
 * <li>{@code jobManager}: the same engines as a list chain through the job manager, with full execution metadata</li>
 * <li>{@code enhancerProducer}: the same chain through the {@code enhancer:} producer with a Camel exchange</li>
 * <li>{@code directRoute}: the 5 engines as beans in a Camel route, what a Camel user would write instead</li>
 * </ul>
 * Overhead per engine call = (jobManager - direct) / 5.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = { "-Xms1g", "-Xmx1g" })
public class LocalChainBenchmark {

    static final int ENGINES = 5;
    static final String TEXT = "Apache Stanbol enhances content with a chain of engines.";

    /** A trivial engine: reads the text and counts, so its work cannot be optimised away. */
    static final class CountingEngine implements EnhancementEngine {
        private final String name;
        long seen;

        CountingEngine(String name) {
            this.name = name;
        }

        @Override
        public String getName() {
            return name;
        }

        @Override
        public void computeEnhancements(ContentItem item) throws EngineException {
            seen += item.getText().length();
        }
    }

    private final CountingEngine[] engines = new CountingEngine[ENGINES];
    private CamelContext context;
    private EnhancementJobManager jobManager;
    private PreparedChain prepared;
    private Producer producer;
    private Producer route;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        context = new DefaultCamelContext();
        EnhancerComponent enhancer = new EnhancerComponent();
        String[] names = new String[ENGINES];
        for (int i = 0; i < ENGINES; i++) {
            engines[i] = new CountingEngine("e" + i);
            names[i] = engines[i].getName();
            enhancer.addEngine(engines[i]);
            context.getRegistry().bind(names[i], engines[i]);
        }
        Chain chain = Chain.list("five", names);
        enhancer.addChain(chain);
        context.addComponent("enhancer", enhancer);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                var r = from("direct:engines");
                for (CountingEngine e : engines) {
                    r = r.process(ex -> e.computeEnhancements(ex.getIn().getBody(ContentItem.class)));
                }
            }
        });
        context.start();
        jobManager = enhancer.getJobManager();
        prepared = PreparedChain.prepare(chain, enhancer::lookupEngine);
        producer = context.getEndpoint("enhancer:five").createProducer();
        producer.start();
        route = context.getEndpoint("direct:engines").createProducer();
        route.start();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        producer.stop();
        route.stop();
        context.stop();
    }

    @Benchmark
    public ContentItem direct() throws EngineException {
        ContentItem item = ContentItem.ofText(TEXT);
        for (CountingEngine e : engines) {
            e.computeEnhancements(item);
        }
        return item;
    }

    @Benchmark
    public ContentItem jobManager(Blackhole bh) {
        ContentItem item = ContentItem.ofText(TEXT);
        ExecutionMetadata md = ExecutionMetadata.create(prepared.plan(), item, false);
        boolean sync = jobManager.enhance(item, md, prepared.engines(), 0, (job, s) -> bh.consume(job));
        if (!sync) {
            throw new IllegalStateException("a linear chain must run inline");
        }
        return item;
    }

    @Benchmark
    public Object enhancerProducer() throws Exception {
        Exchange exchange = new DefaultExchange(context, ExchangePattern.InOut);
        exchange.getIn().setBody(TEXT);
        producer.process(exchange);
        return exchange.getMessage().getBody();
    }

    @Benchmark
    public Object directRoute() throws Exception {
        Exchange exchange = new DefaultExchange(context, ExchangePattern.InOut);
        exchange.getIn().setBody(ContentItem.ofText(TEXT));
        route.process(exchange);
        return exchange.getMessage().getBody();
    }
}
