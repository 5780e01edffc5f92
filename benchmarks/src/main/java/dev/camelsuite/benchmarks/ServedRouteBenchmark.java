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
 * With {@code -Dcase=multiplier} the two serve a CAS multiplier instead: the aggregate {@code SegmentedRoomNumbers}
 * (SimpleTextSegmenter, then the RoomNumberAnnotator on each child), one instance each (the stock service's default
 * deployment), the client's documents cut into a line per sentence (about 13 child CASes a document, each released
 * by the client as it reads it).
 * <p>
 * Run from the project root: {@code java -cp benchmarks/target/benchmarks.jar
 * dev.camelsuite.benchmarks.ServedRouteBenchmark} (defaults: {@code -Drounds=3 -DwarmUp=20 -Dseconds=10
 * -DserviceClasspath=uima-as-test-service/target/service-classpath.txt}).
 */
public final class ServedRouteBenchmark {

    static final boolean MULTIPLIER = "multiplier".equals(System.getProperty("case"));
    static final String STOCK_QUEUE = MULTIPLIER ? "SegmentedRoomNumbersQueue" : "RoomNumberQueue";
    static final String SERVED_QUEUE = MULTIPLIER ? "ServedSegmentedQueue" : "ServedRoomNumberQueue";
    static final String DESCRIPTOR = "uima-as-test-service/src/main/resources/dev/camelsuite/uima/testservice/"
                                     + (MULTIPLIER ? "SegmentedRoomNumbers.xml" : "RoomNumberAnnotator.xml");

    private ServedRouteBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        try (ChildJvm stock = ChildJvm.uimaAs(UimaDriverBenchmark.SERVICE_CLASSPATH,
                "dev.camelsuite.uima.testservice.ServiceMain", "--broker", "tcp://localhost:0",
                (MULTIPLIER ? "segmented-rooms=" : "room-number=") + STOCK_QUEUE)) {
            String broker = UimaDriverBenchmark.awaitService(stock);
            try (ChildJvm served = ChildJvm.own(ServedRouteMain.class.getName(), broker, SERVED_QUEUE,
                    Path.of(DESCRIPTOR).toAbsolutePath().toString(), MULTIPLIER ? "1" : "4")) {
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
        Map<String, Map<Integer, List<Double>>> children = new LinkedHashMap<>();
        for (int round = 0; round < UimaDriverBenchmark.ROUNDS; round++) {
            for (int size : UimaDriverBenchmark.SIZES) {
                List<String> order = round % 2 == 0 ? List.of(SERVED_QUEUE, STOCK_QUEUE)
                        : List.of(STOCK_QUEUE, SERVED_QUEUE);
                for (String queue : order) {
                    double[] rates = measure(broker, queue, size, UimaDriverBenchmark.WARM_UP,
                            UimaDriverBenchmark.SECONDS);
                    results.computeIfAbsent(queue, k -> new LinkedHashMap<>())
                            .computeIfAbsent(size, k -> new ArrayList<>()).add(rates[0]);
                    children.computeIfAbsent(queue, k -> new LinkedHashMap<>())
                            .computeIfAbsent(size, k -> new ArrayList<>()).add(rates[1]);
                    System.out.printf(Locale.ROOT, "round %d  %-26s CasPoolSize %d: %8.1f docs/s %8.1f children/s%n",
                            round + 1, queue, size, rates[0], rates[1]);
                }
            }
        }
        System.out.println();
        System.out.println(MULTIPLIER ? "| CasPoolSize | served route docs/s (children/s) | stock service docs/s"
                                        + " (children/s) | ratio |"
                : "| CasPoolSize | served route docs/s | stock service docs/s | ratio |");
        System.out.println("|---:|---:|---:|---:|");
        for (int size : UimaDriverBenchmark.SIZES) {
            double served = UimaDriverBenchmark.median(results.get(SERVED_QUEUE).get(size));
            double stock = UimaDriverBenchmark.median(results.get(STOCK_QUEUE).get(size));
            if (MULTIPLIER) {
                System.out.printf(Locale.ROOT, "| %d | %.0f (%.0f) | %.0f (%.0f) | %.2f× |%n", size, served,
                        UimaDriverBenchmark.median(children.get(SERVED_QUEUE).get(size)), stock,
                        UimaDriverBenchmark.median(children.get(STOCK_QUEUE).get(size)), served / stock);
            } else {
                System.out.printf(Locale.ROOT, "| %d | %.0f | %.0f | %.2f× |%n", size, served, stock,
                        served / stock);
            }
        }
    }

    /** Documents and child CASes per second the stock client gets from the service on {@code queue}, in a fresh JVM. */
    private static double[] measure(String broker, String queue, int casPoolSize, double warmUp, double seconds)
            throws Exception {
        List<String> args = new ArrayList<>(List.of(broker, queue, String.valueOf(casPoolSize),
                String.valueOf(warmUp), String.valueOf(seconds)));
        if (MULTIPLIER) {
            args.add("lines");
        }
        try (ChildJvm client = ChildJvm.uimaAs(UimaDriverBenchmark.SERVICE_CLASSPATH,
                "dev.camelsuite.uima.testservice.StockClientLoad", args.toArray(String[]::new))) {
            String line = client.nextLine((long) (warmUp + seconds) + 120, TimeUnit.SECONDS);
            String[] fields = line.trim().split(" ");
            if (fields.length != 6 || !fields[0].equals("STOCK") || Integer.parseInt(fields[1]) != casPoolSize) {
                throw new IllegalStateException("The stock client printed: " + line);
            }
            int status = client.waitFor(60, TimeUnit.SECONDS);
            if (status != 0) {
                throw new IllegalStateException("The stock client ended with status " + status + " on " + queue);
            }
            return new double[] { Double.parseDouble(fields[4]), Double.parseDouble(fields[5]) };
        }
    }
}
