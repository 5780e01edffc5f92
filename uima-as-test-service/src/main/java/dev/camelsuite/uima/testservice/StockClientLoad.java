package dev.camelsuite.uima.testservice;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.apache.uima.aae.client.UimaASProcessStatus;
import org.apache.uima.aae.client.UimaAsBaseCallbackListener;
import org.apache.uima.aae.client.UimaAsynchronousEngine;
import org.apache.uima.adapter.jms.client.BaseUIMAAsynchronousEngine_impl;
import org.apache.uima.cas.CAS;
import org.apache.uima.cas.text.AnnotationFS;
import org.apache.uima.collection.EntityProcessStatus;

/**
 * Drives a UIMA AS service with the stock UIMA AS 2.10.3 client, as its documentation shows it used: asynchronous
 * {@code sendCAS} from one thread, a status callback listener, and the client's CAS pool bounding what is in the
 * service (the sender waits in {@code getCAS()} for a free CAS).
 *
 * <pre>
 * java &lt;add-opens&gt; -cp "$(cat target/service-classpath.txt)" dev.camelsuite.uima.testservice.StockClientLoad \
 *      brokerURL queue casPoolSize warmUpSeconds seconds [lines]
 * </pre>
 *
 * After the warm-up it counts the documents completed for {@code seconds} and prints one line on stdout:
 * {@code STOCK <casPoolSize> <documents> <seconds> <docsPerSecond> <childrenPerSecond>}. With {@code lines}, each
 * sentence of a document is a line of its own, for a CAS multiplier that makes a child CAS per line (the children
 * are counted apart; a document counts when its own reply comes, after its children). Everything the client itself prints goes to
 * stderr. A document that fails ends the run with exit status 1.
 * <p>
 * The documents are those of {@link #documents()}, which the benchmarks module's {@code UimaDriverLoad}
 * duplicates for the {@code uimadriver:} side (uimaj 2 and 3 cannot share a class path): the two must stay equal.
 */
public final class StockClientLoad {

    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong completed = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicLong annotations = new AtomicLong();
    private final AtomicLong children = new AtomicLong();

    private StockClientLoad() {
    }

    public static void main(String[] args) throws Exception {
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err); // the client prints progress with System.out.println
        if (args.length != 5 && !(args.length == 6 && args[5].equals("lines"))) {
            System.err.println("usage: StockClientLoad brokerURL queue casPoolSize warmUpSeconds seconds [lines]");
            System.exit(2);
        }
        quietLogging();
        String broker = args[0];
        String queue = args[1];
        int casPoolSize = Integer.parseInt(args[2]);
        double warmUp = Double.parseDouble(args[3]);
        double seconds = Double.parseDouble(args[4]);

