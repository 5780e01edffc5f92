package dev.camelsuite.benchmarks;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import dev.camelsuite.uima.AnalysisResult;
import dev.camelsuite.uima.UimaDriverComponent;
import org.apache.camel.AsyncProducer;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangePattern;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * The {@code uimadriver:} side of {@link UimaDriverBenchmark}, in a JVM of its own like the stock client's
 * {@code StockClientLoad}:
 *
 * <pre>
 * java -cp benchmarks.jar dev.camelsuite.benchmarks.UimaDriverLoad brokerURL queue casPoolSize warmUpSeconds seconds
 * </pre>
 *
 * A {@code uimadriver:<broker>?queue=…&casPoolSize=N&timeout=60000} producer fed from one thread with 4×N exchanges
 * outstanding: the producer queues what its CAS pool cannot take, holding no thread, so the pool never runs dry.
 * After the warm-up it counts the documents completed for {@code seconds} and prints one line on stdout:
 * {@code UIMADRIVER <casPoolSize> <documents> <seconds> <docsPerSecond>}; logging goes to stderr. A document that
 * fails ends the run with exit status 1.
 */
public final class UimaDriverLoad {

    /** Exchanges outstanding per CAS of the driver's pool. */
    static final int WINDOW_PER_CAS = 4;

    private final AsyncProducer producer;
    private final Semaphore window;
    private final int windowSize;
    private final List<String> documents = documents();
    private final AtomicLong completed = new AtomicLong();
    private final AtomicLong annotations = new AtomicLong();
    private final AtomicReference<Throwable> error = new AtomicReference<>();
    private volatile boolean running = true;

    private UimaDriverLoad(AsyncProducer producer, int windowSize) {
        this.producer = producer;
        this.window = new Semaphore(windowSize);
        this.windowSize = windowSize;
    }

    public static void main(String[] args) throws Exception {
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        if (args.length != 5) {
            System.err.println("usage: UimaDriverLoad brokerURL queue casPoolSize warmUpSeconds seconds");
            System.exit(2);
        }
        int casPoolSize = Integer.parseInt(args[2]);
        double warmUp = Double.parseDouble(args[3]);
        double seconds = Double.parseDouble(args[4]);
        int status;
        try (CamelContext context = new DefaultCamelContext()) {
            context.addComponent("uimadriver", new UimaDriverComponent());
            context.start();
            AsyncProducer producer = context.getEndpoint("uimadriver:" + args[0] + "?queue=" + args[1]
                                                         + "&casPoolSize=" + casPoolSize + "&timeout=60000")
                    .createAsyncProducer();
            producer.start(); // connects and asks the service for its type system
            UimaDriverLoad load = new UimaDriverLoad(producer, WINDOW_PER_CAS * casPoolSize);
            status = load.run(protocol, casPoolSize, warmUp, seconds);
            producer.stop();
        }
        System.exit(status);
    }

    private int run(PrintStream protocol, int casPoolSize, double warmUp, double seconds) throws Exception {
        Thread sender = new Thread(this::send, "uimadriver-load");
        sender.setDaemon(true);
        sender.start();
        sleep(warmUp);
        long before = completed.get();
        long start = System.nanoTime();
        sleep(seconds);
        long count = completed.get() - before;
        double elapsed = (System.nanoTime() - start) / 1e9;
        running = false;
        sender.join(TimeUnit.SECONDS.toMillis(30));
        // every exchange outstanding completes before the producer stops
        if (!window.tryAcquire(windowSize, 60, TimeUnit.SECONDS)) {
            System.err.println("UimaDriverLoad: exchanges still outstanding after 60 s");
            return 1;
        }
        if (error.get() != null) {
            System.err.println("UimaDriverLoad: a document failed: " + error.get());
            return 1;
        }
        if (annotations.get() == 0) {
            System.err.println("UimaDriverLoad: the service returned no annotations");
            return 1;
        }
        protocol.printf(Locale.ROOT, "UIMADRIVER %d %d %.3f %.1f%n", casPoolSize, count, elapsed, count / elapsed);
        return 0;
    }

    /** One thread keeping the window of exchanges outstanding. */
    private void send() {
        try {
            for (int i = 0; running; i++) {
                window.acquire();
                Exchange exchange = producer.getEndpoint().createExchange(ExchangePattern.InOut);
                exchange.getIn().setBody(documents.get(i % documents.size()));
                producer.process(exchange, doneSync -> done(exchange));
            }
        } catch (Exception e) {
            error.compareAndSet(null, e);
        }
    }

    /** Reads the annotations of the result, as a route would, and frees a place in the window. */
    private void done(Exchange exchange) {
        if (exchange.getException() != null) {
            error.compareAndSet(null, exchange.getException());
        } else {
            annotations.addAndGet(exchange.getMessage().getBody(AnalysisResult.class).annotations().size());
            completed.incrementAndGet();
        }
        window.release();
    }

    /**
     * The benchmark's 64 documents of about 1 KB (1,000 to 1,100 characters) of English, each naming a room in
     * every sentence. A copy of {@code StockClientLoad.documents()} in module uima-as-test-service (uimaj 2 and 3
     * cannot share a class path): keep the two equal.
     */
    static List<String> documents() {
        String[] sentences = {
            "The quarterly planning meeting has moved to room %s on the second floor.",
            "Please return the borrowed projector to the equipment desk next to %s before Friday.",
            "Our visitors from the research lab will wait in %s until the badge office opens.",
            "Lunch is served every Tuesday in the lounge, just across the hall from %s.",
            "The printer in %s is out of toner again, so use the one by the east stairs.",
            "Interviews for the summer interns take place in %s from nine until noon.",
            "If the heating in %s fails, call facilities and leave a note on the door.",
            "The library keeps its older journals in %s, behind the reading tables.",
        };
        List<String> documents = new ArrayList<>();
        for (int d = 0; d < 64; d++) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; text.length() < 1000; i++) {
                String sentence = sentences[(d * 7 + i * 3) % sentences.length];
                text.append(String.format(Locale.ROOT, sentence, room(d, i))).append(' ');
            }
            documents.add(text.toString().trim());
        }
        return documents;
    }

    /** Alternately a Yorktown room (20-001 style) and a Hawthorne room (GN-K35 style), as the annotator knows them. */
    private static String room(int d, int i) {
        if ((d + i) % 2 == 0) {
            return String.format(Locale.ROOT, "%d%d-%03d", (d + i) % 5, i % 10, (d * 31 + i * 17) % 300);
        }
        return String.format(Locale.ROOT, "%c%c-%c%02d", "G1234".charAt((d * 3 + i) % 5), "NS".charAt(i % 2),
                (char) ('A' + (d * 7 + i) % 26), (d * 13 + i * 7) % 100);
    }

    private static void sleep(double seconds) throws InterruptedException {
        Thread.sleep((long) (seconds * 1000));
    }
}
