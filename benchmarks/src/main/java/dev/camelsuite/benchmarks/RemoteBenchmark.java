package dev.camelsuite.benchmarks;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import org.apache.activemq.ActiveMQConnectionFactory;

/**
 * Remote enhancement against the strongest request/reply a user could write instead, on one broker in its own process,
 * every contender with the options it gets by default:
 * <ul>
 * <li>{@code enhancer}: a route's {@code to("enhancer:bench?queue=…")} ({@link RouteCall}) and a worker
 * {@code from("enhancer:bench?queue=…&concurrentConsumers=2")};</li>
 * <li>{@code camel-jms}: a route's {@code to("jms:queue:…")} on a pooled-jms {@code JmsPoolConnectionFactory} and a
 * worker {@code from("jms:queue:…?concurrentConsumers=2")} doing the same work;</li>
 * <li>{@code raw JMS}: hand-written — one shared, named reply queue (no temporary queue, no selector), correlation by a
 * string property in a {@code ConcurrentHashMap}, two plain listener sessions as the worker, non-persistent
 * messages.</li>
 * </ul>
 * The enhancer and camel-jms are also called from outside a route with a {@code ProducerTemplate} ({@link Caller}:
 * {@code asyncRequestBody}, {@code asyncSend}, {@code requestBody} on caller threads), each compared
 * with camel-jms called the same way ({@code -Dcallers=route,asyncRequestBody} for some).
 * 10,000 documents of about 1 KB at 1, 8 and 64 in flight, contenders alternated, medians of 3 rounds; every reply is
 * read back into an item. Then a mix of fast and slow documents (1 in 50 takes 100× longer) through the enhancer's
 * worker at several prefetch values and through the JMS contenders ({@link RemoteMix}); then 10,000 documents in flight
 * at once, for the heap.
 * <p>
 * Run: {@code java -Xmx512m -cp benchmarks/target/benchmarks.jar dev.camelsuite.benchmarks.RemoteBenchmark}
 * ({@code -Dbroker=artemis} or {@code activemq5} for another broker, see {@link RemoteBroker})
 * ({@code -Dcontenders=enhancer,raw} to run some, {@code -Dparts=levels,mix,heap} for some parts, {@code -Dlevels=1,8,64}
 * for some levels of documents in flight,
 * {@code -Denhancer.options=&prefetch=20} to add worker options).
 */
public final class RemoteBenchmark {

    static final int DOCUMENTS = Integer.getInteger("documents", 10_000);
    static final int ROUNDS = Integer.getInteger("rounds", 3);
    static final int[] LEVELS = Arrays.stream(System.getProperty("levels", "1,8,64").split(","))
            .mapToInt(level -> Integer.parseInt(level.trim())).toArray();
    /** Worker sessions of every contender. */
    static final int WORKERS = 2;
    /** Extra options of the enhancer's workers (none: the defaults). */
    static final String ENHANCER_OPTIONS = System.getProperty("enhancer.options", "");
    /** Extra options of the enhancer's producer (none: the defaults). */
    static final String PRODUCER_OPTIONS = System.getProperty("enhancer.producerOptions", "");
    static final String PARTS = System.getProperty("parts", "levels,mix,heap");
    static final String DOCUMENT = document();
    /** In the mix: a slow document's text starts with this; the others with a letter. */
    static final String SLOW_MARK = "~";
    static final long FAST_NANOS = TimeUnit.MICROSECONDS.toNanos(Long.getLong("mix.fastMicros", 200));

    /** The worker work of every contender: the same engine over the same document. */
    static final EnhancementEngine ENGINE = EnhancementEngine.of("words", RemoteBenchmark::enhance);

