package dev.camelsuite.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.camelsuite.benchmarks.RemoteBenchmark.Contender;

import static dev.camelsuite.benchmarks.RemoteBenchmark.DOCUMENT;
import static dev.camelsuite.benchmarks.RemoteBenchmark.PRODUCER_OPTIONS;
import static dev.camelsuite.benchmarks.RemoteBenchmark.ROUNDS;
import static dev.camelsuite.benchmarks.RemoteBenchmark.SLOW_MARK;
import static dev.camelsuite.benchmarks.RemoteBenchmark.median;
import static dev.camelsuite.benchmarks.RemoteBenchmark.only;

/**
 * The {@code mix} part of {@link RemoteBenchmark}: fast documents (a {@code -Dmix.fastMicros}, 200 µs, wait) with 1 in
 * 50 taking 100× longer, at 8 and 64 in flight: the enhancer's worker at its default prefetch, at 1 and at 1000
 * ({@code -Dmix.prefetch}), and the JMS contenders at theirs; throughput and the latency of the fast documents.
 */
final class RemoteMix {

    static final int MIX_DOCUMENTS = Integer.getInteger("mix.documents", 5_000);

    private RemoteMix() {
    }

    static void run(String url) throws Exception {
        List<Contender> all = new ArrayList<>();
        all.add(new EnhancerContender(url, "enhancer (default)", "mix.default", "", PRODUCER_OPTIONS));
        for (String prefetch : System.getProperty("mix.prefetch", "1,1000").split(",")) {
            all.add(new EnhancerContender(url, "enhancer prefetch=" + prefetch, "mix.p" + prefetch,
                    "&prefetch=" + prefetch, PRODUCER_OPTIONS));
        }
        all.add(new CamelJmsContender(url));
        all.add(new RawJmsContender(url));
        List<Contender> contenders = only(all);
        try {
            for (Contender c : contenders) {
                measureMix(c, 64, 1_000);
            }
            Map<String, Map<Integer, List<double[]>>> results = new LinkedHashMap<>();
            for (int round = 0; round < ROUNDS; round++) {
                for (int level : new int[] { 8, 64 }) {
                    List<Contender> order = new ArrayList<>(contenders);
                    Collections.rotate(order, round);
                    for (Contender c : order) {
                        double[] r = measureMix(c, level, MIX_DOCUMENTS);
                        results.computeIfAbsent(c.name(), k -> new LinkedHashMap<>())
                                .computeIfAbsent(level, k -> new ArrayList<>()).add(r);
                        System.out.printf("mix round %d  %-22s %3d in flight: %8.0f docs/s  fast p50 %6.2f ms"
                                          + "  fast p99 %6.2f ms%n", round + 1, c.name(), level, r[0], r[1], r[2]);
                    }
                }
            }
            System.out.println();
            System.out.println("| in flight | contender | docs/s (median of " + ROUNDS
                               + ") | fast documents p50 ms | fast documents p99 ms |");
            System.out.println("|---:|---|---:|---:|---:|");
            for (int level : new int[] { 8, 64 }) {
                for (Contender c : contenders) {
                    List<double[]> rs = results.get(c.name()).get(level);
                    System.out.printf("| %d | %s | %,.0f | %.2f | %.2f |%n", level, c.name(), median(rs, 0),
                            median(rs, 1), median(rs, 2));
                }
            }
            System.out.println();
        } finally {
            for (Contender c : all) {
                c.close();
            }
        }
    }

    /** Like {@link RemoteBenchmark#measure}, over the mix; the latencies are those of the fast documents. */
    static double[] measureMix(Contender c, int level, int n) throws Exception {
        String fast = "+" + DOCUMENT.substring(1);
        String slow = SLOW_MARK + DOCUMENT.substring(1);
        boolean[] isSlow = new boolean[n];
        long[] latencies = RemoteBenchmark.run(c, level, n, i -> {
            isSlow[i] = i % 50 == 25;
            return isSlow[i] ? slow : fast;
        }, null);
        long[] fastOnes = new long[n];
        int count = 0;
        for (int i = 0; i < n; i++) {
            if (!isSlow[i]) {
                fastOnes[count++] = latencies[i + 1];
            }
        }
        Arrays.sort(fastOnes, 0, count);
        return new double[] { n / (latencies[0] / 1e9), fastOnes[count / 2] / 1e6, fastOnes[(int) (count * 0.99)] / 1e6 };
    }
}
