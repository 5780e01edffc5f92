package dev.camelsuite.benchmarks;

import java.io.IOException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.enhancer.engines.DefaultChain;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary;
import dev.camelsuite.enhancer.rdf.AnalysisNif;
import dev.camelsuite.enhancer.rdf.EnhancementRdf;
import dev.camelsuite.enhancer.rdf.RdfFormat;
import org.apache.camel.CamelContext;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * What one large document and many clients do to the packaged application ({@code quarkus-run.jar}, started here as
 * a user starts it: {@code java -jar}, default options, no heap setting), against the same {@code default} chain
 * called in this JVM:
 * <ol>
 * <li>a 1 MB English document through {@code POST /enhancer} (Turtle answer): time, answer size, and the growth of
 * the application's resident memory; the same document through {@code enhancer:default} here and written as Turtle;</li>
 * <li>{@code clients} clients sending 10 KB documents for {@code seconds}: answers by status, latency of the 200s,
 * the application's peak resident memory and heap against its maximum heap.</li>
 * </ol>
 * <pre>
 * mvn -B -q install -DskipTests -pl src-native/app,benchmarks -am
 * java -cp benchmarks/target/benchmarks.jar dev.camelsuite.benchmarks.ApplicationLoad
 * # -Dapp=src-native/app/target/quarkus-app/quarkus-run.jar -Dclients=16 -Dseconds=60 -DappJvmOptions="-Xmx512m"
 * # one core each: taskset -c 1 java -cp … -DappCpus=0 dev.camelsuite.benchmarks.ApplicationLoad
 * </pre>
 */
public final class ApplicationLoad {

    private static final String PASSWORD = "load-" + Long.toHexString(new Random().nextLong());

    private ApplicationLoad() {
    }

    public static void main(String[] args) throws Exception {
        Path app = Path.of(System.getProperty("app", "src-native/app/target/quarkus-app/quarkus-run.jar"));
        int clients = Integer.getInteger("clients", 16);
        int seconds = Integer.getInteger("seconds", 60);
        if (!Files.exists(app)) {
            throw new IllegalStateException(app.toAbsolutePath() + " is missing: build the application first");
        }
        String megabyte = Prose.document(1_000_000, 1);
        String small = Prose.document(10_000, 2);

        String parts = System.getProperty("parts", "large,clients,http");
        if (parts.contains("large")) {
            System.out.println("== 1 MB document, default chain, Turtle");
            inThisJvm(megabyte, small);
        }
        try (Application running = Application.start(app)) {
            if (parts.contains("large")) {
                oneLargeDocument(running, megabyte, small);
            }
            if (parts.contains("clients")) {
                manyClients(running, small, clients, seconds);
            }
            if (parts.contains("http")) {
                int httpSeconds = Integer.getInteger("httpSeconds", 20);
                for (String size : System.getProperty("httpSizes", "1000,10000").split(",")) {
                    httpAgainstTheChain(running, Integer.parseInt(size.trim()), clients, httpSeconds);
                }
            }
        }
    }

    /** The same chain as the application's default one (the same engines, the sample vocabulary), in this JVM. */
    private static void inThisJvm(String document, String warmUp) throws Exception {
        try (CamelContext camel = new DefaultCamelContext()) {
            DefaultChain.bind(camel.getRegistry(), Vocabulary.sample());
            camel.start();
            ProducerTemplate producer = camel.createProducerTemplate();
            EnhancementRdf.toString(producer.requestBody("enhancer:default", warmUp, ContentItem.class), RdfFormat.TURTLE);
            long rssBefore = Resident.of(ProcessHandle.current().pid());
            long began = System.nanoTime();
            ContentItem item = producer.requestBody("enhancer:default", document, ContentItem.class);
            String turtle = EnhancementRdf.toString(item, RdfFormat.TURTLE);
            long millis = (System.nanoTime() - began) / 1_000_000;
            long rssAfter = Resident.of(ProcessHandle.current().pid());
            System.out.printf("%-34s %,8d ms  answer %,11d bytes  resident %,6d -> %,6d MB (+%,d)%n",
                    "enhancer:default in this JVM", millis, turtle.getBytes(StandardCharsets.UTF_8).length,
                    rssBefore >> 20, rssAfter >> 20, (rssAfter - rssBefore) >> 20);
            System.out.printf("(the document: %,d sentences, %,d tokens, %,d entity annotations)%n",
                    item.getAnnotationsOfType(TextAnnotation.SENTENCE).size(), item.getAnnotationsOfType(TextAnnotation.TOKEN).size(),
                    item.getEntities().size());
            analysisAsNif(item);
        }
    }

