package dev.camelsuite.benchmarks;

import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.Channel;
import java.nio.channels.Pipe;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.engines.DefaultChain;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary;
import dev.camelsuite.enhancer.rdf.EnhancementRdf;
import dev.camelsuite.enhancer.rdf.RdfFormat;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.camel.CamelContext;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * Does the {@code default} chain run slower in a JVM whose shared library code has seen many types? The application
 * (Quarkus, Vert.x, RESTEasy, RDF4J, the workflow store) puts keys of many classes into {@code java.util.HashMap}; the
 * benchmark's JVM, few. {@code HashMap.getNode}'s calls of {@code hashCode} and {@code equals} are profiled once for
 * the whole JVM, and the JIT inlines them into every caller — the engines' model lookups included — only while they
 * have seen one or two receiver classes. This runs the chain with {@code clients} callers over 1 KB documents, either
 * in a clean JVM or after (and while) HashMaps are used with keys of 30 classes ({@code -Dpollute=true}); compare two
 * runs, one of each. {@code -Dpollute=regex} instead matches regular expressions of the kinds a large application
 * matches: the language detector's text normalizers and the tokenizer are regular expressions too, whose matching code
 * ({@code java.util.regex}'s nodes calling each other) is profiled once for the whole JVM in the same way.
 * <p>
 * Run: {@code java -cp benchmarks/target/benchmarks.jar -Dpollute=true dev.camelsuite.benchmarks.ProfilePollution}
 * ({@code -Dclients=16 -DwarmUpSeconds=60 -Dseconds=20 -Drounds=3 -Ddocuments=64}; {@code -DwriteDocuments=folder} also
 * writes the documents there, for {@code ChainInTheApplicationJvm} in the application's tests; {@code -Danswer=true} writes each
 * enhanced item as Turtle, as the application answers). Each round prints the CPU per document and the engines' part
 * of it ({@code enhancer.engine.cpu}).
 * <p>
 * {@code -Dwakeups=2000} asks another question: do the engines cost more when the cores they run on also serve
 * threads that wake up often, as an HTTP server's event loop and its clients do for each request? Then every other
 * round has two threads passing a 1 KB message to each other through pipes that many times a second (each wake-up
 * is a read from the kernel, a pass over 64 KB of its own memory and a write back: what an event loop does for a
 * request, and about as often as it does at the application's rates), the rounds between them none;
 * {@code -DwakeupBytes=1048576} makes each wake-up's pass longer, to see what work that fills the caches does.
 */
public final class ProfilePollution {

    private ProfilePollution() {
    }

    /** Key classes a large application puts into hash maps. */
    private enum Kind {
        A, B, C
    }

    private record Pair(String a, int b) {
    }

    private record Name(String value) {
    }

    private static final List<IntFunction<Object>> KEYS = List.of(
            i -> "s" + i, i -> i, i -> (long) i, i -> (short) i, i -> (byte) i, i -> (char) i, i -> (double) i,
            i -> (float) i, i -> new Pair("p", i), i -> new Name("n" + i), i -> Kind.values()[i % 3],
            i -> new UUID(i, i), i -> BigDecimal.valueOf(i), i -> LocalDate.ofEpochDay(i), i -> Instant.ofEpochSecond(i),
            i -> Duration.ofSeconds(i), i -> URI.create("urn:x:" + i), i -> List.of(i), i -> Map.of("k", i),
            i -> new StringBuilder("b").append(i).toString().toCharArray().length, i -> Boolean.valueOf(i % 2 == 0),
            i -> java.util.Set.of(i), i -> new java.util.ArrayList<>(List.of(i)), i -> java.util.Optional.of(i),
            i -> java.util.Locale.forLanguageTag("x-" + (i % 100)), i -> Path.of("p" + i),
            i -> java.time.ZoneOffset.ofTotalSeconds(i % 3600), i -> java.time.LocalTime.ofSecondOfDay(i % 86400),
            i -> java.util.Map.entry("e", i), i -> java.math.BigInteger.valueOf(i));

    /**
     * Patterns of the kinds a large application matches (paths, media types, placeholders, headers, dates): their
     * nodes are the classes {@code java.util.regex}'s shared matching code calls through.
     */
    private static final List<Pattern> PATTERNS = List.of(
            Pattern.compile("\\{\\{([^}]+)}}"), Pattern.compile("^/api/(\\w+)/(\\d+)(?:/(.*))?$"),
            Pattern.compile("([a-z]+)/([a-z0-9.+-]+)(?:;\\s*q=([0-9.]+))?", Pattern.CASE_INSENSITIVE),
            Pattern.compile("\\$\\{(?<name>[^:}]+)(?::(?<default>[^}]*))?}"), Pattern.compile("(\\d{4})-(\\d{2})-(\\d{2})T.*"),
            Pattern.compile("\\s*,\\s*"), Pattern.compile("(?i)bearer\\s+([A-Za-z0-9._~+/-]+=*)"),
            Pattern.compile("[\\p{L}\\p{N}_-]+"), Pattern.compile("(a|b|c|d|ef|gh)+x?"), Pattern.compile("(\\w)\\1"),
            Pattern.compile("(?=.*\\d)(?=.*[a-z]).{8,}"), Pattern.compile("^\\s*(GET|POST|PUT|DELETE)\\s+(\\S+)\\s*$"),
            Pattern.compile("[^\\x00-\\x7F]"), Pattern.compile("\\b(?:https?|ftp)://[^\\s/$.?#].[^\\s]*"),
            Pattern.compile("(?s)<!--.*?-->"), Pattern.compile("\\.(?:jar|class|properties)$"));

    private static final List<String> INPUTS = List.of("{{camel.main.name}} and ${app.port:8080}",
            "/api/orders/123/lines/4", "text/turtle; q=0.9, application/ld+json;q=1", "2026-11-27T08:00:00Z",
            "a, b ,c,  d", "Bearer abc.def-ghi~jkl+mno/pqr==", "Größe_und-Länge 42", "abcefghx aa bb",
            "secret123abc", "  POST /enhancer  ", "naïve café", "see https://example.org/x?y=1 here",
            "<!-- a\ncomment -->", "lib/camel-core.jar");

    public static void main(String[] args) throws Exception {
        String pollution = System.getProperty("pollute", "false");
        boolean pollute = !pollution.equals("false");
        boolean regex = pollution.equals("regex");
        int clients = Integer.getInteger("clients", 16);
        int warmUp = Integer.getInteger("warmUpSeconds", 60);
        int seconds = Integer.getInteger("seconds", 20);
        int rounds = Integer.getInteger("rounds", 3);
        AtomicBoolean polluting = new AtomicBoolean(pollute);
        Thread polluter = pollute ? startPolluting(regex, polluting) : null;
        List<String> documents = documents();
        boolean answer = Boolean.getBoolean("answer");
        try (CamelContext camel = new DefaultCamelContext()) {
            DefaultChain.bind(camel.getRegistry(), Vocabulary.sample());
            SimpleMeterRegistry meters = new SimpleMeterRegistry();
            camel.getRegistry().bind("meters", meters);
            camel.start();
            ApplicationLoad.Call chain = chain(camel.createProducerTemplate(), answer);
            ApplicationLoad.callers(clients, warmUp, documents, chain);
            polluting.set(false);
            if (polluter != null) {
                polluter.join();
            }
            int wakeups = Integer.getInteger("wakeups", 0);
            String setting = (pollute ? "polluted (" + pollution + ")" : "clean") + (answer ? ", answers written" : "");
            Rounds measured = new Rounds(setting, clients, seconds, documents, chain, meters);
            for (int round = 0; round < rounds; round++) {
                measured.one(round, wakeups > 0 && round % 2 == 1 ? Wakeups.start(wakeups) : null);
            }
        }
        System.exit(0);
    }

    /**
     * Before the chain's code is compiled, and on through the warm-up (until {@code polluting} turns false, in a
     * thread of its own): HashMaps with keys of many classes, or ({@code regex}) the patterns.
     */
    private static Thread startPolluting(boolean regex, AtomicBoolean polluting) {
        Thread polluter = new Thread(() -> {
            long sink = 0;
            while (polluting.get()) {
                sink += regex ? matchAll() : churn();
            }
            System.out.println("(polluter done " + (sink & 1) + ")");
        }, "polluter");
        for (int i = 0; i < 50; i++) {
            if (regex) {
                matchAll();
            } else {
                churn();
            }
        }
        polluter.setDaemon(true);
        polluter.start();
        return polluter;
    }

    /** The 1 KB documents of {@link ApplicationLoad}'s http part; {@code -DwriteDocuments} also writes them out. */
    private static List<String> documents() throws IOException {
        List<String> documents = new ArrayList<>();
        for (int i = 0; i < Integer.getInteger("documents", 64); i++) {
            documents.add(ApplicationLoad.Prose.document(1_000, 100 + i));
        }
        String written = System.getProperty("writeDocuments");
        if (written != null) {
            // the same documents for the chain inside the application's JVM (ChainInTheApplicationJvm)
            Path folder = Files.createDirectories(Path.of(written));
            for (int i = 0; i < documents.size(); i++) {
                Files.writeString(folder.resolve(String.format("document-%03d.txt", i)), documents.get(i));
            }
        }
        return documents;
    }

    private static ApplicationLoad.Call chain(ProducerTemplate producer, boolean answer) {
        return text -> {
            ContentItem item = producer.requestBody("enhancer:default", text, ContentItem.class);
            if (answer) {
                // what the application does next: write the answer (Turtle), here to nowhere
                EnhancementRdf.write(item, false, RdfFormat.TURTLE, OutputStream.nullOutputStream());
            }
        };
    }

    /**
     * The measured rounds: {@code clients} callers of the chain for {@code seconds} each; {@code setting} (clean or
     * polluted, answers written or not) heads each round's line.
     */
    private record Rounds(String setting, int clients, int seconds, List<String> documents, ApplicationLoad.Call chain,
                          SimpleMeterRegistry meters) {

        /** One round, with {@code noise} beside it if any (stopped at the round's end). */
        void one(int round, Wakeups noise) throws Exception {
            double enginesBefore = engineCpu(meters);
            long cpuBefore = ProcessHandle.current().info().totalCpuDuration().orElseThrow().toNanos();
            List<Long> result = ApplicationLoad.callers(clients, seconds, documents, chain);
            long cpu = ProcessHandle.current().info().totalCpuDuration().orElseThrow().toNanos() - cpuBefore;
            result.remove(result.size() - 1);
            String woken = "";
            if (noise != null) {
                long noiseCpu = noise.cpuNanos();
                woken = String.format(", %,d wake-ups a second beside (%.2f ms of CPU per document)",
                        noise.stop() / seconds, noiseCpu / 1e6 / result.size());
            }
            System.out.printf("%s%s round %d: %,.1f docs/s, %.2f ms of CPU per document, of it the engines %.2f ms%n",
                    setting, woken, round + 1, result.size() / (double) seconds, cpu / 1e6 / result.size(),
                    (engineCpu(meters) - enginesBefore) * 1e3 / result.size());
        }
    }

    /** Seconds of CPU the engines took so far ({@code enhancer.engine.cpu}). */
    private static double engineCpu(SimpleMeterRegistry meters) {
        return meters.find("enhancer.engine.cpu").timers().stream()
                .mapToDouble(t -> t.totalTime(java.util.concurrent.TimeUnit.SECONDS)).sum();
    }

    /** Every pattern against every input: finds, whole matches and replacements. */
    private static long matchAll() {
        long sum = 0;
        for (int n = 0; n < 20; n++) {
            for (Pattern pattern : PATTERNS) {
                for (String input : INPUTS) {
                    Matcher m = pattern.matcher(input);
                    while (m.find()) {
                        sum += m.end();
                    }
                    sum += m.reset().matches() ? 1 : 0;
                    sum += pattern.matcher(input).replaceAll("-").length();
                }
            }
        }
        return sum;
    }

    /** HashMaps with keys of every class: puts, gets and misses. */
    private static long churn() {
        long sum = 0;
        for (IntFunction<Object> key : KEYS) {
            Map<Object, Integer> map = new HashMap<>();
            for (int i = 0; i < 200; i++) {
                map.put(key.apply(i), i);
            }
            for (int i = 0; i < 400; i++) {
                Integer v = map.get(key.apply(i));
                sum += v == null ? 1 : v;
            }
        }
        return sum;
    }

    /**
     * Two threads that wake each other up {@code perSecond} times a second through pipes, each wake-up a 1 KB read,
     * a pass over 64 KB of the thread's own memory and a 1 KB write: the kind of work an event loop and a client do
     * between the engines' turns on the same cores.
     */
    static final class Wakeups {

        private final AtomicBoolean running = new AtomicBoolean(true);
        private final AtomicLong count = new AtomicLong();
        private final List<Thread> threads = new ArrayList<>();
        private final List<Channel> pipes = new ArrayList<>();
        /** Where the passes over a thread's memory end up, so that the JIT keeps them. */
        private volatile long blackhole;

        static Wakeups start(int perSecond) throws IOException {
            Wakeups w = new Wakeups();
            Pipe there = Pipe.open();
            Pipe back = Pipe.open();
            w.pipes.addAll(List.of(there.sink(), there.source(), back.sink(), back.source()));
            long interval = 1_000_000_000L / perSecond;
            w.threads.add(new Thread(() -> w.loop(back.source(), there.sink(), interval), "wakeups-client"));
            w.threads.add(new Thread(() -> w.loop(there.source(), back.sink(), 0), "wakeups-server"));
            w.threads.forEach(Thread::start);
            return w;
        }

        /** The client sends every {@code interval} ns, then waits for the answer; the server answers each message. */
        private void loop(ReadableByteChannel in, WritableByteChannel out,
                          long interval) {
            ByteBuffer message = ByteBuffer.allocate(1024);
            byte[] own = new byte[Integer.getInteger("wakeupBytes", 64 * 1024)];
            long sink = 0;
            long next = System.nanoTime();
            try {
                boolean client = interval > 0;
                while (running.get()) {
                    if (client) {
                        next += interval;
                        long wait = next - System.nanoTime();
                        if (wait > 0) {
                            LockSupport.parkNanos(wait);
                        }
                        send(out, message);
                        receive(in, message);
                        count.incrementAndGet();
                    } else {
                        receive(in, message);
                        send(out, message);
                    }
                    for (int i = 0; i < own.length; i += 64) {
                        own[i]++;
                        sink += own[(i * 31) % own.length];
                    }
                }
            } catch (IOException e) {
                // the pipes were closed: stopped (a read interrupted by the close included)
            }
            blackhole = sink;
        }

        private static void send(WritableByteChannel out, ByteBuffer message)
                throws IOException {
            message.clear();
            while (message.hasRemaining()) {
                out.write(message);
            }
        }

        private static void receive(ReadableByteChannel in, ByteBuffer message)
                throws IOException {
            message.clear();
            while (message.hasRemaining()) {
                if (in.read(message) < 0) {
                    throw new EOFException();
                }
            }
        }

        /** Stops both threads; answers how many round trips they made. */
        long stop() throws InterruptedException {
            running.set(false);
            for (Channel pipe : pipes) {
                try {
                    pipe.close();
                } catch (IOException e) {
                    // closing: nothing to do
                }
            }
            for (Thread t : threads) {
                t.join(2_000);
            }
            return count.get();
        }

        /** The CPU both threads took. */
        long cpuNanos() {
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            return threads.stream().mapToLong(t -> Math.max(0, mx.getThreadCpuTime(t.getId()))).sum();
        }
    }
}
