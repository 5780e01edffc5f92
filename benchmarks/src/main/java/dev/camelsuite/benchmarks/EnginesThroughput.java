package dev.camelsuite.benchmarks;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The contenders of {@link EnginesBenchmark} measured in interleaved rounds: in each round every contender of a group
 * runs for the same time, in an order that rotates from round to round, so that a machine whose load drifts (other
 * builds on the same cores) shifts all contenders of a round alike. Prints the median documents per second of each
 * contender and the median of its per-round ratio to the group's first contender.
 *
 * <pre>
 * java -Xmx1g -cp benchmarks/target/benchmarks.jar dev.camelsuite.benchmarks.EnginesThroughput
 * # -Drounds=9 -DroundMillis=400 -DwarmUpMillis=2000
 * </pre>
 */
public final class EnginesThroughput {

    @FunctionalInterface
    interface Operation {
        Object run() throws Exception;
    }

    private record Contender(String name, Operation operation) {
    }

    private static volatile int sink;

    private EnginesThroughput() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = Integer.getInteger("rounds", 9);
        long roundMillis = Long.getLong("roundMillis", 400);
        long warmUpMillis = Long.getLong("warmUpMillis", 2000);

        EnginesBenchmark b = new EnginesBenchmark();
        b.setUp();
        Map<String, List<Contender>> groups = groups(b, dictionaries("sample"), dictionaries("10000"));
        try {
            for (List<Contender> group : groups.values()) {
                for (Contender c : group) {
                    measure(c, warmUpMillis);
                }
            }
            System.out.printf("%-28s %-32s %12s %21s %10s%n", "group", "contender", "docs/s", "min-max", "vs first");
            for (Map.Entry<String, List<Contender>> g : groups.entrySet()) {
                printGroup(g.getKey(), g.getValue(), interleavedRounds(g.getValue(), rounds, roundMillis));
            }
        } finally {
            b.tearDown();
        }
        System.out.println("(" + rounds + " rounds of " + roundMillis + " ms per contender; sink " + sink + ")");
    }

    /** Each group's first contender is the one the others are compared with. */
    private static Map<String, List<Contender>> groups(EnginesBenchmark b, EnginesBenchmark.Dictionaries sample,
                                                       EnginesBenchmark.Dictionaries large) {
        Map<String, List<Contender>> groups = new LinkedHashMap<>();
        groups.put("langid", List.of(new Contender("engine", b::langidEngine),
                new Contender("OpenNLP direct", b::langidDirect)));
        groups.put("sentences", List.of(new Contender("engine", b::sentencesEngine),
                new Contender("OpenNLP direct, one ME", b::sentencesDirect),
                new Contender("OpenNLP, new ME per document", b::sentencesNewMePerCall)));
        groups.put("tokens", List.of(new Contender("engine", b::tokensEngine),
                new Contender("OpenNLP direct, one ME", b::tokensDirect),
                new Contender("OpenNLP, new ME per document", b::tokensNewMePerCall)));
        groups.put("ner, sample vocabulary", List.of(
                new Contender("engine", () -> b.nerEngine(sample)),
                new Contender("Aho-Corasick, matching alone", () -> b.nerAhoCorasickMatchingAlone(sample)),
                new Contender("naive indexOf loop", () -> b.nerNaiveIndexOf(sample))));
        groups.put("ner, +10,000 entities", List.of(
                new Contender("engine", () -> b.nerEngine(large)),
                new Contender("Aho-Corasick, matching alone", () -> b.nerAhoCorasickMatchingAlone(large)),
                new Contender("naive indexOf loop", () -> b.nerNaiveIndexOf(large))));
        groups.put("uima (RoomNumberAnnotator)", List.of(new Contender("engine", b::uimaEngine),
                new Contender("UIMA direct, one CAS", b::uimaDirect)));
        groups.put("default chain", List.of(new Contender("enhancer:default (list)", b::defaultChainProducer),
                new Contender("same engines as a graph chain", b::graphChainProducer),
                new Contender("its engines called directly", b::defaultChainDirect)));
        return groups;
    }

    /** Operations per second of each contender ({@code [contender][round]}), the order rotating from round to round. */
    private static double[][] interleavedRounds(List<Contender> group, int rounds, long roundMillis) throws Exception {
        double[][] perRound = new double[group.size()][rounds];
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < group.size(); k++) {
                int i = (k + r) % group.size();
                perRound[i][r] = measure(group.get(i), roundMillis);
            }
        }
        return perRound;
    }

    /** A line per contender: median, range, and the median of its per-round ratio to the first contender. */
    private static void printGroup(String name, List<Contender> group, double[][] perRound) {
        int rounds = perRound[0].length;
        for (int i = 0; i < group.size(); i++) {
            double[] ratios = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                ratios[r] = perRound[i][r] / perRound[0][r];
            }
            double[] sorted = perRound[i].clone();
            Arrays.sort(sorted);
            System.out.printf("%-28s %-32s %,12.0f %,10.0f-%,-10.0f %9.2fx%n", i == 0 ? name : "",
                    group.get(i).name(), median(perRound[i]), sorted[0], sorted[rounds - 1], median(ratios));
        }
    }

    private static EnginesBenchmark.Dictionaries dictionaries(String vocabulary) {
        EnginesBenchmark.Dictionaries d = new EnginesBenchmark.Dictionaries();
        d.vocabulary = vocabulary;
        d.setUp();
        return d;
    }

    /** Operations per second of one contender over about {@code millis}. */
    private static double measure(Contender c, long millis) throws Exception {
        long end = System.nanoTime() + millis * 1_000_000L;
        long began = System.nanoTime();
        int ops = 0;
        int h = 0;
        long now;
        do {
            h += System.identityHashCode(c.operation().run());
            ops++;
            now = System.nanoTime();
        } while (now < end);
        sink += h;
        return ops / ((now - began) / 1e9);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
