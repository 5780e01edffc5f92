package dev.camelsuite.examples.books;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.workflow.WorkflowComponent;
import dev.camelsuite.workflow.model.Step;
import org.apache.camel.CamelContext;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * The library's robots in a Camel context of your own, as docs/examples.adoc shows it:
 * {@code mvn -B -pl example-routes -am compile exec:java -Dexec.mainClass=dev.camelsuite.examples.books.RunTheLibrary}
 * runs one book through scanning to the shelf and prints its steps.
 */
public final class RunTheLibrary {

    private RunTheLibrary() {
    }

    public static void main(String[] args) throws Exception {
        try (CamelContext context = start()) {
            List<Step> steps = awaitShelved(context, Duration.ofSeconds(60));
            for (Step step : steps) {
                System.out.printf("%-22s %-28s %s%n", step.workflow(), step.process(), step.status());
            }
            boolean shelved = steps.stream().anyMatch(s -> s.process().equals("shelve")
                                                           && s.status().equals("completed"));
            System.out.println(shelved ? "druid:bb1 is shelved." : "druid:bb1 was not shelved within 60 s.");
        }
    }

    /**
     * Waits until the book's accessioning reaches {@code shelve} completed, at most {@code within}: the active steps
     * of both its workflows then.
     */
    public static List<Step> awaitShelved(CamelContext context, Duration within) throws Exception {
        var store = context.getComponent("workflow", WorkflowComponent.class).getStore();
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline && !store.get("druid:bb1", "accessionWF").stream()
                .anyMatch(s -> s.active() && s.process().equals("shelve") && s.status().equals("completed"))) {
            TimeUnit.MILLISECONDS.sleep(50);
        }
        return java.util.stream.Stream.concat(store.get("druid:bb1", "googleScannedBookWF").stream(),
                store.get("druid:bb1", "accessionWF").stream()).filter(Step::active).toList();
    }

    /** Starts the robots and registers one book; the context goes on until it is closed. */
    public static CamelContext start() throws Exception {
        // tag::library[]
        CamelContext context = new DefaultCamelContext();
        context.getRegistry().bind("library", new Library());
        WorkflowComponent workflow = new WorkflowComponent();  // H2 in ./workflow-data unless a DataSource is bound
        workflow.setTemplates("classpath:books/googleScannedBookWF.xml, classpath:books/accessionWF.xml");
        context.addComponent("workflow", workflow);
        context.addRoutes(new LibraryRobots());
        context.start();
        context.createProducerTemplate().sendBodyAndHeader("workflow:googleScannedBookWF?operation=create", null,
                "CamelWorkflowObjectId", "druid:bb1");
        // end::library[]
        return context;
    }
}
