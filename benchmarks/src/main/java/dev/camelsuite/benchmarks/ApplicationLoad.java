package dev.camelsuite.benchmarks;

import java.io.IOException;
import java.io.OutputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * the application's peak resident memory and heap against its maximum heap;</li>
 * <li>the chain in this JVM against {@code POST /enhancer}, with as many callers ({@link HttpAgainstTheChain}).</li>
 * </ol>
 * <pre>
 * mvn -B -q install -DskipTests -pl src-native/app,benchmarks -am
 * java -cp benchmarks/target/benchmarks.jar dev.camelsuite.benchmarks.ApplicationLoad
 * # -Dapp=src-native/app/target/quarkus-app/quarkus-run.jar -Dclients=16 -Dseconds=60 -DappJvmOptions="-Xmx512m"
 * # one core each: taskset -c 1 java -cp … -DappCpus=0 dev.camelsuite.benchmarks.ApplicationLoad
 * </pre>
 */
public final class ApplicationLoad {

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
        try (PackagedApplication running = PackagedApplication.start(app)) {
            if (parts.contains("large")) {
                oneLargeDocument(running, megabyte, small);
            }
            if (parts.contains("clients")) {
                manyClients(running, small, clients, seconds);
            }
            if (parts.contains("http")) {
                int httpSeconds = Integer.getInteger("httpSeconds", 20);
                for (String size : System.getProperty("httpSizes", "1000,10000").split(",")) {
                    HttpAgainstTheChain.run(running, Integer.parseInt(size.trim()), clients, httpSeconds);
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

    private static void oneLargeDocument(PackagedApplication app, String document, String warmUp) throws Exception {
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

    private static void manyClients(PackagedApplication app, String document, int clients, int seconds)
            throws Exception {
        System.out.printf("%n== %d clients, %,d-byte documents, %d s%n", clients,
                document.getBytes(StandardCharsets.UTF_8).length, seconds);
        Answers answers = new Answers();
        AtomicLong peakHeap = new AtomicLong();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        ExecutorService pool = Executors.newFixedThreadPool(clients + 1);
        List<Future<?>> running = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            running.add(pool.submit(() -> answers.sendUntil(end, app, document)));
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
        answers.print(seconds);
        System.out.printf("application: peak resident %,d MB, peak heap used %,d MB of %,d MB max, alive %s%n",
                peakRss >> 20, peakHeap.get() >> 20, heapMax >> 20, app.isAlive());
    }

    /** What the clients of {@link #manyClients} got: answers by status, failed connections, the latency of each 200. */
    private static final class Answers {

        private final Map<Integer, LongAdder> statuses = new ConcurrentHashMap<>();
        private final LongAdder failures = new LongAdder();
        private final List<Long> okMillis = java.util.Collections.synchronizedList(new ArrayList<>());

        /** One client: the document, again and again until {@code end}. */
        Void sendUntil(long end, PackagedApplication app, String document) throws InterruptedException {
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
        }

        void print(int seconds) {
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
        }
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
}
