package dev.camelsuite.app;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import dev.camelsuite.enhancer.content.ContentItem;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.apache.camel.ProducerTemplate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A measurement, not a test: outside the suite (its name does not end in {@code Test}), and skipped even when named
 * unless {@code chainDocuments} gives the documents. The {@code default} chain called by 16 threads inside the
 * application's own JVM — every extension, route, robot and type of the application loaded — with no HTTP in the way.
 * Its CPU per document and the engines' part of it compare with the chain in a plain JVM ({@code ProfilePollution},
 * which writes the same documents with {@code -DwriteDocuments}); docs/benchmarks.md has the commands and the figures.
 * After {@code mvn -B -q install -DskipTests -pl src-native/app,benchmarks -am}:
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar -DwriteDocuments=$PWD/target/documents dev.camelsuite.benchmarks.ProfilePollution
 * mvn -B test -pl src-native/app -Dtest=ChainInTheApplicationJvm -DchainDocuments=$PWD/target/documents
 * </pre>
 */
@QuarkusTest
@EnabledIfSystemProperty(named = "chainDocuments", matches = ".+")
class ChainInTheApplicationJvm {

    private static final int CALLERS = 16;

    @Inject
    ProducerTemplate producer;

    @Inject
    MeterRegistry meters;

    @Test
    void theChainFrom16ThreadsInsideTheApplication() throws Exception {
        List<String> documents = new ArrayList<>();
        try (Stream<Path> files = Files.list(Path.of(System.getProperty("chainDocuments")))) {
            for (Path file : files.sorted().toList()) {
                documents.add(Files.readString(file, StandardCharsets.UTF_8));
            }
        }
        assertThat(documents).as("documents to enhance").isNotEmpty();
        round(documents, Integer.getInteger("warmUpSeconds", 60));
        for (int r = 1; r <= Integer.getInteger("rounds", 3); r++) {
            double[] result = round(documents, Integer.getInteger("seconds", 20));
            System.out.printf("the chain in the application's JVM, round %d: %,.1f docs/s, %.2f ms of CPU per document,"
                              + " of it the engines %.2f ms%n", r, result[0], result[1], result[2]);
            assertThat(result[2]).as("the engines' CPU per document").isPositive();
        }
    }

    /** Docs a second, the JVM's CPU per document (ms) and the engines' (ms). */
    private double[] round(List<String> documents, int seconds) throws InterruptedException {
        double enginesBefore = engineCpuSeconds();
        long cpuBefore = ProcessHandle.current().info().totalCpuDuration().orElseThrow().toNanos();
        AtomicLong enhanced = new AtomicLong();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<Thread> callers = new ArrayList<>();
        for (int c = 0; c < CALLERS; c++) {
            int first = c;
            Thread caller = new Thread(() -> {
                for (int i = first; System.nanoTime() < end; i++) {
                    producer.requestBody("enhancer:default", documents.get(i % documents.size()), ContentItem.class);
                    enhanced.incrementAndGet();
                }
            }, "caller-" + c);
            caller.start();
            callers.add(caller);
        }
        for (Thread caller : callers) {
            caller.join();
        }
        long cpu = ProcessHandle.current().info().totalCpuDuration().orElseThrow().toNanos() - cpuBefore;
        double n = enhanced.get();
        return new double[] { n / seconds, cpu / 1e6 / n, (engineCpuSeconds() - enginesBefore) * 1e3 / n };
    }

    private double engineCpuSeconds() {
        return meters.find("enhancer.engine.cpu").timers().stream().mapToDouble(t -> t.totalTime(TimeUnit.SECONDS))
                .sum();
    }
}