        List<String> documents = documents();
        if (args.length == 6) {
            documents = documents.stream().map(d -> d.replace(". ", ".\n")).toList();
        }
        int status = new StockClientLoad().run(protocol, broker, queue, casPoolSize, warmUp, seconds, documents);
        System.exit(status); // the client leaves non-daemon threads behind
    }

    private int run(PrintStream protocol, String broker, String queue, int casPoolSize, double warmUp, double seconds,
            List<String> documents) throws Exception {
        BaseUIMAAsynchronousEngine_impl client = new BaseUIMAAsynchronousEngine_impl();
        client.addStatusCallbackListener(new Listener());
        client.initialize(context(broker, queue, casPoolSize, 60_000, "xmi")); // XMI: what uimadriver speaks too

        Sender sender = new Sender(client, documents);
        sender.start();
        sleep(warmUp);
        long before = completed.get();
        long childrenBefore = children.get();
        long start = System.nanoTime();
        sleep(seconds);
        long count = completed.get() - before;
        long made = children.get() - childrenBefore;
        double elapsed = (System.nanoTime() - start) / 1e9;
        sender.finish();
        drain(TimeUnit.SECONDS.toNanos(30));
        stop(client);

        if (failed.get() > 0 || sender.error != null) {
            System.err.println("StockClientLoad: " + failed.get() + " failed documents"
                               + (sender.error != null ? ", sender: " + sender.error : ""));
            return 1;
        }
        if (annotations.get() == 0) {
            System.err.println("StockClientLoad: the service returned no annotations");
            return 1;
        }
        protocol.printf(Locale.ROOT, "STOCK %d %d %.3f %.1f %.1f%n", casPoolSize, count, elapsed, count / elapsed,
                made / elapsed);
        return 0;
    }

    /** The client's settings as its documentation gives them: where, how many CASes, timeouts, serialization. */
    static Map<String, Object> context(String broker, String queue, int casPoolSize, int timeoutMillis,
            String serialization) {
        Map<String, Object> context = new HashMap<>();
        context.put(UimaAsynchronousEngine.ServerUri, broker);
        context.put(UimaAsynchronousEngine.ENDPOINT, queue);
        context.put(UimaAsynchronousEngine.CasPoolSize, casPoolSize);
        context.put(UimaAsynchronousEngine.Timeout, timeoutMillis);
        context.put(UimaAsynchronousEngine.GetMetaTimeout, timeoutMillis);
        context.put(UimaAsynchronousEngine.CpcTimeout, timeoutMillis);
        context.put(UimaAsynchronousEngine.SerializationStrategy, serialization);
        return context;
    }

    /** Waits until every document sent has come back (or the deadline passes), so that stopping loses none. */
    private void drain(long nanos) throws InterruptedException {
        long deadline = System.nanoTime() + nanos;
        while (completed.get() + failed.get() < sent.get() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
    }

    /** {@code stop()} can hang on a broker that went away; the process ends anyway. */
    static void stop(BaseUIMAAsynchronousEngine_impl client) throws InterruptedException {
        Thread stopper = new Thread(() -> {
            try {
                client.stop();
            } catch (Exception e) {
                // ending anyway
            }
        }, "stock-client-stop");
        stopper.setDaemon(true);
        stopper.start();
        stopper.join(TimeUnit.SECONDS.toMillis(10));
    }

    /** One thread, as in the client's documentation: take a free CAS (waiting when none is), fill it, send it. */
    private final class Sender extends Thread {
        private final BaseUIMAAsynchronousEngine_impl client;
        private final List<String> documents;
        private volatile boolean running = true;
        private volatile Exception error;

        Sender(BaseUIMAAsynchronousEngine_impl client, List<String> documents) {
            super("stock-client-sender");
            setDaemon(true);
            this.client = client;
            this.documents = documents;
        }

        @Override
        public void run() {
            try {
                for (int i = 0; running; i++) {
                    CAS cas = client.getCAS();
                    cas.setDocumentText(documents.get(i % documents.size()));
                    client.sendCAS(cas);
                    sent.incrementAndGet();
                }
            } catch (Exception e) {
                error = e;
            }
        }

        void finish() throws InterruptedException {
            running = false;
            join(TimeUnit.SECONDS.toMillis(30));
        }
    }

    /** Reads each analysed CAS's annotations, as a user of the result would; the client then frees the CAS. */
    private final class Listener extends UimaAsBaseCallbackListener {
        @Override
        public void entityProcessComplete(CAS cas, EntityProcessStatus status) {
            if (status != null && status.isException()) {
                if (failed.incrementAndGet() == 1) {
                    System.err.println("StockClientLoad: a document failed: " + status.getExceptions());
                }
                return;
            }
            long found = 0;
            for (AnnotationFS a : cas.getAnnotationIndex()) {
                if (a.getCoveredText() != null) {
                    found++;
                }
            }
            annotations.addAndGet(found);
            if (status instanceof UimaASProcessStatus s && s.getParentCasReferenceId() != null) {
                children.incrementAndGet(); // a CAS multiplier's child, before its document's reply
            } else {
                completed.incrementAndGet();
            }
        }
    }

    /**
     * The benchmark's 64 documents of about 1 KB (1,000 to 1,100 characters) of English, each naming a room in
     * every sentence: the recipe is deterministic and duplicated in {@code UimaDriverLoad}; keep the two equal.
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

    private static void quietLogging() {
        if (System.getProperty("java.util.logging.config.file") != null
            || System.getProperty("java.util.logging.config.class") != null) {
            return;
        }
        Logger root = Logger.getLogger("");
        root.setLevel(Level.WARNING);
        for (var handler : root.getHandlers()) {
            handler.setLevel(Level.WARNING);
        }
    }
}
