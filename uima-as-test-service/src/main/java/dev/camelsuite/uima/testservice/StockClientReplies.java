package dev.camelsuite.uima.testservice;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.uima.aae.client.UimaASProcessStatus;
import org.apache.uima.aae.client.UimaAsBaseCallbackListener;
import org.apache.uima.adapter.jms.client.BaseUIMAAsynchronousEngine_impl;
import org.apache.uima.cas.CAS;
import org.apache.uima.cas.Feature;
import org.apache.uima.cas.Type;
import org.apache.uima.cas.TypeSystem;
import org.apache.uima.cas.text.AnnotationFS;
import org.apache.uima.collection.EntityProcessStatus;
import org.apache.uima.resource.metadata.ProcessingResourceMetaData;
import org.apache.uima.resource.metadata.TypeDescription;

/**
 * Sends documents to a UIMA AS service with the stock UIMA AS 2.10.3 client, as its documentation shows it used, and
 * writes what came back for each in a form two services' answers can be compared by: one line per document, its
 * annotations with their types, offsets and features, or the error the client surfaced; after it, the child CASes a
 * CAS multiplier made of it, one line each ({@code i.k}, in the order they came).
 *
 * <pre>
 * java &lt;add-opens&gt; -cp "$(cat target/service-classpath.txt)" dev.camelsuite.uima.testservice.StockClientReplies \
 *      brokerURL queue casPoolSize xmi|binary documents outputFile [every [textsFile]]
 * </pre>
 *
 * Document {@code i} is {@code "Document i. "} followed by one of {@link StockClientLoad#documents()} (or of the
 * lines of {@code textsFile}); with
 * {@code every} &gt; 0, every {@code every}-th document also holds {@link FailingAnnotator#TRIGGER}. After the last
 * reply one more document goes with {@code sendAndReceiveCAS}, then the client sends Collection Process Complete. On
 * stdout: {@code META <name> <types>} once the client has initialised, {@code SYNC <answer>} for the synchronous
 * document, {@code CPC} when Collection Process Complete was answered, {@code DONE <documents> <errors>} at the
 * end. Exit status 1 when a document got no answer or the client failed.
 */
public final class StockClientReplies {

    private final Map<Integer, String> answers = new ConcurrentHashMap<>();
    /** A CAS multiplier's children of each document, in the order they came. */
    private final Map<Integer, List<String>> children = new ConcurrentHashMap<>();
    private final Map<String, Integer> sentIds = new ConcurrentHashMap<>();
    private CountDownLatch remaining;

    private StockClientReplies() {
    }

