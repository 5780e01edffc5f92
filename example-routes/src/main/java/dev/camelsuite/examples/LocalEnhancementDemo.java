package dev.camelsuite.examples;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.metadata.EngineExecution;
import dev.camelsuite.enhancer.rdf.EnhancementRdf;
import dev.camelsuite.enhancer.rdf.RdfFormat;
import dev.camelsuite.examples.engines.SentenceEngine;
import dev.camelsuite.examples.engines.StopWordLanguageEngine;
import dev.camelsuite.examples.engines.VocabularyEngine;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.main.Main;

/**
 * The README's main job while the suite runs in one JVM: the sample documents go through the default chain
 * (language, sentences, entities from a small vocabulary), a route picks a lane for each, and a summary table with
 * the execution metadata of one document ends the run.
 */
public final class LocalEnhancementDemo {

    private record Row(String document, String language, int sentences, List<String> entities, String outcome,
                       String lane, Map<String, Long> timings) {
    }

    public static void main(String[] args) throws Exception {
        new LocalEnhancementDemo().run(System.out);
    }

    /** Runs the demo, printing to {@code out}; answers the number of documents whose chain failed. */
    public int run(PrintStream out) throws Exception {
        Main main = new Main();
        // the chain comes from configuration, as a user would write it in application.properties
        main.addInitialProperty("camel.component.enhancer.chains[default].type", "weighted");
        main.addInitialProperty("camel.component.enhancer.chains[default].engines[0]", "langid");
        main.addInitialProperty("camel.component.enhancer.chains[default].engines[1]", "sentences");
        main.addInitialProperty("camel.component.enhancer.chains[default].engines[2]", "ner");
        main.bind("langid", new StopWordLanguageEngine());
        main.bind("sentences", new SentenceEngine());
        main.bind("ner", new VocabularyEngine("vocabulary/entities.csv"));
        main.configure().addRoutesBuilder(new DemoRoutes());

        List<String> documents = readLines("samples/index.txt");
        out.println("Enhancing " + documents.size() + " sample documents with chain 'default'"
                    + " (langid > sentences > ner, by engine order) in this JVM");
        List<Row> rows = new ArrayList<>();
        ContentItem shown = null;
        main.start();
        try {
            ProducerTemplate template = main.getCamelContext().createProducerTemplate();
            for (String document : documents) {
                String text = readResource("samples/" + document);
                Exchange result = template.request("direct:enhance", ex -> {
                    ex.getIn().setBody(text);
                    ex.getIn().setHeader(Exchange.FILE_NAME, document);
                });
                if (result.getException() != null) {
                    throw result.getException();
                }
                ContentItem item = result.getMessage().getBody(ContentItem.class);
                Map<String, Long> timings = new LinkedHashMap<>();
                for (EngineExecution e : item.getExecutionMetadata().getEngineExecutions()) {
                    if (e.getDurationNanos() >= 0) {
                        timings.put(e.getEngine(), e.getDurationNanos());
                    }
                }
                rows.add(new Row(document, String.valueOf(item.getLanguage()),
                        item.getAnnotations(SentenceEngine.SENTENCE).size(),
                        item.getEntities().stream().map(e -> e.getLabel()).distinct().toList(),
                        result.getMessage().getHeader(DemoRoutes.OUTCOME, String.class),
                        result.getMessage().getHeader(DemoRoutes.LANE, String.class), timings));
                out.printf("  %-14s %s%n", document, result.getMessage().getHeader(DemoRoutes.OUTCOME));
                if (shown == null && !"completed".equals(result.getMessage().getHeader(DemoRoutes.OUTCOME))) {
                    shown = item;
                }
            }
        } finally {
            main.stop();
        }
        printSummary(out, rows);
        if (shown != null) {
            out.println();
            out.println("Execution metadata of the failed document, as Stanbol writes them (Turtle):");
            out.println(EnhancementRdf.toString(EnhancementRdf.toModel(shown.getExecutionMetadata()), RdfFormat.TURTLE));
            out.println("Engine executions:");
            for (EngineExecution e : shown.getExecutionMetadata().getEngineExecutions()) {
                out.printf("  %-10s %-10s %s%n", e.getEngine(), e.getStatus(),
                        e.getStatusMessage() == null ? "" : e.getStatusMessage());
            }
        }
        return (int) rows.stream().filter(r -> !"completed".equals(r.outcome())).count();
    }

    private static void printSummary(PrintStream out, List<Row> rows) {
        out.println();
        String format = "%-14s | %-4s | %-9s | %-15s | %-50s | %s%n";
        out.printf(format, "document", "lang", "sentences", "lane", "entities", "chain");
        out.println("-".repeat(130));
        Map<String, long[]> perEngine = new LinkedHashMap<>();
        for (Row r : rows) {
            out.printf(format, r.document(), r.language(), r.sentences(), r.lane(), String.join(", ", r.entities()),
                    r.outcome());
            r.timings().forEach((engine, nanos) -> {
                long[] acc = perEngine.computeIfAbsent(engine, k -> new long[2]);
                acc[0]++;
                acc[1] += nanos;
            });
        }
        out.println();
        out.println("Per engine: runs and mean time");
        perEngine.forEach((engine, acc) -> out.printf("  %-10s %3d runs  %8.1f µs%n", engine, acc[0],
                acc[1] / 1000.0 / acc[0]));
    }

    private static List<String> readLines(String resource) throws IOException {
        return readResource(resource).lines().map(String::trim).filter(l -> !l.isEmpty()).toList();
    }

    private static String readResource(String resource) throws IOException {
        try (InputStream in = LocalEnhancementDemo.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("No resource " + resource + " on the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
