package dev.camelsuite.benchmarks;

import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * Workers scale out: the same documents through a broker in its own JVM to one worker JVM, then to two (one consumer
 * each), with a CPU-bound engine of about 2 ms per document, the caller with the producer's default options. Prints
 * documents per second for each and their ratio. {@code WorkerScaleOut [documents] [rounds]}; a worker is
 * {@code WorkerScaleOut worker <brokerPort> <hashRounds>}.
 */
public final class WorkerScaleOut {

    static final String QUEUE = "scale.docs";
    /**
     * Hash rounds of the engine: about 2 ms of one core per document on the 2-core machine of the published figures
     * once compiled (15,000 rounds took 1 ms there), {@code -DhashRounds}.
     */
    static final int DEFAULT_ROUNDS = 30000;

    private WorkerScaleOut() {
    }

    /** The CPU-bound engine: hashes the text over and over, and records that it did. */
    static EnhancementEngine engine(int rounds) {
        return EnhancementEngine.of("busy", item -> {
            try {
                MessageDigest sha = MessageDigest.getInstance("SHA-256");
                byte[] digest = item.getText().getBytes(StandardCharsets.UTF_8);
                for (int i = 0; i < rounds; i++) {
                    digest = sha.digest(digest);
                }
                item.addAnnotation("digest", 1.0, "busy", java.util.Map.of("first", digest[0]));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /**
     * The enhancer URI of caller and workers; {@code brokerOptions} (ActiveMQ connection options such as
     * {@code jms.prefetchPolicy.queuePrefetch=1000}, {@code -Dcaller.brokerOptions}, {@code -Dworker.brokerOptions}) go onto
     * the broker URL.
     */
    static String uri(int brokerPort, String brokerOptions) {
        String broker = "tcp://127.0.0.1:" + brokerPort + (brokerOptions.isEmpty() ? "" : "?" + brokerOptions);
        return "enhancer:busy?queue=" + QUEUE + "&brokerURL=RAW(" + broker + ")";
    }

    /** One round: documents per second, and the CPU each part spent per document (ms). */
    record Round(double docsPerSecond, double callerMs, double brokerMs, double workersMs) {
        @Override
        public String toString() {
            return String.format("%,.0f docs/s, CPU per document: caller %.2f ms, broker %.2f ms, workers %.2f ms",
                    docsPerSecond, callerMs, brokerMs, workersMs);
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("worker")) {
            worker(Integer.parseInt(args[1]), Integer.parseInt(args[2]), args.length > 3 ? args[3] : "");
            return;
        }
        int documents = args.length > 0 ? Integer.parseInt(args[0]) : 4000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        String workerOptions = System.getProperty("worker.brokerOptions", "");
        String uri = uri(port, System.getProperty("caller.brokerOptions", ""));
        String hashRounds = Integer.toString(Integer.getInteger("hashRounds", DEFAULT_ROUNDS));
        long warmUpMillis = Long.getLong("warmUpSeconds", 20) * 1000;
        try (ChildJvm broker = ChildJvm.own(BenchmarkBroker.class.getName(), Integer.toString(port));
             ChildJvm first = ChildJvm.own(WorkerScaleOut.class.getName(), "worker", Integer.toString(port), hashRounds,
                     workerOptions);
             ChildJvm second = ChildJvm.own(WorkerScaleOut.class.getName(), "worker", Integer.toString(port), hashRounds,
                     workerOptions);
             DefaultCamelContext caller = new DefaultCamelContext()) {
            ready(broker);
            ready(first);
            ready(second);
            // the caller needs no engines: it learns the chain from the workers' metadata
            caller.addComponent("enhancer", new EnhancerComponent());
            caller.start();
            ProducerTemplate template = caller.createProducerTemplate();
            warmUp(template, uri, warmUpMillis);
            List<Round> one = new ArrayList<>();
            List<Round> two = new ArrayList<>();
            for (int r = 0; r < rounds; r++) {
                command(second, "pause");
                one.add(measure(template, uri, broker, List.of(first, second), documents));
                System.out.println("1 worker JVM , round " + (r + 1) + ": " + one.get(r));
                command(second, "resume");
                two.add(measure(template, uri, broker, List.of(first, second), documents));
                System.out.println("2 worker JVMs, round " + (r + 1) + ": " + two.get(r));
            }
            printMedians(one, two);
        }
        System.exit(0);
    }

    /**
     * Every JVM compiles its hot code before anything is measured: the JIT of a fresh JVM took as much CPU per document
     * as the broker.
     */
    private static void warmUp(ProducerTemplate template, String uri, long warmUpMillis) throws Exception {
        long warmUpEnd = System.currentTimeMillis() + warmUpMillis;
        while (System.currentTimeMillis() < warmUpEnd) {
            send(template, uri, 500);
        }
    }

    private static void printMedians(List<Round> one, List<Round> two) {
        Round m1 = median(one);
        Round m2 = median(two);
        System.out.println("1 worker JVM : " + m1);
        System.out.println("2 worker JVMs: " + m2);
        System.out.printf("2 / 1        : %.2f×%n", m2.docsPerSecond() / m1.docsPerSecond());
    }

    private static Round median(List<Round> rounds) {
        List<Round> sorted = new ArrayList<>(rounds);
        sorted.sort(java.util.Comparator.comparingDouble(Round::docsPerSecond));
        return sorted.get(sorted.size() / 2);
    }

    /** Tells a worker JVM to stop or start its route, and waits until it has. */
    private static void command(ChildJvm worker, String command) throws Exception {
        worker.tell(command);
        String done = command.toUpperCase(java.util.Locale.ROOT) + "D";
        String line;
        do {
            line = worker.nextLine(60, TimeUnit.SECONDS);
        } while (!done.equals(line));
    }

    /** One round, after a tenth of the documents to settle: documents per second and the CPU of each part. */
    private static Round measure(ProducerTemplate template, String uri, ChildJvm broker, List<ChildJvm> workers,
                                 int documents) throws Exception {
        send(template, uri, documents / 10);
        Duration callerBefore = ownCpu();
        Duration brokerBefore = broker.cpuTime();
        Duration workersBefore = cpu(workers);
        long began = System.nanoTime();
        send(template, uri, documents);
        double seconds = (System.nanoTime() - began) / 1e9;
        return new Round(documents / seconds, perDocument(ownCpu().minus(callerBefore), documents),
                perDocument(broker.cpuTime().minus(brokerBefore), documents),
                perDocument(cpu(workers).minus(workersBefore), documents));
    }

    private static Duration ownCpu() {
        return ProcessHandle.current().info().totalCpuDuration().orElse(Duration.ZERO);
    }

    private static Duration cpu(List<ChildJvm> jvms) {
        Duration sum = Duration.ZERO;
        for (ChildJvm jvm : jvms) {
            sum = sum.plus(jvm.cpuTime());
        }
        return sum;
    }

    private static double perDocument(Duration cpu, int documents) {
        return cpu.toNanos() / 1e6 / documents;
    }

    /** Sends with 64 documents outstanding at most (the producer's own waiting line stays well under its bound). */
    private static void send(ProducerTemplate template, String uri, int documents) throws Exception {
        List<CompletableFuture<Object>> replies = new ArrayList<>(documents);
        java.util.concurrent.Semaphore outstanding = new java.util.concurrent.Semaphore(64);
        for (int i = 0; i < documents; i++) {
            outstanding.acquire();
            CompletableFuture<Object> reply = template.asyncRequestBody(uri, "document " + i + " of the run");
            reply.whenComplete((r, e) -> outstanding.release());
            replies.add(reply);
        }
        for (CompletableFuture<Object> reply : replies) {
            if (!(reply.get(120, TimeUnit.SECONDS) instanceof ContentItem)) {
                throw new IllegalStateException("A document came back without its item");
            }
        }
    }

    private static void worker(int port, int rounds, String brokerOptions) throws Exception {
        try (DefaultCamelContext context = new DefaultCamelContext()) {
            EnhancerComponent enhancer = new EnhancerComponent();
            enhancer.addEngine(engine(rounds)).addChain(Chain.list("busy", "busy"));
            context.addComponent("enhancer", enhancer);
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from(uri(port, brokerOptions)).routeId("worker").log(org.apache.camel.LoggingLevel.DEBUG, "enhanced ${header.CamelEnhancerReferenceId}");
                }
            });
            context.start();
            System.out.println("READY");
            System.out.flush();
            java.io.BufferedReader commands = new java.io.BufferedReader(
                    new java.io.InputStreamReader(System.in, StandardCharsets.UTF_8));
            String command;
            while ((command = commands.readLine()) != null) {
                if (command.equals("pause")) {
                    context.getRouteController().stopRoute("worker");
                    System.out.println("PAUSED");
                } else if (command.equals("resume")) {
                    context.getRouteController().startRoute("worker");
                    System.out.println("RESUMED");
                }
                System.out.flush();
            }
        }
    }

    private static void ready(ChildJvm jvm) throws Exception {
        String line;
        do {
            line = jvm.nextLine(60, TimeUnit.SECONDS);
        } while (!"READY".equals(line));
    }
}