    public static void main(String[] args) throws Exception {
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err); // the client prints progress with System.out.println
        if (args.length < 6) {
            System.err.println("usage: StockClientReplies brokerURL queue casPoolSize xmi|binary documents outputFile"
                               + " [every]");
            System.exit(2);
        }
        java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.WARNING);
        int every = args.length > 6 ? Integer.parseInt(args[6]) : 0;
        // a texts file holds a document per line; "\\n" in it stands for a line break (CAS multipliers cut there)
        List<String> texts = args.length > 7 ? Files.readAllLines(Path.of(args[7]), StandardCharsets.UTF_8).stream()
                .map(t -> t.replace("\\n", "\n")).toList()
                : StockClientLoad.documents();
        int status = new StockClientReplies().run(protocol, args[0], args[1], Integer.parseInt(args[2]), args[3],
                Integer.parseInt(args[4]), Path.of(args[5]), every, texts);
        System.exit(status); // the client leaves non-daemon threads behind
    }

    private int run(PrintStream protocol, String broker, String queue, int casPoolSize, String serialization,
            int count, Path output, int every, List<String> documents) throws Exception {
        BaseUIMAAsynchronousEngine_impl client = new BaseUIMAAsynchronousEngine_impl();
        client.addStatusCallbackListener(new Listener());
        client.initialize(StockClientLoad.context(broker, queue, casPoolSize, 30_000, serialization));
        protocol.println("META " + metadata(client.getMetaData()));

        remaining = new CountDownLatch(count);
        for (int i = 0; i < count; i++) {
            CAS cas = client.getCAS(); // waits while every CAS of the pool is in the service
            cas.setDocumentText(text(i, documents, every));
            String id = client.sendCAS(cas);
            sentIds.put(id, i);
        }
        boolean all = remaining.await(60, TimeUnit.SECONDS);
        // the synchronous API, as clients that wait for each document use it
        CAS cas = client.getCAS();
        try {
            cas.setDocumentText(text(0, documents, 0));
            client.sendAndReceiveCAS(cas);
            protocol.println("SYNC " + annotations(cas));
        } catch (Exception e) {
            protocol.println("SYNC ERROR " + e.getClass().getSimpleName() + ": " + e.getMessage());
        } finally {
            cas.release();
        }
        client.collectionProcessingComplete();
        protocol.println("CPC");

        TreeMap<Integer, String> sorted = new TreeMap<>(answers);
        List<String> lines = new ArrayList<>();
        sorted.forEach((i, answer) -> {
            lines.add(i + " " + answer);
            List<String> made = children.getOrDefault(i, List.of());
            for (int k = 0; k < made.size(); k++) {
                lines.add(i + "." + (k + 1) + " " + made.get(k));
            }
        });
        Files.write(output, lines, StandardCharsets.UTF_8);
        long errors = sorted.values().stream().filter(a -> a.startsWith("ERROR")).count();
        protocol.println("DONE " + sorted.size() + " " + errors);
        StockClientLoad.stop(client);
        return all && sorted.size() == count ? 0 : 1;
    }

    static String text(int i, List<String> documents, int every) {
        String text = "Document " + i + ". " + documents.get(i % documents.size());
        return every > 0 && i % every == every - 1 ? text + " " + FailingAnnotator.TRIGGER : text;
    }

    /** The service's name and its own types (not UIMA's built-in ones), sorted. */
    private static String metadata(ProcessingResourceMetaData meta) {
        List<String> types = new ArrayList<>();
        if (meta.getTypeSystem() != null) {
            for (TypeDescription t : meta.getTypeSystem().getTypes()) {
                types.add(t.getName());
            }
        }
        types.sort(null);
        return meta.getName() + " " + String.join(",", types);
    }

    /**
     * The document's language, then the annotations of a CAS in index order, without the document annotation, each
     * with its features.
     */
    static String annotations(CAS cas) {
        StringBuilder out = new StringBuilder("language=").append(cas.getDocumentLanguage()).append(' ');
        TypeSystem ts = cas.getTypeSystem();
        Type documentAnnotation = ts.getType(CAS.TYPE_NAME_DOCUMENT_ANNOTATION);
        for (AnnotationFS a : cas.getAnnotationIndex()) {
            if (a.getType().equals(documentAnnotation)) {
                continue;
            }
            out.append(a.getType().getName()).append('[').append(a.getBegin()).append(',').append(a.getEnd())
                    .append(']').append('"').append(a.getCoveredText()).append('"');
            for (Feature f : a.getType().getFeatures()) {
                String name = f.getShortName();
                if (Arrays.asList("sofa", "begin", "end").contains(name)) {
                    continue;
                }
                out.append(' ').append(name).append('=').append(a.getFeatureValueAsString(f));
            }
            out.append(';');
        }
        return out.toString();
    }

    private final class Listener extends UimaAsBaseCallbackListener {
        @Override
        public void entityProcessComplete(CAS cas, EntityProcessStatus status) {
            if (status instanceof UimaASProcessStatus s && s.getParentCasReferenceId() != null) {
                child(cas, s);
                return;
            }
            Integer i = index(cas, status);
            if (i == null) {
                System.err.println("StockClientReplies: an answer for no document sent: " + status);
                return;
            }
            String answer;
            if (status != null && status.isException()) {
                Exception e = status.getExceptions().get(0);
                answer = "ERROR " + e.getClass().getSimpleName() + ": " + e.getMessage();
            } else {
                answer = annotations(cas);
            }
            if (answers.put(i, answer) == null) {
                remaining.countDown();
            }
        }

        /** A child CAS of a CAS multiplier: the client releases it when this returns. */
        private void child(CAS cas, UimaASProcessStatus status) {
            Integer parent = sent(status.getParentCasReferenceId());
            String answer = status.isException()
                    ? "ERROR " + status.getExceptions().get(0).getClass().getSimpleName() + ": "
                      + status.getExceptions().get(0).getMessage()
                    : annotations(cas);
            if (parent == null) {
                System.err.println("StockClientReplies: a child of no document sent: " + status);
            } else {
                children.computeIfAbsent(parent, k -> java.util.Collections.synchronizedList(new ArrayList<>()))
                        .add(answer);
            }
        }

        private Integer index(CAS cas, EntityProcessStatus status) {
            if (status instanceof UimaASProcessStatus s && s.getCasReferenceId() != null) {
                Integer i = sent(s.getCasReferenceId());
                if (i != null) {
                    return i;
                }
            }
            String text = cas != null ? cas.getDocumentText() : null;
            if (text != null && text.startsWith("Document ")) {
                return Integer.valueOf(text.substring(9, text.indexOf('.')));
            }
            return null;
        }

        /** The document sent with this reference id; null when none was. */
        private Integer sent(String referenceId) {
            if (referenceId != null) {
                for (int wait = 0; wait < 100; wait++) { // sendCAS may not have returned the id yet
                    Integer i = sentIds.get(referenceId);
                    if (i != null) {
                        return i;
                    }
                    try {
                        Thread.sleep(10);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
            }
            return null;
        }
    }
}
