package dev.camelsuite.benchmarks;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Documents per second the stock UIMA AS 2.10.3 client gets from a Camel route served with
 * {@code from("uimadriver:…")} against what it gets from the stock UIMA AS service, on the same analysis engine, the
 * same client and the same broker, in the same run:
 * <ul>
 * <li>the stock service: module {@code uima-as-test-service}'s room-number service (the tutorial
 * RoomNumberAnnotator, 4 instances, prefetch 0) with its embedded ActiveMQ 5.15 broker, in its own JVM;</li>
 * <li>the served route: {@link ServedRouteMain} in its own JVM on that broker, the same annotator and descriptor,
 * {@code concurrentConsumers=4}, every other option at its default;</li>
 * <li>the client: {@code StockClientLoad} of that module (the stock client, XMI, CAS pool of N fed from one thread
 * waiting in {@code getCAS()}), a fresh JVM per measurement.</li>
 * </ul>
 * Per CAS pool size 1 and 8 the client warms up, then counts completed documents for a fixed time; which service
 * goes first alternates round by round; medians of the rounds. Before the first round, one unmeasured run against
 * each warms both services up.
 * <p>
 * Run from the project root: {@code java -cp benchmarks/target/benchmarks.jar
 * dev.camelsuite.benchmarks.ServedRouteBenchmark} (defaults: {@code -Drounds=3 -DwarmUp=20 -Dseconds=10
 * -DserviceClasspath=uima-as-test-service/target/service-classpath.txt}).
 */
public final class ServedRouteBenchmark {

    static final String STOCK_QUEUE = "RoomNumberQueue";
    static final String SERVED_QUEUE = "ServedRoomNumberQueue";
    static final String DESCRIPTOR = "uima-as-test-service/src/main/resources/dev/camelsuite/uima/testservice/"
                                     + "RoomNumberAnnotator.xml";

    private ServedRouteBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        try (ChildJvm stock = ChildJvm.uimaAs(UimaDriverBenchmark.SERVICE_CLASSPATH,
                "dev.camelsuite.uima.testservice.ServiceMain", "--broker", "tcp://localhost:0",
                "room-number=" + STOCK_QUEUE)) {
            String broker = UimaDriverBenchmark.awaitService(stock);
            try (ChildJvm served = ChildJvm.own(ServedRouteMain.class.getName(), broker, SERVED_QUEUE,
                    Path.of(DESCRIPTOR).toAbsolutePath().toString(), "4")) {
                String ready = served.nextLine(120, TimeUnit.SECONDS);
                if (!ready.startsWith("SERVICE READY")) {
                    throw new IllegalStateException("The served route printed: " + ready);
                }
                for (String queue : List.of(STOCK_QUEUE, SERVED_QUEUE)) {
                    measure(broker, queue, 8, 15, 1); // the services' own warm-up; not counted
                }
                run(broker);
            }
        }
        System.exit(0);
    }

    private static void run(String broker) throws Exception {
        Map<String, Map<Integer, List<Double>>> results = new LinkedHashMap<>();
        for (int round = 0; round < UimaDriverBenchmark.ROUNDS; round++) {
            for (int size : UimaDriverBenchmark.SIZES) {
                List<String> order = round % 2 == 0 ? List.of(SERVED_QUEUE, STOCK_QUEUE)
                        : List.of(STOCK_QUEUE, SERVED_QUEUE);
                for (String queue : order) {
                    double docsPerSecond = measure(broker, queue, size, UimaDriverBenchmark.WARM_UP,
                            UimaDriverBenchmark.SECONDS);
                    results.computeIfAbsent(queue, k -> new LinkedHashMap<>())
                            .computeIfAbsent(size, k -> new ArrayList<>()).add(docsPerSecond);
                    System.out.printf(Locale.ROOT, "round %d  %-22s CasPoolSize %d: %8.1f docs/s%n", round + 1,
                            queue, size, docsPerSecond);
                }
            }
        }
        System.out.println();
        System.out.println("| CasPoolSize | served route docs/s | stock service docs/s | ratio |");
        System.out.println("|---:|---:|---:|---:|");
        for (int size : UimaDriverBenchmark.SIZES) {
            double served = UimaDriverBenchmark.median(results.get(SERVED_QUEUE).get(size));
            double stock = UimaDriverBenchmark.median(results.get(STOCK_QUEUE).get(size));
            System.out.printf(Locale.ROOT, "| %d | %.0f | %.0f | %.2f× |%n", size, served, stock, served / stock);
        }
    }

    /** Documents per second the stock client gets from the service on {@code queue}, in a fresh JVM. */
    private static double measure(String broker, String queue, int casPoolSize, double warmUp, double seconds)
            throws Exception {
        try (ChildJvm client = ChildJvm.uimaAs(UimaDriverBenchmark.SERVICE_CLASSPATH,
                "dev.camelsuite.uima.testservice.StockClientLoad", broker, queue, String.valueOf(casPoolSize),
                String.valueOf(warmUp), String.valueOf(seconds))) {
            String line = client.nextLine((long) (warmUp + seconds) + 120, TimeUnit.SECONDS);
            String[] fields = line.trim().split(" ");
            if (fields.length != 5 || !fields[0].equals("STOCK") || Integer.parseInt(fields[1]) != casPoolSize) {
                throw new IllegalStateException("The stock client printed: " + line);
            }
            int status = client.waitFor(60, TimeUnit.SECONDS);
            if (status != 0) {
                throw new IllegalStateException("The stock client ended with status " + status + " on " + queue);
            }
            return Double.parseDouble(fields[4]);
        }
    }
}
