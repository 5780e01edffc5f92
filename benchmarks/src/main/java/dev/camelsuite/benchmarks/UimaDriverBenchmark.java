package dev.camelsuite.benchmarks;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Documents per second through {@code uimadriver:} against the stock UIMA AS 2.10.3 client, on the same UIMA AS
 * service and broker, in the same run:
 * <ul>
 * <li>the service: module {@code uima-as-test-service}'s room-number service (the tutorial RoomNumberAnnotator, 4
 * instances) with its embedded ActiveMQ 5.15 broker, in its own JVM for the whole run;</li>
 * <li>{@code uimadriver}: {@link UimaDriverLoad}, a {@code uimadriver:} producer with {@code casPoolSize=N} fed with
 * 4×N exchanges outstanding;</li>
 * <li>{@code stock}: {@code StockClientLoad} of that module, the stock client with a CAS pool of N fed from one thread
 * waiting in {@code getCAS()}.</li>
 * </ul>
 * Each measurement starts a fresh JVM for its contender (the stock client cannot run in this one: uimaj 2 cannot load
 * next to uimaj 3; so the driver gets a fresh one too, with the same heap and warm-up). Both send the same 64
 * documents of about 1 KB as XMI, with a 60 s timeout, and read the annotations of every reply. Per CAS pool size 1
 * and 8, each contender warms up, then counts completed documents for a fixed time; which goes first alternates
 * round by round; medians of the rounds. Before the first round, one unmeasured run of each warms the service up.
 * <p>
 * Run from the project root: {@code java -cp benchmarks/target/benchmarks.jar
 * dev.camelsuite.benchmarks.UimaDriverBenchmark} (defaults: {@code -Drounds=3 -DwarmUp=20 -Dseconds=10
 * -DserviceClasspath=uima-as-test-service/target/service-classpath.txt}).
 */
public final class UimaDriverBenchmark {

    static final int ROUNDS = Integer.getInteger("rounds", 3);
    static final double WARM_UP = Double.parseDouble(System.getProperty("warmUp", "20"));
    static final double SECONDS = Double.parseDouble(System.getProperty("seconds", "10"));
    static final int[] SIZES = { 1, 8 };
    static final String QUEUE = "RoomNumberQueue";
    static final Path SERVICE_CLASSPATH = Path.of(System.getProperty("serviceClasspath",
            "uima-as-test-service/target/service-classpath.txt"));

    /** A client of the service, run in a JVM of its own; prints {@code NAME size documents seconds docsPerSecond}. */
    enum Contender {
        UIMADRIVER("uimadriver"), STOCK("stock client");

        final String label;

        Contender(String label) {
            this.label = label;
        }

        ChildJvm start(String broker, int casPoolSize, double warmUp, double seconds) throws Exception {
            String[] args = { broker, QUEUE, String.valueOf(casPoolSize), String.valueOf(warmUp),
                String.valueOf(seconds) };
            return this == UIMADRIVER ? ChildJvm.own(UimaDriverLoad.class.getName(), args)
                    : ChildJvm.uimaAs(SERVICE_CLASSPATH, "dev.camelsuite.uima.testservice.StockClientLoad", args);
        }
    }

    private UimaDriverBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        try (ChildJvm service = ChildJvm.uimaAs(SERVICE_CLASSPATH, "dev.camelsuite.uima.testservice.ServiceMain",
                "--broker", "tcp://localhost:0", "room-number=" + QUEUE)) {
            String broker = awaitService(service);
            for (Contender c : Contender.values()) {
                measure(c, broker, 8, 15, 1); // the service's own warm-up; not counted
            }
            run(broker);
        }
        System.exit(0);
    }

    private static void run(String broker) throws Exception {
        Map<Contender, Map<Integer, List<Double>>> results = new LinkedHashMap<>();
        for (int round = 0; round < ROUNDS; round++) {
            for (int size : SIZES) {
                // alternate the order so that neither contender always runs first
                List<Contender> order = round % 2 == 0 ? List.of(Contender.UIMADRIVER, Contender.STOCK)
                        : List.of(Contender.STOCK, Contender.UIMADRIVER);
                for (Contender c : order) {
                    double docsPerSecond = measure(c, broker, size, WARM_UP, SECONDS);
                    results.computeIfAbsent(c, k -> new LinkedHashMap<>()).computeIfAbsent(size, k -> new ArrayList<>())
                            .add(docsPerSecond);
                    System.out.printf(Locale.ROOT, "round %d  %-12s CasPoolSize %d: %8.1f docs/s%n", round + 1,
                            c.label, size, docsPerSecond);
                }
            }
        }
        System.out.println();
        System.out.println("| CasPoolSize | uimadriver docs/s | stock client docs/s | ratio |");
        System.out.println("|---:|---:|---:|---:|");
        for (int size : SIZES) {
            double driver = median(results.get(Contender.UIMADRIVER).get(size));
            double stock = median(results.get(Contender.STOCK).get(size));
            System.out.printf(Locale.ROOT, "| %d | %.0f | %.0f | %.2f× |%n", size, driver, stock, driver / stock);
        }
    }

    /** Reads the service JVM's protocol lines until the service is ready; the broker's URL. */
    static String awaitService(ChildJvm service) throws InterruptedException {
        String broker = null;
        while (true) {
            String line = service.nextLine(120, TimeUnit.SECONDS);
            if (line.startsWith("BROKER READY ")) {
                broker = line.substring("BROKER READY ".length()).trim();
            } else if (line.startsWith("SERVICE READY ")) {
                return broker;
            } else if (line.contains("FAILED")) {
                throw new IllegalStateException("The UIMA AS service could not start: " + line);
            }
        }
    }

    /** Documents per second of one contender in a fresh JVM, after its warm-up. */
    static double measure(Contender c, String broker, int casPoolSize, double warmUp, double seconds)
            throws Exception {
        try (ChildJvm client = c.start(broker, casPoolSize, warmUp, seconds)) {
            String line = client.nextLine((long) (warmUp + seconds) + 120, TimeUnit.SECONDS);
            String[] fields = line.trim().split(" ");
            if (fields.length < 5 || !fields[0].equals(c.name()) || Integer.parseInt(fields[1]) != casPoolSize) {
                throw new IllegalStateException(c.label + " printed: " + line);
            }
            int status = client.waitFor(60, TimeUnit.SECONDS);
            if (status != 0) {
                throw new IllegalStateException(c.label + " ended with status " + status);
            }
            return Double.parseDouble(fields[4]);
        }
    }

    static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        return sorted.get(sorted.size() / 2);
    }
}
