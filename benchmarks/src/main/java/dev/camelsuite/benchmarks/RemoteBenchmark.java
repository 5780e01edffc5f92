package dev.camelsuite.benchmarks;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.ContentItemJson;
import dev.camelsuite.enhancer.engine.EnhancementEngine;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.camel.AsyncProducer;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangePattern;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.jms.JmsComponent;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * Remote enhancement against what a user would write instead, on one broker in its own process:
 * <ul>
 * <li>{@code enhancer}: {@code to("enhancer:bench?queue=…")} and workers {@code from("enhancer:bench?queue=…")}</li>
 * <li>{@code camel-jms}: an InOut {@code to("jms:queue:…")} and a worker route {@code from("jms:queue:…")} doing the same
 * work (text in, the same engine, the item's JSON back)</li>
 * <li>{@code raw JMS}: a hand-written request/reply client (temporary reply queue, correlation map) and hand-written
 * listeners doing the same work</li>
 * </ul>
 * 10,000 documents of about 1 KB at 1, 8 and 64 in flight, 4 worker instances each, contenders alternated, medians of 3
 * rounds. Then 10,000 documents in flight at once, for the heap.
 * <p>
 * Run: {@code java -Xmx512m -cp benchmarks/target/benchmarks.jar dev.camelsuite.benchmarks.RemoteBenchmark}
 */
public final class RemoteBenchmark {

    static final int DOCUMENTS = Integer.getInteger("documents", 10_000);
    static final int ROUNDS = Integer.getInteger("rounds", 3);
    static final int[] LEVELS = { 1, 8, 64 };
    static final int WORKERS = 4;
    /** Prefetch of the enhancer's workers; the JMS contenders keep ActiveMQ's default (1000). */
    static final int PREFETCH = Integer.getInteger("prefetch", 1);
    /** Wire format of the enhancer: json or binary. */
    static final String SERIALIZER = System.getProperty("serializer", "json");
    static final String DOCUMENT = document();

    /** The worker work of every contender: the same engine over the same document. */
    static final EnhancementEngine ENGINE = EnhancementEngine.of("words", item -> {
        String text = item.getText();
        int words = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == ' ') {
                words++;
            }
        }
        item.addAnnotation("words", 1.0, "words", Map.of("count", words));
    });

    interface Contender extends AutoCloseable {
        String name();

        /** Sends one document; calls {@code done} with the reply, or an error, exactly once. */
        void send(String text, Consumer<Throwable> done) throws Exception;
    }

    private RemoteBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String url = "tcp://127.0.0.1:" + port;
        Process broker = startBroker(port);
        try {
            run(url);
        } finally {
            broker.destroyForcibly();
        }
        System.exit(0);
    }

    private static void run(String url) throws Exception {
        Map<String, Map<Integer, List<double[]>>> results = new LinkedHashMap<>();
        try (Contender enhancer = new EnhancerContender(url);
             Contender camelJms = new CamelJmsContender(url);
             Contender rawJms = new RawJmsContender(url)) {
            List<Contender> contenders = new ArrayList<>(List.of(enhancer, camelJms, rawJms));
            String only = System.getProperty("contenders");
            if (only != null) {
                contenders.removeIf(c -> !only.contains(c.name()));
            }
            for (Contender c : contenders) {
                // warm-up: every contender gets its code compiled at every level before anything counts
                measure(c, 64, 10_000);
                measure(c, 8, 5_000);
                measure(c, 1, 2_000);
            }
            for (int round = 0; round < ROUNDS; round++) {
                for (int level : LEVELS) {
                    // alternate the order so no contender always runs first
                    List<Contender> order = new ArrayList<>(contenders);
                    java.util.Collections.rotate(order, round);
                    for (Contender c : order) {
                        double[] r = measure(c, level, DOCUMENTS);
                        results.computeIfAbsent(c.name(), k -> new LinkedHashMap<>())
                                .computeIfAbsent(level, k -> new ArrayList<>()).add(r);
                        System.out.printf("round %d  %-9s %3d in flight: %8.0f docs/s  p50 %6.2f ms  p99 %6.2f ms%n",
                                round + 1, c.name(), level, r[0], r[1], r[2]);
                    }
                }
            }
            System.out.println();
            System.out.println("| in flight | contender | docs/s (median of " + ROUNDS + ") | p50 ms | p99 ms | vs raw JMS | vs camel-jms |");
            System.out.println("|---:|---|---:|---:|---:|---:|---:|");
            for (int level : only == null ? LEVELS : new int[0]) {
                double raw = median(results.get("raw JMS").get(level), 0);
                double jms = median(results.get("camel-jms").get(level), 0);
                for (Contender c : contenders) {
                    List<double[]> rs = results.get(c.name()).get(level);
                    double tput = median(rs, 0);
                    System.out.printf("| %d | %s | %.0f | %.2f | %.2f | %.2f× | %.2f× |%n", level, c.name(), tput,
                            median(rs, 1), median(rs, 2), tput / raw, tput / jms);
                }
            }
            System.out.println();
            if (only == null || only.contains("heap")) {
                heap((EnhancerContender) enhancer);
            }
        }
    }

    /** 10,000 documents in flight at once through the enhancer, and the heap before, during and after. */
    private static void heap(EnhancerContender enhancer) throws Exception {
        long before = usedHeapAfterGc();
        CountDownLatch done = new CountDownLatch(DOCUMENTS);
        long peak = 0;
        for (int i = 0; i < DOCUMENTS; i++) {
            enhancer.sendWide(DOCUMENT, e -> done.countDown());
        }
        while (!done.await(50, TimeUnit.MILLISECONDS)) {
            peak = Math.max(peak, usedHeap());
        }
        long after = usedHeapAfterGc();
        System.out.printf("heap with %d documents in flight (-Xmx%d MB): before %.1f MB, peak %.1f MB, after %.1f MB%n",
                DOCUMENTS, Runtime.getRuntime().maxMemory() / (1024 * 1024), before / 1048576.0, peak / 1048576.0,
                after / 1048576.0);
    }

    private static long usedHeap() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static long usedHeapAfterGc() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return usedHeap();
    }

    /** Throughput (docs/s), p50 and p99 latency (ms) of {@code n} documents at {@code level} in flight. */
    static double[] measure(Contender c, int level, int n) throws Exception {
        Semaphore places = new Semaphore(level);
        CountDownLatch done = new CountDownLatch(n);
        long[] latencies = new long[n];
        AtomicInteger errors = new AtomicInteger();
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            places.acquire();
            int index = i;
            long sent = System.nanoTime();
            c.send(DOCUMENT, error -> {
                latencies[index] = System.nanoTime() - sent;
                if (error != null && errors.incrementAndGet() == 1) {
                    error.printStackTrace();
                }
                places.release();
                done.countDown();
            });
        }
        if (!done.await(10, TimeUnit.MINUTES)) {
            throw new IllegalStateException(c.name() + " did not finish");
        }
        long elapsed = System.nanoTime() - start;
        if (errors.get() > 0) {
            throw new IllegalStateException(c.name() + ": " + errors.get() + " errors");
        }
        Arrays.sort(latencies);
        return new double[] { n / (elapsed / 1e9), latencies[n / 2] / 1e6, latencies[(int) (n * 0.99)] / 1e6 };
    }

    static double median(List<double[]> rounds, int field) {
        double[] values = rounds.stream().mapToDouble(r -> r[field]).sorted().toArray();
        return values[values.length / 2];
    }

    private static String document() {
        StringBuilder sb = new StringBuilder();
        String sentence = "Apache Stanbol enhances content with a chain of engines that detect languages and entities. ";
        while (sb.length() < 1000) {
            sb.append(sentence);
        }
        return sb.substring(0, 1000);
    }

    private static Process startBroker(int port) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(java, "-Xmx512m", "-cp", System.getProperty("java.class.path"),
                BenchmarkBroker.class.getName(), String.valueOf(port)).redirectErrorStream(true).start();
        BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null && !line.equals("READY")) {
            // broker start-up output
        }
        Thread drain = new Thread(() -> {
            try {
                while (in.readLine() != null) {
                    // keep the pipe empty
                }
            } catch (Exception e) {
                // broker ended
            }
        });
        drain.setDaemon(true);
        drain.start();
        return p;
    }

    static ActiveMQConnectionFactory factory(String url) {
        ActiveMQConnectionFactory f = new ActiveMQConnectionFactory(url);
        f.setWatchTopicAdvisories(false);
        return f;
    }

    /** The enhancer's remote producer and workers. */
    static final class EnhancerContender implements Contender {
        private final CamelContext context = new DefaultCamelContext();
        private final AsyncProducer producer;
        private final AsyncProducer wide;

        EnhancerContender(String url) throws Exception {
            EnhancerComponent enhancer = new EnhancerComponent();
            enhancer.addChain(Chain.list("bench", "words")).addEngine(ENGINE);
            context.addComponent("enhancer", enhancer);
            String base = "enhancer:bench?queue=bench.enhancer&brokerURL=" + url + "&serializer=" + SERIALIZER;
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from(base + "&concurrentConsumers=" + WORKERS + "&prefetch=" + PREFETCH).routeId("enhancer-workers").setHeader("worker", constant("enhancer"));
                }
            });
            context.start();
            producer = context.getEndpoint(base + "&casPoolSize=64&timeout=60000").createAsyncProducer();
            producer.start();
            wide = context.getEndpoint(base + "&casPoolSize=" + DOCUMENTS + "&timeout=120000").createAsyncProducer();
            wide.start();
        }

        @Override
        public String name() {
            return "enhancer";
        }

        @Override
        public void send(String text, Consumer<Throwable> done) {
            send(producer, text, done);
        }

        void sendWide(String text, Consumer<Throwable> done) {
            send(wide, text, done);
        }

        private void send(AsyncProducer p, String text, Consumer<Throwable> done) {
            Exchange exchange = p.getEndpoint().createExchange(ExchangePattern.InOut);
            exchange.getIn().setBody(text);
            p.process(exchange, sync -> done.accept(exchange.getException()));
        }

        @Override
        public void close() throws Exception {
            context.close();
        }
    }

    /** camel-jms InOut with a worker route doing the same work. */
    static final class CamelJmsContender implements Contender {
        private final CamelContext context = new DefaultCamelContext();
        private final org.springframework.jms.connection.CachingConnectionFactory caching;
        private final AsyncProducer producer;

        CamelJmsContender(String url) throws Exception {
            // what a camel-jms user does: a caching connection factory, so sends reuse connections and sessions
            org.springframework.jms.connection.CachingConnectionFactory caching =
                    new org.springframework.jms.connection.CachingConnectionFactory(factory(url));
            caching.setSessionCacheSize(WORKERS * 4);
            this.caching = caching;
            context.addComponent("jms", JmsComponent.jmsComponent(caching));
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("jms:queue:bench.jms?concurrentConsumers=" + WORKERS).routeId("jms-workers")
                            .process(ex -> {
                                ContentItem item = ContentItem.ofText(ex.getIn().getBody(String.class));
                                ENGINE.computeEnhancements(item);
                                ex.getMessage().setBody(ContentItemJson.toJson(item));
                            });
                }
            });
            context.start();
            producer = context.getEndpoint("jms:queue:bench.jms?exchangePattern=InOut&requestTimeout=60000")
                    .createAsyncProducer();
            producer.start();
        }

        @Override
        public String name() {
            return "camel-jms";
        }

        @Override
        public void close() throws Exception {
            context.close();
            caching.destroy();
        }

        @Override
        public void send(String text, Consumer<Throwable> done) {
            Exchange exchange = producer.getEndpoint().createExchange(ExchangePattern.InOut);
            exchange.getIn().setBody(text);
            producer.process(exchange, sync -> {
                Throwable error = exchange.getException();
                if (error == null) {
                    // the caller gets the enhanced item, as with the enhancer
                    ContentItemJson.fromJson(exchange.getMessage().getBody(String.class));
                }
                done.accept(error);
            });
        }

    }

    /** Hand-written JMS request/reply: the floor of what the broker allows. */
    static final class RawJmsContender implements Contender {
        private final Connection connection;
        private final Session sendSession;
        private final MessageProducer sender;
        private final TemporaryQueue replies;
        private final Map<String, Consumer<Throwable>> pending = new ConcurrentHashMap<>();
        private final AtomicInteger ids = new AtomicInteger();

        RawJmsContender(String url) throws Exception {
            connection = factory(url).createConnection();
            for (int i = 0; i < WORKERS; i++) {
                Session s = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageProducer replier = s.createProducer(null);
                replier.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
                MessageConsumer worker = s.createConsumer(s.createQueue("bench.raw"));
                worker.setMessageListener(m -> {
                    try {
                        ContentItem item = ContentItem.ofText(((TextMessage) m).getText());
                        ENGINE.computeEnhancements(item);
                        TextMessage reply = s.createTextMessage(ContentItemJson.toJson(item));
                        reply.setJMSCorrelationID(m.getJMSCorrelationID());
                        replier.send(m.getJMSReplyTo(), reply);
                    } catch (Exception e) {
                        e.printStackTrace();
                    }
                });
            }
            sendSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            sender = sendSession.createProducer(sendSession.createQueue("bench.raw"));
            sender.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
            Session replySession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            replies = replySession.createTemporaryQueue();
            replySession.createConsumer(replies).setMessageListener(this::onReply);
            connection.start();
        }

        private void onReply(Message m) {
            try {
                ContentItemJson.fromJson(((TextMessage) m).getText());
                Consumer<Throwable> done = pending.remove(m.getJMSCorrelationID());
                if (done != null) {
                    done.accept(null);
                }
            } catch (Exception e) {
                e.printStackTrace();
            }
        }

        @Override
        public String name() {
            return "raw JMS";
        }

        @Override
        public void send(String text, Consumer<Throwable> done) throws Exception {
            String id = Integer.toString(ids.incrementAndGet());
            pending.put(id, done);
            synchronized (sendSession) {
                TextMessage m = sendSession.createTextMessage(text);
                m.setJMSCorrelationID(id);
                m.setJMSReplyTo(replies);
                sender.send(m);
            }
        }

        @Override
        public void close() throws Exception {
            connection.close();
        }
    }
}