    /** The size of the NLP analysis as NIF 2.0 ({@code outputContentPart}) in each format, and the time to write it. */
    private static void analysisAsNif(ContentItem item) {
        for (RdfFormat format : RdfFormat.values()) {
            long[] bytes = {0};
            OutputStream counting = new OutputStream() {
                @Override
                public void write(int b) {
                    bytes[0]++;
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    bytes[0] += len;
                }
            };
            long began = System.nanoTime();
            AnalysisNif.write(item, format, counting);
            System.out.printf("%-34s %,8d ms  analysis %,11d bytes%n", "NIF 2.0 as " + format.mediaType(),
                    (System.nanoTime() - began) / 1_000_000, bytes[0]);
        }
    }

    private static void oneLargeDocument(Application app, String document, String warmUp) throws Exception {
        app.enhance(warmUp);
        long rssBefore = Resident.of(app.pid());
        long began = System.nanoTime();
        HttpResponse<byte[]> answer = app.enhance(document);
        long millis = (System.nanoTime() - began) / 1_000_000;
        long rssAfter = Resident.of(app.pid());
        System.out.printf("%-34s %,8d ms  answer %,11d bytes  resident %,6d -> %,6d MB (+%,d)  status %d%n",
                "POST /enhancer, packaged app", millis, answer.body().length, rssBefore >> 20, rssAfter >> 20,
                (rssAfter - rssBefore) >> 20, answer.statusCode());
        HttpResponse<byte[]> over = app.enhance(document + " ".repeat(1024 * 1024 + 1 - document.length()));
        System.out.printf("%-34s status %d%n", "1 MiB + 1 byte", over.statusCode());
    }

