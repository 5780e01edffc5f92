package dev.camelsuite.examples.books;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.workflow.WorkflowComponent;
import dev.camelsuite.workflow.WorkflowConstants;
import dev.camelsuite.workflow.model.Milestone;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.store.WorkflowStore;
import org.apache.camel.CamelContext;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The seed's Google scanned book and ETD cases run by the library's robots, end to end; once with the Java DSL
 * routes, once with the YAML ones (the subclasses).
 */
abstract class LibraryRobotsTest extends CamelTestSupport {

    final Library library = new Library().flakyConversion("druid:bb1");

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:library-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        context.getRegistry().bind("libraryDb", ds);
        context.getRegistry().bind("library", library);
        WorkflowComponent workflow = new WorkflowComponent();
        workflow.setTemplates("classpath:books/googleScannedBookWF.xml, classpath:books/accessionWF.xml,"
                              + " classpath:books/etdSubmitWF.xml");
        context.addComponent("workflow", workflow);
        return context;
    }

    private WorkflowStore store() {
        return context.getComponent("workflow", WorkflowComponent.class).getStore();
    }

    private Step step(String objectId, String workflow, String process) throws Exception {
        return store().get(objectId, workflow).stream().filter(s -> s.active() && s.process().equals(process))
                .findFirst().orElse(null);
    }

    private void awaitCompleted(String objectId, String workflow, String process) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            Step s = step(objectId, workflow, process);
            if (s != null && s.status().equals("completed")) {
                return;
            }
            Thread.sleep(20);
        }
        assertThat(step(objectId, workflow, process)).as(objectId + " " + workflow + "/" + process).isNotNull()
                .extracting(Step::status).isEqualTo("completed");
    }

    /** Accessioning to its end: the robots' steps, and the preservation system's signal in between. */
    private void accessioned(String objectId) throws Exception {
        awaitCompleted(objectId, "accessionWF", "shelve");
        template.sendBodyAndHeaders("workflow:accessionWF/sdr-ingest-received?operation=update", null, Map.of(
                WorkflowConstants.OBJECT_ID, objectId, WorkflowConstants.STATUS, "completed"));
        awaitCompleted(objectId, "accessionWF", "end-accession");
    }

    private void create(String workflow, String objectId) {
        template.sendBodyAndHeader("workflow:" + workflow + "?operation=create", null, WorkflowConstants.OBJECT_ID,
                objectId);
    }

    @Test
    void scannedBooksAreDownloadedAndConvertedInParallelThenAccessioned() throws Exception {
        create("googleScannedBookWF", "druid:bb1");
        create("googleScannedBookWF", "druid:bb2");
        accessioned("druid:bb1");
        accessioned("druid:bb2");

        // the replayed exception: bb1's conversion failed once, was retried and then worked
        Step convert = step("druid:bb1", "googleScannedBookWF", "google-convert");
        assertThat(convert.attempts()).isEqualTo(2);
        assertThat(store().history("druid:bb1", "googleScannedBookWF")).filteredOn(h -> h[0].equals("google-convert"))
                .extracting(h -> h[2]).containsExactly("waiting", "queued", "started", "retrying", "started",
                        "completed");
        assertThat(step("druid:bb2", "googleScannedBookWF", "google-convert").attempts()).isEqualTo(1);

        // download and convert (both ready at once) come before describing, which waits for both
        List<String> work = library.workOn("druid:bb1");
        assertThat(work.indexOf("describe scanned book")).isGreaterThan(work.indexOf("google-download"))
                .isGreaterThan(work.indexOf("google-convert"));
        // then cleanup started accessionWF, whose robots did their steps in order
        assertThat(work.subList(work.indexOf("cleanup"), work.size())).startsWith("cleanup").endsWith("end-accession")
                .contains("publish", "shelve");
        assertThat(work.indexOf("shelve")).isGreaterThan(work.indexOf("publish"));

        // lifecycle milestones of both workflows
        assertThat(store().lifecycle("druid:bb1", false, null)).extracting(Milestone::name)
                .contains("registered", "described", "submitted", "deposited");
    }

    @Test
    void anEtdIsSubmittedApprovedByPeopleThenAccessioned() throws Exception {
        create("etdSubmitWF", "druid:etd1");
        awaitCompleted("druid:etd1", "etdSubmitWF", "submit");
        // approvals are skip-queue steps: no robot takes them, people set them
        Thread.sleep(100);
        assertThat(step("druid:etd1", "etdSubmitWF", "reader-approval").status()).isEqualTo("waiting");
        for (String approval : List.of("reader-approval", "registrar-approval")) {
            template.sendBodyAndHeaders("workflow:etdSubmitWF/" + approval + "?operation=update", null, Map.of(
                    WorkflowConstants.OBJECT_ID, "druid:etd1", WorkflowConstants.STATUS, "completed"));
        }
        accessioned("druid:etd1");
        assertThat(library.workOn("druid:etd1")).startsWith("submit", "start accession").endsWith("end-accession");
        assertThat(store().lifecycle("druid:etd1", false, null)).extracting(Milestone::name)
                .contains("registered", "submitted");
    }
}
