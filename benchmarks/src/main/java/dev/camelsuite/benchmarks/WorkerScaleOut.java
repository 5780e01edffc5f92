package dev.camelsuite.benchmarks;

import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.engine.EnhancementEngine;
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
    /** Hash rounds of the engine: about 2 ms of one core per document on this machine ({@code -DhashRounds}). */
    static final int DEFAULT_ROUNDS = 15000;

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

    static String uri(int brokerPort) {
        return "enhancer:busy?queue=" + QUEUE + "&brokerURL=tcp://127.0.0.1:" + brokerPort;
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("worker")) {
            worker(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
            return;
        }
        int documents = args.length > 0 ? Integer.parseInt(args[0]) : 4000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        try (ChildJvm broker = ChildJvm.own(BenchmarkBroker.class.getName(), Integer.toString(port))) {
            ready(broker);
            List<Double> one = new ArrayList<>();
            List<Double> two = new ArrayList<>();
            for (int r = 0; r < rounds; r++) {
                one.add(measure(port, 1, documents));
                two.add(measure(port, 2, documents));
            }
            one.sort(Double::compare);
            two.sort(Double::compare);
            double m1 = one.get(one.size() / 2);
            double m2 = two.get(two.size() / 2);
            System.out.printf("1 worker JVM : %,8.0f docs/s  (rounds %s)%n", m1, one);
            System.out.printf("2 worker JVMs: %,8.0f docs/s  (rounds %s)%n", m2, two);
            System.out.printf("2 / 1        : %.2f×%n", m2 / m1);
        }
        System.exit(0);
    }

    /** Documents per second through {@code workers} worker JVMs, after a warm-up of a tenth of them. */
    private static double measure(int port, int workers, int documents) throws Exception {
        List<ChildJvm> started = new ArrayList<>();
        try (DefaultCamelContext caller = new DefaultCamelContext()) {
            for (int i = 0; i < workers; i++) {
                ChildJvm w = ChildJvm.own(WorkerScaleOut.class.getName(), "worker", Integer.toString(port),
                        Integer.toString(Integer.getInteger("hashRounds", DEFAULT_ROUNDS)));
                ready(w);
                started.add(w);
            }
            // the caller needs no engines: it learns the chain from the workers' metadata
            caller.addComponent("enhancer", new EnhancerComponent());
            caller.start();
            ProducerTemplate template = caller.createProducerTemplate();
            send(template, port, documents / 10);
            long began = System.nanoTime();
            send(template, port, documents);
            return documents / ((System.nanoTime() - began) / 1e9);
        } finally {
            for (ChildJvm w : started) {
                w.close();
            }
        }
    }

    /** Sends with 64 documents outstanding at most (the producer's own waiting line stays well under its bound). */
    private static void send(ProducerTemplate template, int port, int documents) throws Exception {
        List<CompletableFuture<Object>> replies = new ArrayList<>(documents);
        java.util.concurrent.Semaphore outstanding = new java.util.concurrent.Semaphore(64);
        for (int i = 0; i < documents; i++) {
            outstanding.acquire();
            CompletableFuture<Object> reply = template.asyncRequestBody(uri(port), "document " + i + " of the run");
            reply.whenComplete((r, e) -> outstanding.release());
            replies.add(reply);
        }
        for (CompletableFuture<Object> reply : replies) {
            if (!(reply.get(120, TimeUnit.SECONDS) instanceof ContentItem)) {
                throw new IllegalStateException("A document came back without its item");
            }
        }
    }

    private static void worker(int port, int rounds) throws Exception {
        try (DefaultCamelContext context = new DefaultCamelContext()) {
            EnhancerComponent enhancer = new EnhancerComponent();
            enhancer.addEngine(engine(rounds)).addChain(Chain.list("busy", "busy"));
            context.addComponent("enhancer", enhancer);
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from(uri(port)).routeId("worker").log(org.apache.camel.LoggingLevel.DEBUG, "enhanced ${header.CamelEnhancerReferenceId}");
                }
            });
            context.start();
            System.out.println("READY");
            System.out.flush();
            while (System.in.read() >= 0) {
                Thread.onSpinWait();
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
