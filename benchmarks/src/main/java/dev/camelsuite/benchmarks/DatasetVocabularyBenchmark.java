package dev.camelsuite.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.engines.dereference.EntityDereferenceEngine;
import dev.camelsuite.enhancer.engines.dictionary.DictionaryLinkingEngine;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary;
import dev.camelsuite.enhancer.spi.EngineException;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.impl.LinkedHashModel;
import org.eclipse.rdf4j.rio.helpers.StatementCollector;
import org.eclipse.rdf4j.rio.ntriples.NTriplesParser;

/**
 * A vocabulary from an RDF dataset of a million entities: a made-up dataset ({@link MadeUpDataset}: 3 labels, 2 types
 * and 2 other statements an entity) written as gzipped N-Triples into a temporary folder, loaded with
 * {@code Vocabulary.load} — the time, and the heap after loading and after the dictionary engine indexed it, each after
 * a GC — then the linking speed per mention over an English text of many mentions, against the sample vocabulary's,
 * linking alone and linking then dereferencing, in interleaved rounds. {@code -DtooSmall=true} loads it again with half
 * the heap it took ({@code maxHeap}) and shows how soon it fails; {@code -Dmodel=true} reads the file into an RDF4J
 * {@code Model} too, the way that holds every statement, for its heap.
 *
 * <pre>
 * java -Xmx4g -cp benchmarks/target/benchmarks.jar dev.camelsuite.benchmarks.DatasetVocabularyBenchmark
 * # -Dentities=1000000 -Drounds=7 -DroundMillis=1000 -DtooSmall=true -Dmodel=false
 * </pre>
 */
public final class DatasetVocabularyBenchmark {

    private static final long MB = 1024 * 1024;

    private record Contender(String name, Vocabulary vocabulary, DictionaryLinkingEngine ner,
                             EntityDereferenceEngine dereference, String text, long heapBytes) {
    }

