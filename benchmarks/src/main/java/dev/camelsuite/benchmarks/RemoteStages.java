package dev.camelsuite.benchmarks;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.ServerSocket;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageListener;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * Where the time of one document's round trip goes, one document in flight, the enhancer against the hand-written
 * request/reply of {@link RemoteBenchmark}: each contender's JMS objects are wrapped so that the moments a message
 * is handed to the client, leaves it, reaches a listener, and the engine starts are stamped, and the mean time between
 * consecutive stamps is printed per stage. Both contenders run in one JVM against one broker in its own JVM,
 * alternating, after a warm-up.
 * <p>
 * The enhancer's connections are opened by a factory configured as the component configures ActiveMQ by default (the
 * wrapper takes the place of the component's own factory).
 * <p>
 * Run: {@code java -Xmx512m -cp benchmarks/target/benchmarks.jar dev.camelsuite.benchmarks.RemoteStages}
 * ({@code -Ddocuments=5000 -Drounds=3}).
 */
public final class RemoteStages {

    static final int DOCUMENTS = Integer.getInteger("documents", 5_000);
    static final int ROUNDS = Integer.getInteger("rounds", 3);

    /** The stamps, in the order a document passes them. */
    enum Stage {
        CALLED("the caller hands the document over"),
        SENDING("the caller's client gets the request (exchange, correlation, writing the item)"),
        SENT("the client has written the request to the broker's socket"),
        WORKER_RECEIVED("a worker's listener gets the request (broker, client threads)"),
        ENGINE("the engine starts (reading the request, starting the chain)"),
        REPLYING("the worker's client gets the reply (engine, route, writing the reply)"),
        REPLIED("the reply is written to the broker's socket"),
        CALLER_RECEIVED("the caller's listener gets the reply (broker, client threads)"),
        COMPLETED("the caller's future completes (reading the reply, correlation, hand-offs)");

        final String meaning;

        Stage(String meaning) {
            this.meaning = meaning;
        }
    }

    /** The stamps of the documents of one measured run, one document in flight at a time. */
    static final class Stamps {
        final long[][] at = new long[Stage.values().length][DOCUMENTS];
        volatile int document = -1;

        void stamp(Stage stage) {
            int d = document;
            if (d >= 0 && at[stage.ordinal()][d] == 0) {
                at[stage.ordinal()][d] = System.nanoTime();
            }
        }

        /**
         * Mean microseconds from the stamp before to each stage, over the documents that have every stamp (on two
         * cores a sending thread may be descheduled past the whole round trip, and its stamp then lands on the next
         * document, where it is ignored).
         */
        double[] means() {
            double[] means = new double[Stage.values().length];
            int counted = 0;
            for (int d = 0; d < DOCUMENTS; d++) {
                boolean complete = true;
                for (long[] stage : at) {
                    complete &= stage[d] != 0;
                }
                if (complete) {
                    counted++;
                    for (int s = 1; s < means.length; s++) {
                        means[s] += at[s][d] - at[s - 1][d];
                    }
                }
            }
            for (int s = 1; s < means.length; s++) {
                means[s] /= counted * 1000.0;
            }
            means[0] = counted;
            return means;
        }
    }

    static volatile Stamps stamps;

    static final EnhancementEngine ENGINE = EnhancementEngine.of("words", item -> {
        stamp(Stage.ENGINE);
        RemoteBenchmark.enhance(item);
    });

    static void stamp(Stage stage) {
        Stamps s = stamps;
        if (s != null) {
            s.stamp(stage);
        }
    }

    private RemoteStages() {
    }

