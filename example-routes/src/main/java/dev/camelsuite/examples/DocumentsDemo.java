package dev.camelsuite.examples;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.enhancer.engines.DefaultChain;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary;
import dev.camelsuite.workflow.StepStatus;
import dev.camelsuite.workflow.WorkflowComponent;
import dev.camelsuite.workflow.WorkflowConstants;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepCount;
import dev.camelsuite.workflow.store.WorkflowStore;
import org.apache.activemq.broker.BrokerService;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.main.Main;
import org.h2.jdbcx.JdbcDataSource;

/**
 * The README's main job, on embedded defaults: an ActiveMQ broker and an H2 database in this JVM. Each sample document
 * is registered in a workflow ({@code documentWF}); robots send it through the broker to a pool of workers running the
 * default chain (language, sentences and tokens with OpenNLP, entities from the sample vocabulary), then choose a desk
 * for it. Progress is shown while it runs; a summary of documents, engines and workflow steps ends it.
 */
public final class DocumentsDemo {

    static final Duration DEADLINE = Duration.ofMinutes(3);

    /** What a run produced: the documents, the steps' status counts at the end, and the steps that ended in error. */
    public record Summary(Map<String, DocumentResults.Document> documents, List<StepCount> steps,
                          List<Step> errors) {
    }

    public static void main(String[] args) throws Exception {
        new DocumentsDemo().run(System.out);
    }

    public Summary run(PrintStream out) throws Exception {
        BrokerService broker = new BrokerService();
        broker.setBrokerName("documents-demo");
        broker.setPersistent(false);
        broker.setUseJmx(false);
        broker.start();
        String brokerUrl = "vm://documents-demo?create=false";
        JdbcDataSource database = new JdbcDataSource();
        database.setURL("jdbc:h2:mem:documents-demo;DB_CLOSE_DELAY=-1");

        DocumentResults results = new DocumentResults();
        Main main = new Main();
        main.bind("workflowDb", database);
        for (EnhancementEngine engine : DefaultChain.engines(Vocabulary.sample())) {
            main.bind(engine.getName(), engine);
        }
        main.bind(DefaultChain.NAME, DefaultChain.chain(true));
        main.addInitialProperty("camel.component.workflow.templates", "classpath:demo/documentWF.xml");
        main.configure().addRoutesBuilder(new DocumentsDemoRoutes(brokerUrl, results));
        try {
            main.start();
            List<String> ids = Samples.objectIds();
            out.println("Enhancing " + ids.size() + " sample documents on 2 workers (4 consumers) through an embedded"
                        + " broker, each tracked in workflow documentWF in an embedded H2 database");
            ProducerTemplate template = main.getCamelContext().createProducerTemplate();
            for (String id : ids) {
                template.sendBodyAndHeader("workflow:documentWF?operation=create", null, WorkflowConstants.OBJECT_ID, id);
            }
            WorkflowStore store = main.getCamelContext().getComponent("workflow", WorkflowComponent.class).getStore();
            new Progress(out, store, ids.size()).awaitDone(DEADLINE);
            Summary summary = new Summary(results.documents(), store.counts(),
                    store.inStatus(StepStatus.ERROR.label(), null, ids.size()));
            printSummary(out, summary, results.engineTimings());
            return summary;
        } finally {
            main.stop();
            broker.stop();
        }
    }

    private static void printSummary(PrintStream out, Summary summary, Map<String, long[]> engines) {
        out.println();
        out.println("Documents");
        String row = "  %-17s | %-4s | %-9s | %-14s | %-70s | %s%n";
        out.printf(row, "document", "lang", "worker", "desk", "entities", "chain");
        out.println("  " + "-".repeat(150));
        for (DocumentResults.Document d : summary.documents().values()) {
            out.printf(row, d.objectId(), d.language(), d.worker() == null ? "" : d.worker(),
                    d.desk() == null ? "" : d.desk(), String.join(", ", d.entities()), d.chain());
        }
        out.println();
        out.println("Engines (on the workers)");
        engines.forEach((engine, acc) -> out.printf("  %-10s %3d runs  %8.1f ms mean%n", engine, acc[0],
                (double) acc[1] / acc[0]));
        out.println();
        out.println("Workflow steps (documentWF)");
        Map<String, Map<String, Long>> byProcess = new TreeMap<>();
        for (StepCount c : summary.steps()) {
            byProcess.computeIfAbsent(c.process(), p -> new TreeMap<>()).put(c.status(), c.count());
        }
        byProcess.forEach((process, counts) -> out.printf("  %-9s %s%n", process, counts));
    }
}