    private DatasetVocabularyBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int entities = Integer.getInteger("entities", 1_000_000);
        Path dir = Files.createTempDirectory("vocabulary-benchmark");
        try {
            MadeUpDataset data = new MadeUpDataset(entities, 42);
            Path file = dir.resolve("entities.nt.gz");
            long t0 = System.nanoTime();
            long statements = data.write(file);
            System.out.printf("dataset: %,d entities, %,d statements, %,.1f MB gzipped, written in %.1f s%n", entities,
                    statements, Files.size(file) / (double) MB, seconds(t0));
            Contender big = load(file, data, statements);
            Contender sample = sample();
            linking(List.of(sample, big));
            if (Boolean.parseBoolean(System.getProperty("tooSmall", "true"))) {
                tooSmall(file, big.heapBytes());
            }
            if (Boolean.getBoolean("model")) {
                model(file, statements);
            }
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static Contender load(Path file, MadeUpDataset data, long statements) {
        long before = settledHeap();
        long t0 = System.nanoTime();
        Vocabulary v = Vocabulary.load(file.toString());
        double loading = seconds(t0);
        long loaded = settledHeap();
        long t1 = System.nanoTime();
        DictionaryLinkingEngine ner = new DictionaryLinkingEngine(DictionaryLinkingEngine.NAME, v);
        double indexing = seconds(t1);
        EntityDereferenceEngine dereference = new EntityDereferenceEngine(v);
        long indexed = settledHeap();
        System.out.printf("load: %.1f s (%,.0f statements/s), %,d entities, %,d labels; index: %.1f s%n", loading,
                statements / loading, v.size(), v.labelCount(), indexing);
        System.out.printf("heap after GC: vocabulary %,d MB, index %,d MB, both %,d MB (%,d bytes an entity); "
                          + "-Xmx %,d MB%n", (loaded - before) / MB, (indexed - loaded) / MB, (indexed - before) / MB,
                (indexed - before) / v.size(), Runtime.getRuntime().maxMemory() / MB);
        return new Contender(String.format("%,d made-up entities", v.size()), v, ner, dereference,
                MadeUpDataset.text(data.names(2000), 20_000, 7), indexed - before);
    }

    private static Contender sample() {
        Vocabulary v = Vocabulary.sample();
        List<String> names = new ArrayList<>();
        for (Vocabulary.Entity e : v.getEntities()) {
            names.add(e.labelFor("en"));
        }
        return new Contender("sample vocabulary", v, new DictionaryLinkingEngine(DictionaryLinkingEngine.NAME, v),
                new EntityDereferenceEngine(v), MadeUpDataset.text(names, 20_000, 7), 0);
    }

    /** Microseconds a document, linking alone and with dereferencing, in rounds that rotate the contenders' order. */
    private static void linking(List<Contender> contenders) throws EngineException {
        int rounds = Integer.getInteger("rounds", 7);
        long roundMillis = Long.getLong("roundMillis", 1000);
        Map<String, double[]> perRound = new LinkedHashMap<>();
        Map<String, Integer> mentions = new LinkedHashMap<>();
        for (Contender c : contenders) {
            mentions.put(c.name(), enhance(c, false).getAnnotationsOfType(DictionaryLinkingEngine.ENTITY).size());
            for (boolean deref : new boolean[] { false, true }) {
                perRound.put(key(c, deref), new double[rounds]);
                measure(c, deref, 2000);
            }
        }
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < contenders.size() * 2; k++) {
                int i = (k + r) % (contenders.size() * 2);
                Contender c = contenders.get(i / 2);
                perRound.get(key(c, i % 2 == 1))[r] = measure(c, i % 2 == 1, roundMillis);
            }
        }
        System.out.printf("%-48s %9s %12s %14s%n", "vocabulary, engines", "mentions", "µs/document", "ns/mention");
        for (Contender c : contenders) {
            for (boolean deref : new boolean[] { false, true }) {
                double micros = median(perRound.get(key(c, deref)));
                System.out.printf("%-48s %,9d %,12.0f %,14.0f%n", key(c, deref), mentions.get(c.name()), micros,
                        micros * 1000 / mentions.get(c.name()));
            }
        }
        System.out.println("(" + rounds + " rounds of " + roundMillis + " ms per contender; text of "
                           + contenders.get(0).text().length() + " characters)");
    }

    private static String key(Contender c, boolean dereference) {
        return c.name() + (dereference ? ", ner + dereference" : ", ner");
    }

    private static ContentItem enhance(Contender c, boolean dereference) throws EngineException {
        ContentItem item = ContentItem.ofText(c.text());
        item.setLanguage("en");
        c.ner().computeEnhancements(item);
        if (dereference) {
            c.dereference().computeEnhancements(item);
        }
        return item;
    }

    /** Microseconds a document over about {@code millis}. */
    private static double measure(Contender c, boolean dereference, long millis) throws EngineException {
        long began = System.nanoTime();
        long end = began + millis * 1_000_000L;
        int documents = 0;
        long now;
        do {
            enhance(c, dereference);
            documents++;
            now = System.nanoTime();
        } while (now < end);
        return (now - began) / 1000.0 / documents;
    }

    /** Loads the dataset again allowed half the heap it takes: how soon it fails, and what it says. */
    private static void tooSmall(Path file, long heapItTakes) {
        long budget = Math.max(MB, heapItTakes / 2);
        long t0 = System.nanoTime();
        try {
            Vocabulary.loader().maxHeap(budget).load(file.toString());
            System.out.println("too small: loaded within " + budget / MB + " MB");
        } catch (IllegalStateException e) {
            System.out.printf("too small (maxHeap %,d MB): failed after %.1f s: %s%n", budget / MB, seconds(t0),
                    e.getMessage());
        }
    }

    /** The heap of the whole file as an RDF4J model, the way that holds every statement. */
    private static void model(Path file, long statements) throws IOException {
        long before = settledHeap();
        Model model = new LinkedHashModel();
        long t0 = System.nanoTime();
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file), 1 << 16)) {
            NTriplesParser parser = new NTriplesParser();
            parser.setRDFHandler(new StatementCollector(model));
            parser.parse(in, "urn:x:");
        }
        double reading = seconds(t0);
        long after = settledHeap();
        System.out.printf("RDF4J LinkedHashModel: %,d statements in %.1f s, heap %,d MB%n", model.size(), reading,
                (after - before) / MB);
        if (model.size() != statements) {
            System.out.println("(the model holds " + model.size() + " of " + statements + " statements)");
        }
    }

    private static long settledHeap() {
        for (int i = 0; i < 3; i++) {
            System.gc();
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