    private static void manyClients(Application app, String document, int clients, int seconds) throws Exception {
        System.out.printf("%n== %d clients, %,d-byte documents, %d s%n", clients,
                document.getBytes(StandardCharsets.UTF_8).length, seconds);
        Map<Integer, LongAdder> statuses = new ConcurrentHashMap<>();
        LongAdder failures = new LongAdder();
        List<Long> okMillis = java.util.Collections.synchronizedList(new ArrayList<>());
        AtomicLong peakHeap = new AtomicLong();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        ExecutorService pool = Executors.newFixedThreadPool(clients + 1);
        List<Future<?>> running = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            running.add(pool.submit(() -> {
                while (System.nanoTime() < end) {
                    long began = System.nanoTime();
                    try {
                        int status = app.enhance(document).statusCode();
                        statuses.computeIfAbsent(status, s -> new LongAdder()).increment();
                        if (status == 200) {
                            okMillis.add((System.nanoTime() - began) / 1_000_000);
                        }
                    } catch (IOException e) {
                        failures.increment();
                    }
                }
                return null;
            }));
        }
        long heapMax = app.heapMax();
        long peakRss = 0;
        while (System.nanoTime() < end) {
            peakRss = Math.max(peakRss, Resident.of(app.pid()));
            peakHeap.accumulateAndGet(app.heapUsed(), Math::max);
            Thread.sleep(500);
        }
        for (Future<?> f : running) {
            f.get();
        }
        pool.shutdown();
        List<Long> sorted = new ArrayList<>(okMillis);
        sorted.sort(null);
        Map<Integer, Long> byStatus = new TreeMap<>();
        statuses.forEach((s, n) -> byStatus.put(s, n.sum()));
        System.out.printf("answers by status %s, failed connections %d%n", byStatus, failures.sum());
        if (!sorted.isEmpty()) {
            System.out.printf("200s: %,.0f per s, latency p50 %,d ms, p99 %,d ms, max %,d ms%n",
                    sorted.size() / (double) seconds, sorted.get(sorted.size() / 2),
                    sorted.get((int) (sorted.size() * 0.99)), sorted.get(sorted.size() - 1));
        }
        System.out.printf("application: peak resident %,d MB, peak heap used %,d MB of %,d MB max, alive %s%n",
                peakRss >> 20, peakHeap.get() >> 20, heapMax >> 20, app.isAlive());
    }

    /**
     * {@code clients} callers: the {@code default} chain in this JVM ({@code enhancer:default}, no answer written),
     * {@code POST /enhancer} answering Turtle, and answering JSON-LD — the same 64 documents of {@code size} bytes,
     * round robin. Every contender is first warmed up ({@code -DhttpWarmUpSeconds}, 30 by default, in turns of 5 s):
     * the application compiles far more code than the chain alone (web server, sign-in, RDF writers), and its JIT
     * was still busy for the whole of a 20 s run after a 5 s warm-up. Then {@code -DhttpRounds} rounds (3) of
     * {@code seconds} each per contender, the order rotating from round to round; the median of each contender and
     * of each round's ratio to the chain, and the application's heap before and after.
     */
    private static void httpAgainstTheChain(Application app, int size, int clients, int seconds) throws Exception {
        List<String> documents = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            documents.add(Prose.document(size, 100 + i));
        }
        int warmUpSeconds = Integer.getInteger("httpWarmUpSeconds", 30);
        int rounds = Integer.getInteger("httpRounds", 3);
        System.out.printf("%n== %d callers, %,d-byte documents: the chain in this JVM against POST /enhancer, %d s warm-up,"
                          + " %d rounds of %d s%n", clients, size, warmUpSeconds, rounds, seconds);
        try (CamelContext camel = new DefaultCamelContext()) {
            DefaultChain.bind(camel.getRegistry(), Vocabulary.sample());
            // the chain's engine timers, as the application has them in its registry
            io.micrometer.core.instrument.simple.SimpleMeterRegistry meters =
                    new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
            camel.getRegistry().bind("meters", meters);
            // what this JVM allocates, measured as the application's JVM metrics measure it
            new io.micrometer.core.instrument.binder.jvm.JvmGcMetrics().bindTo(meters);
            camel.start();
            ProducerTemplate producer = camel.createProducerTemplate();
            List<String> names = List.of("enhancer:default in this JVM", "POST /enhancer, text/turtle",
                    "POST /enhancer, application/ld+json");
            List<Call> calls = List.of(text -> producer.requestBody("enhancer:default", text, ContentItem.class),
                    text -> answered(app, text, "text/turtle"), text -> answered(app, text, "application/ld+json"));
            for (int warmed = 0; warmed < warmUpSeconds; warmed += 5 * calls.size()) {
                for (Call call : calls) {
                    callers(clients, 5, documents, call);
                }
            }
            List<List<Double>> rates = new ArrayList<>();
            List<List<Double>> ratios = new ArrayList<>();
            List<List<Long>> latencies = new ArrayList<>();
            for (int c = 0; c < calls.size(); c++) {
                rates.add(new ArrayList<>());
                ratios.add(new ArrayList<>());
                latencies.add(new ArrayList<>());
            }
            for (int round = 0; round < rounds; round++) {
                double[] rate = new double[calls.size()];
                for (int k = 0; k < calls.size(); k++) {
                    int c = (k + round) % calls.size();
                    long heapBefore = app.heapUsed();
                    Map<String, double[]> enginesBefore = c == 0 ? engineTimes(meters, "time") : app.engineTimes("time");
                    Map<String, double[]> cpuBefore = c == 0 ? engineTimes(meters, "cpu") : app.engineTimes("cpu");
                    Duration ownBefore = cpu(ProcessHandle.current());
                    Duration appBefore = cpu(app.process.toHandle());
                    double ownAllocatedBefore = allocated(meters);
                    double appAllocatedBefore = app.allocated();
                    double[] appPausesBefore = app.gcPauses();
                    List<Long> result = callers(clients, seconds, documents, calls.get(c));
                    Duration own = cpu(ProcessHandle.current()).minus(ownBefore);
                    Duration inApp = cpu(app.process.toHandle()).minus(appBefore);
                    double ownAllocated = allocated(meters) - ownAllocatedBefore;
                    double appAllocated = app.allocated() - appAllocatedBefore;
                    double[] appPauses = app.gcPauses();
                    long failed = result.remove(result.size() - 1);
                    if (failed > 0) {
                        throw new IllegalStateException(names.get(c) + ": " + failed + " calls failed");
                    }
                    rate[c] = result.size() / (double) seconds;
                    latencies.get(c).addAll(result);
                    System.out.printf("  round %d: %-38s %,8.1f docs/s  p50 %,4d ms  p99 %,5d ms  CPU per document: this"
                                      + " JVM %.2f ms, application %.2f ms  application heap %,d → %,d MB%n", round + 1,
                            names.get(c), rate[c], result.get(result.size() / 2),
                            result.get((int) (result.size() * 0.99)), own.toNanos() / 1e6 / result.size(),
                            inApp.toNanos() / 1e6 / result.size(), heapBefore >> 20, app.heapUsed() >> 20);
                    Map<String, double[]> enginesAfter = c == 0 ? engineTimes(meters, "time") : app.engineTimes("time");
                    Map<String, double[]> cpuAfter = c == 0 ? engineTimes(meters, "cpu") : app.engineTimes("cpu");
                    StringBuilder engines = new StringBuilder("           engines, mean µs per document (clock/CPU):");
                    enginesAfter.forEach((engine, after) -> {
                        double[] before = enginesBefore.getOrDefault(engine, new double[2]);
                        double[] cpu = cpuAfter.getOrDefault(engine, new double[2]);
                        double[] cpu0 = cpuBefore.getOrDefault(engine, new double[2]);
                        double count = after[1] - before[1];
                        double cpuCount = cpu[1] - cpu0[1];
                        if (count > 0) {
                            engines.append(String.format(" %s %.0f/%.0f", engine, (after[0] - before[0]) / count * 1e6,
                                    cpuCount > 0 ? (cpu[0] - cpu0[0]) / cpuCount * 1e6 : Double.NaN));
                        }
                    });
                    System.out.println(engines);
                    System.out.printf("           allocated per document: this JVM %,.0f KB, application %,.0f KB;"
                                      + " application's collections %,.0f, %,.0f ms in pauses%n",
                            ownAllocated / 1024 / result.size(), appAllocated / 1024 / result.size(),
                            appPauses[0] - appPausesBefore[0], (appPauses[1] - appPausesBefore[1]) * 1e3);
                }
                for (int c = 0; c < calls.size(); c++) {
                    rates.get(c).add(rate[c]);
                    ratios.get(c).add(rate[c] / rate[0]);
                }
            }
            for (int c = 0; c < calls.size(); c++) {
                List<Long> all = latencies.get(c);
                all.sort(null);
                System.out.printf("%-42s %,8.1f docs/s (median of %d)  p50 %,4d ms  p99 %,5d ms  %.2f× the chain in"
                                  + " this JVM (median of the rounds' ratios)%n", names.get(c), median(rates.get(c)),
                        rounds, all.get(all.size() / 2), all.get((int) (all.size() * 0.99)), median(ratios.get(c)));
            }
            System.out.printf("    application heap %,d MB of %,d MB%n", app.heapUsed() >> 20, app.heapMax() >> 20);
        }
    }

    /** Seconds and count of each engine's {@code enhancer.engine.<kind>} timer in a registry, by engine. */
    private static Map<String, double[]> engineTimes(io.micrometer.core.instrument.MeterRegistry meters, String kind) {
        Map<String, double[]> times = new TreeMap<>();
        for (io.micrometer.core.instrument.Timer timer : meters.find("enhancer.engine." + kind).timers()) {
            times.put(timer.getId().getTag("engine"), new double[] { timer.totalTime(TimeUnit.SECONDS), timer.count() });
        }
        return times;
    }

    /** Bytes this JVM allocated so far ({@code jvm.gc.memory.allocated}, counted at each collection). */
    private static double allocated(io.micrometer.core.instrument.MeterRegistry meters) {
        io.micrometer.core.instrument.Counter counter = meters.find("jvm.gc.memory.allocated").counter();
        return counter == null ? 0 : counter.count();
    }

    /** The CPU time a process has used so far (user and system, every thread). */
    private static Duration cpu(ProcessHandle process) {
        return process.info().totalCpuDuration().orElse(Duration.ZERO);
    }

    private static void answered(Application app, String text, String accept) throws Exception {
        HttpResponse<byte[]> answer = app.enhance(text, accept);
        if (answer.statusCode() != 200) {
            throw new IllegalStateException("answered " + answer.statusCode());
        }
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        return sorted.get(sorted.size() / 2);
    }

    interface Call {
        void run(String text) throws Exception;
    }

    /** Latencies (ms) of the calls that succeeded, and in the last element the number that failed. */
    static List<Long> callers(int clients, int seconds, List<String> documents, Call call) throws Exception {
        List<Long> millis = java.util.Collections.synchronizedList(new ArrayList<>());
        LongAdder failed = new LongAdder();
        java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<?>> running = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            running.add(pool.submit(() -> {
                while (System.nanoTime() < end) {
                    String text = documents.get(Math.floorMod(next.getAndIncrement(), documents.size()));
                    long began = System.nanoTime();
                    try {
                        call.run(text);
                        millis.add((System.nanoTime() - began) / 1_000_000);
                    } catch (Exception e) {
                        failed.increment();
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : running) {
            f.get();
        }
        pool.shutdown();
        List<Long> result = new ArrayList<>(millis);
        result.sort(null);
        result.add(failed.sum());
        return result;
    }

    /** English prose of a given size: sentences from word lists, with a city of the sample vocabulary now and then. */
    static final class Prose {

        private static final String[] SUBJECTS = { "The committee", "A small group of engineers", "The old harbour",
            "Our neighbours", "The research team", "Every visitor", "The new library", "A quiet student",
            "The railway company", "Most farmers in the valley" };
        private static final String[] VERBS = { "discussed", "described", "rebuilt", "visited", "examined",
            "remembered", "published", "questioned", "welcomed", "measured" };
        private static final String[] OBJECTS = { "the plans for the bridge", "a long report about the weather",
            "the results of the survey", "several letters from the archive", "the history of the town",
            "the price of bread and milk", "an unusual set of photographs", "the rules of the competition",
            "the damage after the storm", "a proposal for the summer school" };
        private static final String[] ENDINGS = { "before the meeting ended", "during the long winter",
            "with great care", "in the early morning", "after a short delay", "without any help",
            "for the second time this year", "as everyone expected", "in front of the town hall",
            "while the rain continued" };
        private static final String[] CITIES = { "London", "Munich", "Vienna", "Rome", "Lisbon" };

        private Prose() {
        }

        static String document(int bytes, long seed) {
            Random random = new Random(seed);
            StringBuilder text = new StringBuilder(bytes + 200);
            int sentence = 0;
            while (text.length() < bytes) {
                String ending = sentence % 100 == 0 ? "in " + CITIES[random.nextInt(CITIES.length)]
                        : ENDINGS[random.nextInt(ENDINGS.length)];
                text.append(SUBJECTS[random.nextInt(SUBJECTS.length)]).append(' ')
                        .append(VERBS[random.nextInt(VERBS.length)]).append(' ')
                        .append(OBJECTS[random.nextInt(OBJECTS.length)]).append(' ').append(ending).append(". ");
                if (++sentence % 6 == 0) {
                    text.append("\n\n");
                }
            }
            text.setLength(bytes);
            return text.toString();
        }
    }

    /** Resident memory of a process, from Linux' /proc. */
    static final class Resident {

        private Resident() {
        }

        static long of(long pid) throws IOException {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
                }
            }
            throw new IOException("no VmRSS for process " + pid);
        }
    }

    /** The packaged application in a process of its own, signed in as its administrator. */
    static final class Application implements AutoCloseable {

        private final Process process;
        private final Path dir;
        private final URI base;
        private final String authorization;
        /**
         * The JDK's client: by default HTTP/2 (one connection for every caller, upgraded from HTTP/1.1);
         * {@code -DhttpVersion=1.1} gives each caller a connection of its own, as curl and most HTTP libraries do.
         */
        private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
                .version("1.1".equals(System.getProperty("httpVersion")) ? HttpClient.Version.HTTP_1_1
                        : HttpClient.Version.HTTP_2)
                .build();

        private Application(Process process, Path dir, URI base) {
            this.process = process;
            this.dir = dir;
            this.base = base;
            this.authorization = "Basic " + Base64.getEncoder().encodeToString(("admin:" + PASSWORD)
                    .getBytes(StandardCharsets.UTF_8));
        }

        static Application start(Path jar) throws Exception {
            int port;
            try (ServerSocket socket = new ServerSocket(0)) {
                port = socket.getLocalPort();
            }
            Path dir = Files.createTempDirectory("camelsuite-load");
            List<String> command = new ArrayList<>();
            // -DappCpus=0 keeps the application on those cores (taskset), the benchmark's JVM started on the others,
            // so that the HTTP client does not share a core with the application
            String cpus = System.getProperty("appCpus", "").trim();
            if (!cpus.isEmpty()) {
                command.addAll(List.of("taskset", "-c", cpus));
            }
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            // none by default: the application as a user starts it
            String options = System.getProperty("appJvmOptions", "").trim();
            if (!options.isEmpty()) {
                command.addAll(List.of(options.split("\\s+")));
            }
            command.addAll(List.of("-jar", jar.toAbsolutePath().toString()));
            ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectOutput(dir.resolve("app.log").toFile()).redirectErrorStream(true);
            builder.environment().put("CAMELSUITE_ADMIN_PASSWORD", PASSWORD);
            builder.environment().put("QUARKUS_HTTP_PORT", Integer.toString(port));
            Application app = new Application(builder.start(), dir, URI.create("http://localhost:" + port));
            app.awaitHealthy();
            return app;
        }

        long pid() {
            return process.pid();
        }

        boolean isAlive() {
            return process.isAlive();
        }

        HttpResponse<byte[]> enhance(String text) throws IOException, InterruptedException {
            return enhance(text, "text/turtle");
        }

        HttpResponse<byte[]> enhance(String text, String accept) throws IOException, InterruptedException {
            return http.send(HttpRequest.newBuilder(base.resolve("/enhancer")).header("Authorization", authorization)
                    .header("Content-Type", "text/plain; charset=UTF-8").header("Accept", accept)
                    .timeout(Duration.ofSeconds(120)).POST(HttpRequest.BodyPublishers.ofString(text)).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
        }

        long heapUsed() throws IOException, InterruptedException {
            return (long) metricSum("jvm_memory_used_bytes{area=\"heap\"", false);
        }

        long heapMax() throws IOException, InterruptedException {
            return (long) metricSum("jvm_memory_max_bytes{area=\"heap\"", true);
        }

        /** Bytes the application allocated so far (counted at each collection). */
        double allocated() throws IOException, InterruptedException {
            return metricSum("jvm_gc_memory_allocated_bytes_total", false);
        }

        /** The application's collection pauses so far: how many, and seconds in them. */
        double[] gcPauses() throws IOException, InterruptedException {
            return new double[] { metricSum("jvm_gc_pause_seconds_count", false),
                                  metricSum("jvm_gc_pause_seconds_sum", false) };
        }

        /** Seconds and count of each engine's {@code enhancer_engine_<kind>_seconds} timer, by engine. */
        Map<String, double[]> engineTimes(String kind) throws IOException, InterruptedException {
            String metrics = http.send(HttpRequest.newBuilder(base.resolve("/q/metrics"))
                    .header("Authorization", authorization).build(), HttpResponse.BodyHandlers.ofString()).body();
            Map<String, double[]> times = new TreeMap<>();
            java.util.regex.Pattern engine = java.util.regex.Pattern.compile("engine=\"([^\"]+)\"");
            for (String line : metrics.split("\n")) {
                boolean sum = line.startsWith("enhancer_engine_" + kind + "_seconds_sum{");
                if (sum || line.startsWith("enhancer_engine_" + kind + "_seconds_count{")) {
                    java.util.regex.Matcher m = engine.matcher(line);
                    if (m.find()) {
                        times.computeIfAbsent(m.group(1), e -> new double[2])[sum ? 0 : 1] +=
                                Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
                    }
                }
            }
            return times;
        }

        /** The sum (or the largest value) of the lines of {@code /q/metrics} that start so (a meter over its tags). */
        private double metricSum(String meter, boolean largest) throws IOException, InterruptedException {
            String metrics = http.send(HttpRequest.newBuilder(base.resolve("/q/metrics"))
                    .header("Authorization", authorization).build(), HttpResponse.BodyHandlers.ofString()).body();
            double result = 0;
            for (String line : metrics.split("\n")) {
                if (line.startsWith(meter)) {
                    double value = Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
                    result = largest ? Math.max(result, value) : result + Math.max(0, value);
                }
            }
            return result;
        }

        private void awaitHealthy() throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (System.nanoTime() < deadline) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("The application exited: see " + dir.resolve("app.log"));
                }
                try {
                    if (http.send(HttpRequest.newBuilder(base.resolve("/q/health/ready")).build(),
                            HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                        return;
                    }
                } catch (IOException e) {
                    // not listening yet
                }
                Thread.sleep(500);
            }
            throw new IllegalStateException("The application did not get ready in 120 s: see " + dir.resolve("app.log"));
        }

        @Override
        public void close() throws Exception {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }
}
