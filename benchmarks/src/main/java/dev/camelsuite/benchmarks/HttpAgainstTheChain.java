package dev.camelsuite.benchmarks;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.engines.DefaultChain;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.camel.CamelContext;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * The {@code http} part of {@link ApplicationLoad}. {@code clients} callers: the {@code default} chain in this JVM
 * ({@code enhancer:default}, no answer written), {@code POST /enhancer} answering Turtle, and answering JSON-LD — the
 * same 64 documents of {@code size} bytes, round robin. Every contender is first warmed up
 * ({@code -DhttpWarmUpSeconds}, 30 by default, in turns of 5 s): the application compiles far more code than the chain
 * alone (web server, sign-in, RDF writers), and its JIT was still busy for the whole of a 20 s run after a 5 s warm-up.
 * Then {@code -DhttpRounds} rounds (3) of {@code seconds} each per contender, the order rotating from round to round;
 * the median of each contender and of each round's ratio to the chain, and the application's heap before and after.
 */
final class HttpAgainstTheChain {

    private static final List<String> NAMES = List.of("enhancer:default in this JVM", "POST /enhancer, text/turtle",
            "POST /enhancer, application/ld+json");

    private final PackagedApplication app;
    private final int clients;
    private final int seconds;
    private final List<String> documents;
    private final SimpleMeterRegistry meters;
    /** In the order of {@link #NAMES}: the chain first, as every round's ratios are to its rate. */
    private final List<ApplicationLoad.Call> calls;
    /** Per contender: its rate in each round, that rate over the chain's in the same round, and its latencies. */
    private final List<List<Double>> rates = new ArrayList<>();
    private final List<List<Double>> ratios = new ArrayList<>();
    private final List<List<Long>> latencies = new ArrayList<>();

    private HttpAgainstTheChain(PackagedApplication app, int clients, int seconds, List<String> documents,
                                SimpleMeterRegistry meters, ProducerTemplate producer) {
        this.app = app;
        this.clients = clients;
        this.seconds = seconds;
        this.documents = documents;
        this.meters = meters;
        this.calls = List.of(text -> producer.requestBody("enhancer:default", text, ContentItem.class),
                text -> answered(app, text, "text/turtle"), text -> answered(app, text, "application/ld+json"));
        for (int c = 0; c < calls.size(); c++) {
            rates.add(new ArrayList<>());
            ratios.add(new ArrayList<>());
            latencies.add(new ArrayList<>());
        }
    }