    public static void main(String[] args) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String url = "tcp://127.0.0.1:" + port;
        Process broker = RemoteBenchmark.startBroker(port);
        try (Enhancer enhancer = new Enhancer(url);
             RemoteBenchmark.Contender raw = new RawJmsContender(
                     stamping(new ActiveMQConnectionFactory(url), true).createConnection(),
                     stamping(new ActiveMQConnectionFactory(url), false).createConnection(), ENGINE, "stages.raw")) {
            RemoteBenchmark.Contender[] contenders = { enhancer, raw };
            for (RemoteBenchmark.Contender c : contenders) {
                run(c, 10_000, null);
            }
            Map<String, double[][]> results = new ConcurrentHashMap<>();
            for (int round = 0; round < ROUNDS; round++) {
                for (int k = 0; k < contenders.length; k++) {
                    RemoteBenchmark.Contender c = contenders[(k + round) % contenders.length];
                    Stamps s = new Stamps();
                    run(c, DOCUMENTS, s);
                    results.computeIfAbsent(c.name(), n -> new double[ROUNDS][])[round] = s.means();
                }
            }
            print(results);
        } finally {
            broker.destroyForcibly();
        }
        System.exit(0);
    }

    private static void run(RemoteBenchmark.Contender c, int n, Stamps s) throws Exception {
        stamps = s;
        for (int i = 0; i < n; i++) {
            if (s != null) {
                s.document = i;
            }
            stamp(Stage.CALLED);
            CompletableFuture<?> done = c.send(RemoteBenchmark.DOCUMENT);
            done.whenComplete((r, e) -> stamp(Stage.COMPLETED)).get(30, TimeUnit.SECONDS);
        }
        stamps = null;
    }

    private static void print(Map<String, double[][]> results) {
        System.out.println("| stage (mean µs, median of " + ROUNDS + " rounds of " + DOCUMENTS + " documents) | enhancer"
                           + " | raw JMS |");
        System.out.println("|---|---:|---:|");
        Stage[] stages = Stage.values();
        double[] total = new double[2];
        for (int s = 1; s < stages.length; s++) {
            double e = median(results.get("enhancer"), s);
            double r = median(results.get("raw JMS"), s);
            total[0] += e;
            total[1] += r;
            System.out.printf("| %s | %.1f | %.1f |%n", stages[s].meaning, e, r);
        }
        System.out.printf("| round trip | %.1f | %.1f |%n", total[0], total[1]);
        System.out.printf("(documents with every stamp: enhancer %.0f, raw JMS %.0f of %d)%n",
                median(results.get("enhancer"), 0), median(results.get("raw JMS"), 0), DOCUMENTS);
    }

    private static double median(double[][] rounds, int stage) {
        double[] values = Arrays.stream(rounds).mapToDouble(r -> r[stage]).sorted().toArray();
        return values[values.length / 2];
    }

    /** The enhancer's producer and two worker instances, each on connections of a stamping factory. */
    static final class Enhancer implements RemoteBenchmark.Contender {
        private final CamelContext context = new DefaultCamelContext();
        private final RouteCall<ContentItem> call;

        Enhancer(String url) throws Exception {
            EnhancerComponent enhancer = new EnhancerComponent();
            enhancer.addChain(Chain.list("bench", "words")).addEngine(ENGINE);
            context.addComponent("enhancer", enhancer);
            ActiveMQConnectionFactory producer = componentDefaults(url);
            // as the component sets up a producer's connection (BrokerConnections.forProducer)
            producer.getPrefetchPolicy().setQueuePrefetch(100);
            producer.setDispatchAsync(false);
            producer.setAlwaysSessionAsync(Boolean.parseBoolean(System.getProperty("producer.sessionAsync", "false")));
            context.getRegistry().bind("producerFactory", stamping(producer, true));
            context.getRegistry().bind("workerFactory", stamping(componentDefaults(url), false));
            String base = "enhancer:bench?queue=stages.enhancer&connectionFactory=#";
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from(base + "workerFactory&concurrentConsumers=" + RemoteBenchmark.WORKERS)
                            .setHeader("worker", constant("enhancer"));
                }
            });
            context.start();
            call = new RouteCall<>(context, base + "producerFactory", ContentItem.class);
            call.send("warm").get(30, TimeUnit.SECONDS);
        }

        private static ActiveMQConnectionFactory componentDefaults(String url) {
            ActiveMQConnectionFactory amq = new ActiveMQConnectionFactory(url);
            amq.setWatchTopicAdvisories(false);
            amq.setCopyMessageOnSend(false);
            return amq;
        }

        @Override
        public String name() {
            return "enhancer";
        }

        @Override
        public CompletableFuture<?> send(String text) {
            return call.send(text);
        }

        @Override
        public void close() throws Exception {
            context.close();
        }
    }

    /**
     * A connection factory whose sessions' producers stamp each send (before and after) and whose consumers' listeners
     * stamp each message on arrival, as the caller's side or a worker's.
     */
    static ConnectionFactory stamping(ConnectionFactory factory, boolean caller) {
        return wrap(factory, ConnectionFactory.class, caller);
    }

    @SuppressWarnings("unchecked")
    private static <T> T wrap(Object target, Class<T> type, boolean caller) {
        InvocationHandler handler = (proxy, method, args) -> invoke(target, method, args, caller);
        return (T) Proxy.newProxyInstance(RemoteStages.class.getClassLoader(), new Class<?>[] { type }, handler);
    }

    private static Object invoke(Object target, Method method, Object[] args, boolean caller) throws Throwable {
        if (target instanceof MessageProducer && method.getName().equals("send")) {
            stamp(caller ? Stage.SENDING : Stage.REPLYING);
            Object result = call(target, method, args);
            stamp(caller ? Stage.SENT : Stage.REPLIED);
            return result;
        }
        if (target instanceof MessageConsumer && method.getName().equals("setMessageListener") && args[0] != null) {
            MessageListener listener = (MessageListener) args[0];
            args[0] = (MessageListener) (Message m) -> {
                stamp(caller ? Stage.CALLER_RECEIVED : Stage.WORKER_RECEIVED);
                listener.onMessage(m);
            };
        }
        Object result = call(target, method, args);
        Class<?> returned = method.getReturnType();
        if (returned == Connection.class || returned == Session.class || returned == MessageProducer.class
            || returned == MessageConsumer.class) {
            return wrap(result, returned, caller);
        }
        return result;
    }

    private static Object call(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