    static void enhance(ContentItem item) {
        String text = item.getText();
        if (text.startsWith(SLOW_MARK)) {
            LockSupport.parkNanos(FAST_NANOS * 100);
        } else if (text.startsWith("+")) {
            LockSupport.parkNanos(FAST_NANOS);
        }
        int words = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == ' ') {
                words++;
            }
        }
        item.addAnnotation("words", 1.0, "words", Map.of("count", words));
    }

    interface Contender extends AutoCloseable {
        String name();

        /** Sends one document; the future completes with the reply read back into an item. */
        CompletableFuture<?> send(String text) throws Exception;
    }

    private RemoteBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        try (RemoteBroker broker = RemoteBroker.start()) {
            String url = broker.url();
            System.out.println("Broker: " + RemoteBroker.CHOSEN + " at " + url);
            if (PARTS.contains("levels")) {
                levels(url);
            }
            if (PARTS.contains("mix")) {
                RemoteMix.run(url);
            }
            if (PARTS.contains("heap")) {
                try (EnhancerContender wide = new EnhancerContender(url, "heap", "bench.heap", "",
                        "&casPoolSize=" + DOCUMENTS + "&timeout=120000")) {
                    heap(wide);
                }
            }
        }
        System.exit(0);
    }

    static List<Contender> only(List<Contender> all) {
        String only = System.getProperty("contenders");
        List<Contender> chosen = new ArrayList<>(all);
        if (only != null) {
            chosen.removeIf(c -> Arrays.stream(only.split(",")).noneMatch(o -> c.name().startsWith(o)));
        }
        return chosen;
    }

    private static void levels(String url) throws Exception {
        List<Contender> all = new ArrayList<>();
        try {
            all.add(new EnhancerContender(url, "enhancer", "bench.enhancer", ENHANCER_OPTIONS, PRODUCER_OPTIONS));
            // the window kept at 1, the default before the window adapted
            all.add(new EnhancerContender(url, "enhancer prefetch=1", "bench.fixed", "&maxPrefetch=1",
                    PRODUCER_OPTIONS));
            // the same with its spans recorded: what tracing costs when it is on
            all.add(new EnhancerContender(url, "enhancer tracing on", "bench.traced", ENHANCER_OPTIONS,
                    PRODUCER_OPTIONS, true, Caller.ROUTE));
            all.add(new CamelJmsContender(url));
            all.add(new RawJmsContender(url));
            // the enhancer and camel-jms called from outside a route, each with its own queue
            for (Caller caller : Caller.chosen()) {
                if (caller != Caller.ROUTE) {
                    all.add(new EnhancerContender(url, caller.name("enhancer"), "bench.enhancer." + caller.label,
                            ENHANCER_OPTIONS, PRODUCER_OPTIONS, false, caller));
                    all.add(new CamelJmsContender(url, caller));
                }
            }
            levels(only(all));
        } finally {
            for (Contender c : all) {
                c.close();
            }
        }
    }

    private static void levels(List<Contender> contenders) throws Exception {
        for (Contender c : contenders) {
            // warm-up: every contender gets its code compiled at every level before anything counts
            measure(c, 64, 20_000, DOCUMENT);
            measure(c, 8, 5_000, DOCUMENT);
            measure(c, 1, 2_000, DOCUMENT);
        }
        // each round runs every contender back to back at a level; the ratios are taken within a round and their
        // median reported, so that the machine's drift from round to round does not count as a difference
        Figures results = new Figures();
        Figures ratios = new Figures();
        for (int round = 0; round < ROUNDS; round++) {
            for (int level : LEVELS) {
                Map<String, Double> rates = oneRound(round, level, contenders, results);
                double raw = rates.getOrDefault("raw JMS", Double.NaN);
                rates.forEach((name, rate) -> ratios.add(name, level, new double[] { rate / raw,
                        rate / rates.getOrDefault(camelJmsCalledAlike(name), Double.NaN) }));
            }
        }
        printLevels(contenders, results, ratios);
    }

    /** The camel-jms contender called the way {@code contender} is: "enhancer (requestBody)" → "camel-jms (requestBody)". */
    private static String camelJmsCalledAlike(String contender) {
        int caller = contender.indexOf(" (");
        return caller < 0 ? "camel-jms" : "camel-jms" + contender.substring(caller);
    }

    /** Every contender at {@code level}, their figures into {@code results}; answers each one's docs/s. */
    private static Map<String, Double> oneRound(int round, int level, List<Contender> contenders, Figures results)
            throws Exception {
        // alternate the order so no contender always runs first
        List<Contender> order = new ArrayList<>(contenders);
        Collections.rotate(order, round);
        Map<String, Double> rates = new LinkedHashMap<>();
        for (Contender c : order) {
            double[] r = measure(c, level, DOCUMENTS, DOCUMENT);
            results.add(c.name(), level, r);
            rates.put(c.name(), r[0]);
            System.out.printf("round %d  %-19s %3d in flight: %8.0f docs/s  p50 %6.2f ms  p99 %6.2f ms%n",
                    round + 1, c.name(), level, r[0], r[1], r[2]);
        }
        return rates;
    }

    private static void printLevels(List<Contender> contenders, Figures results, Figures ratios) {
        System.out.println();
        System.out.println("| in flight | contender | docs/s (median of " + ROUNDS
                           + ") | p50 ms | p99 ms | allocated per document | vs raw JMS | vs camel-jms |");
        System.out.println("|---:|---|---:|---:|---:|---:|---:|---:|");
        for (int level : LEVELS) {
            for (Contender c : contenders) {
                List<double[]> rs = results.of(c.name(), level);
                List<double[]> vs = ratios.of(c.name(), level);
                System.out.printf("| %d | %s | %,.0f | %.2f | %.2f | %,.0f B | %.2f× | %.2f× |%n", level, c.name(),
                        median(rs, 0), median(rs, 1), median(rs, 2), median(rs, 3), median(vs, 0), median(vs, 1));
            }
        }
        System.out.println();
    }

    /** Figures by contender and level: one entry per round. */
    private static final class Figures {
        private final Map<String, Map<Integer, List<double[]>>> byContender = new LinkedHashMap<>();

        void add(String contender, int level, double[] figures) {
            byContender.computeIfAbsent(contender, k -> new LinkedHashMap<>())
                    .computeIfAbsent(level, k -> new ArrayList<>()).add(figures);
        }

        List<double[]> of(String contender, int level) {
            return byContender.get(contender).get(level);
        }
    }

    /** 10,000 documents in flight at once through the enhancer, and the heap before, during and after. */
    private static void heap(EnhancerContender enhancer) throws Exception {
        long before = usedHeapAfterGc();
        CountDownLatch done = new CountDownLatch(DOCUMENTS);
        long peak = 0;
        for (int i = 0; i < DOCUMENTS; i++) {
            enhancer.send(DOCUMENT).whenComplete((r, e) -> done.countDown());
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

    /**
     * Throughput (docs/s), p50 and p99 latency (ms) of {@code n} documents at {@code level} in flight, and the bytes
     * this JVM's threads (callers and workers) allocated per document.
     */
    static double[] measure(Contender c, int level, int n, String text) throws Exception {
        long allocatedBefore = allocated();
        long[] latencies = run(c, level, n, i -> text, null);
        long allocatedPerDocument = (allocated() - allocatedBefore) / n;
        Arrays.sort(latencies, 1, latencies.length);
        int count = latencies.length - 1;
        return new double[] { n / (latencies[0] / 1e9), latencies[1 + count / 2] / 1e6,
                latencies[1 + (int) (count * 0.99)] / 1e6, allocatedPerDocument };
    }

    /** The bytes the live threads of this JVM allocated so far (HotSpot's per-thread counters). */
    private static long allocated() {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (long bytes : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
            sum += Math.max(0, bytes);
        }
        return sum;
    }

    /** Sends n documents keeping {@code level} in flight; answers the elapsed nanos, then each document's latency. */
    static long[] run(Contender c, int level, int n, java.util.function.IntFunction<String> texts,
                              Void unused) throws Exception {
        Semaphore places = new Semaphore(level);
        CountDownLatch done = new CountDownLatch(n);
        long[] latencies = new long[n + 1];
        AtomicInteger errors = new AtomicInteger();
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            places.acquire();
            int index = i;
            long sent = System.nanoTime();
            c.send(texts.apply(i)).whenComplete((reply, error) -> {
                latencies[index + 1] = System.nanoTime() - sent;
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
        latencies[0] = System.nanoTime() - start;
        if (errors.get() > 0) {
            throw new IllegalStateException(c.name() + ": " + errors.get() + " errors");
        }
        return latencies;
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

    static Process startBroker(int port) throws Exception {
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
        return new ActiveMQConnectionFactory(url);
    }
}
