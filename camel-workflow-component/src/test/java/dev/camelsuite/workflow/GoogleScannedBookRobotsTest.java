package dev.camelsuite.workflow;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.camelsuite.workflow.model.Milestone;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.store.WorkflowStore;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The seed's Google scanned book case end to end with robots: google-download and google-convert in parallel, a
 * descriptive-metadata robot whose first attempt fails and is replayed, cleanup starting accessionWF, lifecycle
 * milestones on the way.
 */
class GoogleScannedBookRobotsTest extends CamelTestSupport {

    private final Map<String, AtomicInteger> attempts = new ConcurrentHashMap<>();
    private final Set<String> downloadingOrConverting = ConcurrentHashMap.newKeySet();
    private final AtomicInteger overlaps = new AtomicInteger();

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:books-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        context.getRegistry().bind("workflowDb", ds);
        WorkflowComponent workflow = new WorkflowComponent();
        workflow.setTemplates("classpath:templates/googleScannedBookWF.xml, classpath:templates/accessionWF.xml");
        context.addComponent("workflow", workflow);
        return context;
    }

    /** The two parallel steps of one book: records when both run at the same moment. */
    private void parallelStep(String id) throws InterruptedException {
        if (!downloadingOrConverting.add(id)) {
            overlaps.incrementAndGet();
        }
        // long enough that the other step of the book, claimed in the same moment, runs meanwhile
        Thread.sleep(200);
        downloadingOrConverting.remove(id);
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("workflow:googleScannedBookWF/google-download?robots=2&delay=20")
                        .process(ex -> parallelStep(ex.getIn().getBody(String.class)));
                from("workflow:googleScannedBookWF/google-convert?robots=2&delay=20")
                        .process(ex -> parallelStep(ex.getIn().getBody(String.class)));
                from("workflow:googleScannedBookWF/descriptive-metadata?maxAttempts=3&retryDelay=0&delay=20")
                        .process(ex -> {
                            String id = ex.getIn().getBody(String.class);
                            // the catalogue service is down on the first try: the robot's error is replayed
                            if (attempts.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet() == 1) {
                                throw new IllegalStateException("catalogue unavailable for " + id);
                            }
                        });
                from("workflow:googleScannedBookWF/cleanup?delay=20").log("cleaned ${body}");
            }
        };
    }

    @Test
    void aBookGoesThroughItsWorkflowAndStartsAccessioning() throws Exception {
        List<String> books = List.of("druid:gb1", "druid:gb2", "druid:gb3");
        for (String id : books) {
            template.sendBodyAndHeaders("workflow:googleScannedBookWF?operation=create&lane=books", null,
                    Map.of(WorkflowConstants.OBJECT_ID, id));
        }
        WorkflowStore store = context.getComponent("workflow", WorkflowComponent.class).getStore();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline
               && books.stream().anyMatch(id -> {
                   try {
                       return store.get(id, "accessionWF").isEmpty();
                   } catch (Exception e) {
                       return true;
                   }
               })) {
            Thread.sleep(20);
        }
        for (String id : books) {
            List<Step> book = store.get(id, "googleScannedBookWF");
            assertThat(book).as(id).allSatisfy(s -> assertThat(s.status()).isEqualTo("completed"));
            Step described = book.stream().filter(s -> s.process().equals("descriptive-metadata")).findFirst()
                    .orElseThrow();
            assertThat(described.attempts()).isEqualTo(2);
            assertThat(store.history(id, "googleScannedBookWF")).filteredOn(h -> h[0].equals("descriptive-metadata"))
                    .extracting(h -> h[2]).containsExactly("waiting", "queued", "started", "retrying", "started",
                            "completed");
            // cleanup's next-workflow: accessioning in the book's version and lane
            List<Step> accession = store.get(id, "accessionWF");
            assertThat(accession).isNotEmpty().allSatisfy(s -> {
                assertThat(s.version()).isEqualTo(1);
                assertThat(s.lane()).isEqualTo("books");
            });
            assertThat(store.lifecycle(id, false, null)).extracting(Milestone::name)
                    .contains("registered", "submitted");
        }
        // google-download and google-convert of one book ran side by side at least once
        assertThat(overlaps.get()).isPositive();
    }
}
