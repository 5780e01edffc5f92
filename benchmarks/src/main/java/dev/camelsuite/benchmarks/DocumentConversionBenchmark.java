package dev.camelsuite.benchmarks;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.engines.tika.SampleDocuments;
import dev.camelsuite.enhancer.engines.tika.TikaEngine;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.parser.AutoDetectParser;
import org.apache.tika.parser.ParseContext;
import org.apache.tika.sax.BodyContentHandler;

/**
 * What turning a document into text costs, per MB of document: the tika engine (its defaults, in a content item)
 * against Apache Tika called as its documentation shows — {@code new AutoDetectParser()} with its default
 * configuration, and a {@code BodyContentHandler} without a limit — on the same documents of about 1 MB each (HTML,
 * PDF, Word), in the same JVM, the two in the order A B B A for each type so that warm-up counts against both.
 *
 * <pre>
 * java -Xmx1g -cp benchmarks/target/benchmarks.jar dev.camelsuite.benchmarks.DocumentConversionBenchmark [-Drounds=10]
 * </pre>
 */
public final class DocumentConversionBenchmark {

    static final int ROUNDS = Integer.getInteger("rounds", 10);
    static final int SIZE = Integer.getInteger("bytes", 1_000_000);

    private static final String[] WORDS = ("the a of in to and was is for on with as by at from that this it which "
                                           + "report city river museum council year people work study result plan "
                                           + "government school station bridge market company history music paper "
                                           + "morning evening winter summer travel meeting letter question answer "
                                           + "small large early late new old quiet busy long short").split(" ");
    private static final String[] NAMES = { "Paris", "Berlin", "London", "Geneva", "Marie Curie", "Albert Einstein",
                                            "Siemens", "the United Nations", "Vienna", "Munich" };

    private DocumentConversionBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        List<String> paragraphs = paragraphs(SIZE);
        Map<String, byte[]> documents = new LinkedHashMap<>();
        documents.put("text/html", fit(n -> SampleDocuments.html("A report", "Ann", paragraphs.subList(0, n)),
                paragraphs.size()));
        documents.put("application/pdf", fit(n -> SampleDocuments.pdf("A report", "Ann", paragraphs.subList(0, n)),
                paragraphs.size()));
        documents.put("application/vnd.openxmlformats-officedocument.wordprocessingml.document",
                fit(n -> SampleDocuments.docx("A report", "Ann", paragraphs.subList(0, n)), paragraphs.size()));
        TikaEngine engine = new TikaEngine();
        AutoDetectParser direct = new AutoDetectParser();
        System.out.printf("%-75s %9s %12s %12s %12s %12s %8s%n", "document", "bytes", "text chars", "engine ms",
                "direct ms", "engine MB/s", "vs direct");
        for (Map.Entry<String, byte[]> d : documents.entrySet()) {
            byte[] bytes = d.getValue();
            // warm-up: both, a few times
            int chars = 0;
            for (int i = 0; i < 3; i++) {
                chars = viaEngine(engine, bytes, d.getKey());
                viaTika(direct, bytes);
            }
            List<Double> engineMs = new ArrayList<>();
            List<Double> directMs = new ArrayList<>();
            for (String order : List.of("engine", "direct", "direct", "engine")) {
                for (int i = 0; i < ROUNDS; i++) {
                    long t0 = System.nanoTime();
                    if (order.equals("engine")) {
                        viaEngine(engine, bytes, d.getKey());
                        engineMs.add((System.nanoTime() - t0) / 1e6);
                    } else {
                        viaTika(direct, bytes);
                        directMs.add((System.nanoTime() - t0) / 1e6);
                    }
                }
            }
            double e = median(engineMs);
            double t = median(directMs);
            System.out.printf("%-75s %,9d %,12d %12.1f %12.1f %12.2f %7.2fx%n", d.getKey(), bytes.length, chars, e, t,
                    bytes.length / 1e6 / (e / 1000), t / e);
        }
    }

    private static int viaEngine(TikaEngine engine, byte[] bytes, String type) throws Exception {
        ContentItem item = ContentItem.ofBytes("urn:bench", bytes, type);
        engine.computeEnhancements(item);
        return item.getText().length();
    }

    private static int viaTika(AutoDetectParser parser, byte[] bytes) throws Exception {
        BodyContentHandler text = new BodyContentHandler(-1);
        parser.parse(new ByteArrayInputStream(bytes), text, new Metadata(), new ParseContext());
        return text.toString().length();
    }

    /** The most paragraphs whose document stays within the size (the documents' markup and compression differ). */
    private static byte[] fit(Function<Integer, byte[]> document, int paragraphs) {
        int low = 1;
        int high = paragraphs;
        byte[] best = document.apply(1);
        while (low <= high) {
            int mid = (low + high) >>> 1;
            byte[] d = document.apply(mid);
            if (d.length <= SIZE) {
                best = d;
                low = mid + 1;
            } else {
                high = mid - 1;
            }
        }
        return best;
    }

    /** Paragraphs of varied words (a text that compresses as prose does, not as one sentence repeated). */
    private static List<String> paragraphs(int chars) {
        Random random = new Random(42);
        List<String> paragraphs = new ArrayList<>();
        int total = 0;
        // enough text for the most compressed of the documents (Word, about five times)
        while (total < chars * 8) {
            StringBuilder p = new StringBuilder();
            for (int s = 0; s < 4; s++) {
                int words = 8 + random.nextInt(12);
                for (int w = 0; w < words; w++) {
                    String word = random.nextInt(12) == 0 ? NAMES[random.nextInt(NAMES.length)]
                            : WORDS[random.nextInt(WORDS.length)];
                    p.append(w == 0 ? Character.toUpperCase(word.charAt(0)) + word.substring(1) : word).append(' ');
                }
                p.setLength(p.length() - 1);
                p.append(". ");
            }
            paragraphs.add(p.toString().trim());
            total += p.length();
        }
        return paragraphs;
    }

    private static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(v);
        return v[v.length / 2];
    }
}