    static void run(PackagedApplication app, int size, int clients, int seconds) throws Exception {
        List<String> documents = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            documents.add(ApplicationLoad.Prose.document(size, 100 + i));
        }
        int warmUpSeconds = Integer.getInteger("httpWarmUpSeconds", 30);
        int rounds = Integer.getInteger("httpRounds", 3);
        System.out.printf("%n== %d callers, %,d-byte documents: the chain in this JVM against POST /enhancer, %d s warm-up,"
                          + " %d rounds of %d s%n", clients, size, warmUpSeconds, rounds, seconds);
        try (CamelContext camel = new DefaultCamelContext()) {
            DefaultChain.bind(camel.getRegistry(), Vocabulary.sample());
            SimpleMeterRegistry meters = metersAsTheApplicationHasThem(camel);
            camel.start();
            HttpAgainstTheChain contest = new HttpAgainstTheChain(app, clients, seconds, documents, meters,
                    camel.createProducerTemplate());
            contest.warmUp(warmUpSeconds);
            for (int round = 0; round < rounds; round++) {
                contest.oneRound(round);
            }
            contest.printMedians(rounds);
        }
    }

    /**
     * The chain's engine timers, as the application has them in its registry; and what this JVM allocates, measured
     * as the application's JVM metrics measure it.
     */
    private static SimpleMeterRegistry metersAsTheApplicationHasThem(CamelContext camel) {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        camel.getRegistry().bind("meters", meters);
        new JvmGcMetrics().bindTo(meters);
        return meters;
    }

    /** Turns of 5 s for each contender, until the turns add up to {@code warmUpSeconds}. */
    private void warmUp(int warmUpSeconds) throws Exception {
        for (int warmed = 0; warmed < warmUpSeconds; warmed += 5 * calls.size()) {
            for (ApplicationLoad.Call call : calls) {
                ApplicationLoad.callers(clients, 5, documents, call);
            }
        }
    }

    /** Every contender in turn, starting one further on in each round, so that none always runs first. */
    private void oneRound(int round) throws Exception {
        double[] rate = new double[calls.size()];
        for (int k = 0; k < calls.size(); k++) {
            int c = (k + round) % calls.size();
            rate[c] = oneTurn(round, c);
        }
        for (int c = 0; c < calls.size(); c++) {
            rates.get(c).add(rate[c]);
            ratios.get(c).add(rate[c] / rate[0]);
        }
    }

    /** Contender {@code c}'s callers for {@code seconds}, and what they cost either JVM; answers its documents per s. */
    private double oneTurn(int round, int c) throws Exception {
        long heapBefore = app.heapUsed();
        EngineTimes enginesBefore = engineTimes(c);
        Usage before = usage();
        List<Long> result = ApplicationLoad.callers(clients, seconds, documents, calls.get(c));
        Usage used = usage().since(before);
        long failed = result.remove(result.size() - 1);
        if (failed > 0) {
            throw new IllegalStateException(NAMES.get(c) + ": " + failed + " calls failed");
        }
        double rate = result.size() / (double) seconds;
        latencies.get(c).addAll(result);
        System.out.printf("  round %d: %-38s %,8.1f docs/s  p50 %,4d ms  p99 %,5d ms  CPU per document: this"
                          + " JVM %.2f ms, application %.2f ms  application heap %,d → %,d MB%n", round + 1,
                NAMES.get(c), rate, result.get(result.size() / 2),
                result.get((int) (result.size() * 0.99)), used.ownCpu().toNanos() / 1e6 / result.size(),
                used.appCpu().toNanos() / 1e6 / result.size(), heapBefore >> 20, app.heapUsed() >> 20);
        printEngines(enginesBefore, engineTimes(c));
        System.out.printf("           allocated per document: this JVM %,.0f KB, application %,.0f KB;"
                          + " application's collections %,.0f, %,.0f ms in pauses%n",
                used.ownAllocated() / 1024 / result.size(), used.appAllocated() / 1024 / result.size(),
                used.appPauses()[0], used.appPauses()[1] * 1e3);
        return rate;
    }

    /** Each engine's mean clock and CPU time per document over a turn. */
    private static void printEngines(EngineTimes before, EngineTimes after) {
        StringBuilder engines = new StringBuilder("           engines, mean µs per document (clock/CPU):");
        after.clock().forEach((engine, clockAfter) -> {
            double[] clockBefore = before.clock().getOrDefault(engine, new double[2]);
            double[] cpuAfter = after.cpu().getOrDefault(engine, new double[2]);
            double[] cpuBefore = before.cpu().getOrDefault(engine, new double[2]);
            double count = clockAfter[1] - clockBefore[1];
            double cpuCount = cpuAfter[1] - cpuBefore[1];
            if (count > 0) {
                engines.append(String.format(" %s %.0f/%.0f", engine, (clockAfter[0] - clockBefore[0]) / count * 1e6,
                        cpuCount > 0 ? (cpuAfter[0] - cpuBefore[0]) / cpuCount * 1e6 : Double.NaN));
            }
        });
        System.out.println(engines);
    }

    private void printMedians(int rounds) throws IOException, InterruptedException {
        for (int c = 0; c < calls.size(); c++) {
            List<Long> all = latencies.get(c);
            all.sort(null);
            System.out.printf("%-42s %,8.1f docs/s (median of %d)  p50 %,4d ms  p99 %,5d ms  %.2f× the chain in"
                              + " this JVM (median of the rounds' ratios)%n", NAMES.get(c), median(rates.get(c)),
                    rounds, all.get(all.size() / 2), all.get((int) (all.size() * 0.99)), median(ratios.get(c)));
        }
        System.out.printf("    application heap %,d MB of %,d MB%n", app.heapUsed() >> 20, app.heapMax() >> 20);
    }

    /**
     * Seconds and count of each engine's clock ({@code time}) and CPU timers, by engine: for the chain (contender 0)
     * from this JVM's registry, for the others from the application's.
     */
    private record EngineTimes(Map<String, double[]> clock, Map<String, double[]> cpu) {
    }

    private EngineTimes engineTimes(int c) throws IOException, InterruptedException {
        return c == 0 ? new EngineTimes(engineTimes(meters, "time"), engineTimes(meters, "cpu"))
                : new EngineTimes(app.engineTimes("time"), app.engineTimes("cpu"));
    }

    /**
     * Both JVMs' CPU time, the bytes each allocated and the application's collections (count, seconds in pauses): so
     * far, or ({@link #since}) over a turn.
     */
    private record Usage(Duration ownCpu, Duration appCpu, double ownAllocated, double appAllocated,
                         double[] appPauses) {

        Usage since(Usage before) {
            return new Usage(ownCpu.minus(before.ownCpu), appCpu.minus(before.appCpu),
                    ownAllocated - before.ownAllocated, appAllocated - before.appAllocated,
                    new double[] { appPauses[0] - before.appPauses[0], appPauses[1] - before.appPauses[1] });
        }
    }

    private Usage usage() throws IOException, InterruptedException {
        return new Usage(cpu(ProcessHandle.current()), cpu(app.handle()), allocated(meters), app.allocated(),
                app.gcPauses());
    }

    /** Seconds and count of each engine's {@code enhancer.engine.<kind>} timer in a registry, by engine. */
    private static Map<String, double[]> engineTimes(MeterRegistry meters, String kind) {
        Map<String, double[]> times = new TreeMap<>();
        for (Timer timer : meters.find("enhancer.engine." + kind).timers()) {
            times.put(timer.getId().getTag("engine"), new double[] { timer.totalTime(TimeUnit.SECONDS), timer.count() });
        }
        return times;
    }

    /** Bytes this JVM allocated so far ({@code jvm.gc.memory.allocated}, counted at each collection). */
    private static double allocated(MeterRegistry meters) {
        Counter counter = meters.find("jvm.gc.memory.allocated").counter();
        return counter == null ? 0 : counter.count();
    }

    /** The CPU time a process has used so far (user and system, every thread). */
    private static Duration cpu(ProcessHandle process) {
        return process.info().totalCpuDuration().orElse(Duration.ZERO);
    }

    private static void answered(PackagedApplication app, String text, String accept) throws Exception {
        HttpResponse<byte[]> answer = app.enhance(text, accept);
        if (answer.statusCode() != 200) {
            throw new IllegalStateException("answered " + answer.statusCode());
        }
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        return sorted.get(sorted.size() / 2);
    }
}
