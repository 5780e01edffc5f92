package dev.camelsuite.workflow;

import java.math.BigDecimal;
import java.util.List;

import dev.camelsuite.workflow.model.Milestone;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepCount;
import dev.camelsuite.workflow.model.StepQuery;
import dev.camelsuite.workflow.model.StepRef;
import dev.camelsuite.workflow.model.StepUpdate;
import dev.camelsuite.workflow.template.WorkflowTemplate;
import org.apache.camel.CamelContext;
import org.apache.camel.CamelExecutionException;
import org.apache.camel.Exchange;
import org.apache.camel.ResolveEndpointFailedException;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The producer operations through Camel routes, with the seed's Google scanned book case. */
class WorkflowComponentTest extends CamelTestSupport {

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:component-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        context.getRegistry().bind("workflowDb", ds);
        WorkflowComponent workflow = new WorkflowComponent();
        workflow.setTemplates("classpath:templates/googleScannedBookWF.xml, classpath:templates/accessionWF.xml,"
                              + " classpath:templates/etdSubmitWF.xml");
        context.addComponent("workflow", workflow);
        return context;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:register").to("workflow:googleScannedBookWF?operation=create&lane=books");
                from("direct:step").to("workflow:googleScannedBookWF?operation=update");
            }
        };
    }

    private Exchange update(String objectId, String process, String status) {
        return template.request("direct:step", ex -> {
            ex.getIn().setHeader(WorkflowConstants.OBJECT_ID, objectId);
            ex.getIn().setHeader(WorkflowConstants.PROCESS, process);
            ex.getIn().setHeader(WorkflowConstants.STATUS, status);
        });
    }

    @SuppressWarnings("unchecked")
    @Test
    void theGoogleScannedBookCaseThroughTheOperations() {
        template.sendBodyAndHeader("direct:register", null, WorkflowConstants.OBJECT_ID, "druid:gb1");
        // google-download and google-convert are ready together
        assertThat(template.requestBodyAndHeader("workflow:googleScannedBookWF/google-download?operation=queue", null,
                WorkflowConstants.LANE, "books", List.class)).containsExactly("druid:gb1");
        assertThat(template.requestBody("workflow:googleScannedBookWF/google-convert?operation=queue", null, List.class))
                .containsExactly("druid:gb1");

        // the download fails once, then works: an exception with attempts
        Exchange failed = template.request("direct:step", ex -> {
            ex.getIn().setHeader(WorkflowConstants.OBJECT_ID, "druid:gb1");
            ex.getIn().setHeader(WorkflowConstants.PROCESS, "google-download");
            ex.getIn().setHeader(WorkflowConstants.STATUS, "error");
            ex.getIn().setHeader(WorkflowConstants.ERROR_MESSAGE, "Google did not answer");
            ex.getIn().setHeader(WorkflowConstants.ERROR_TEXT, "java.net.SocketTimeoutException ...");
        });
        assertThat(failed.getException()).isNull();
        assertThat(template.requestBody("workflow:googleScannedBookWF/google-download?operation=errors", null, List.class))
                .containsExactly("druid:gb1");
        update("druid:gb1", "google-download", "started");
        assertThat(update("druid:gb1", "google-download", "completed").getMessage()
                .getHeader(WorkflowConstants.NEXT_STEPS, List.class)).isEmpty();
        Exchange converted = update("druid:gb1", "google-convert", "completed");
        assertThat(converted.getMessage().getHeader(WorkflowConstants.NEXT_STEPS, List.class))
                .containsExactly("descriptive-metadata");
        update("druid:gb1", "descriptive-metadata", "completed");
        // the last step starts the accessioning workflow
        update("druid:gb1", "cleanup", "completed");
        Workflow accession = template.requestBodyAndHeader("workflow:accessionWF?operation=get", null,
                WorkflowConstants.OBJECT_ID, "druid:gb1", Workflow.class);
        assertThat(accession.steps()).hasSize(7).allSatisfy(s -> assertThat(s.lane()).isEqualTo("books"));

        Workflow book = template.requestBodyAndHeader("workflow:googleScannedBookWF?operation=get", null,
                WorkflowConstants.OBJECT_ID, "druid:gb1", Workflow.class);
        Step download = book.activeStep("google-download");
        assertThat(download.attempts()).isEqualTo(2);
        assertThat(download.errorMessage()).isNull();

        List<Milestone> milestones = template.requestBodyAndHeader("workflow:?operation=lifecycle", null,
                WorkflowConstants.OBJECT_ID, "druid:gb1", List.class);
        assertThat(milestones).extracting(Milestone::name).containsExactly("registered", "submitted");

        List<StepCount> counts = template.requestBody("workflow:?operation=counts", null, List.class);
        assertThat(counts).contains(new StepCount("accessionWF", "rights-metadata", "queued", 1));
    }

    @Test
    void updatesTakeTheirFieldsFromHeadersAndConflictsAndMissingStepsAreExceptions() {
        template.sendBodyAndHeader("direct:register", null, WorkflowConstants.OBJECT_ID, "druid:gb2");
        Exchange timed = template.request("direct:step", ex -> {
            ex.getIn().setHeader(WorkflowConstants.OBJECT_ID, "druid:gb2");
            ex.getIn().setHeader(WorkflowConstants.PROCESS, "google-convert");
            ex.getIn().setHeader(WorkflowConstants.STATUS, "completed");
            ex.getIn().setHeader(WorkflowConstants.EXPECTED_STATUS, "queued");
            ex.getIn().setHeader(WorkflowConstants.ELAPSED, new BigDecimal("2.5"));
            ex.getIn().setHeader(WorkflowConstants.NOTE, "robot-1");
            ex.getIn().setHeader(WorkflowConstants.LIFECYCLE, "converted");
        });
        assertThat(timed.getException()).isNull();
        assertThatThrownBy(() -> template.requestBodyAndHeaders("direct:step", null, java.util.Map.of(
                WorkflowConstants.OBJECT_ID, "druid:gb2", WorkflowConstants.PROCESS, "google-convert",
                WorkflowConstants.STATUS, "started", WorkflowConstants.EXPECTED_STATUS, "queued")))
                .isInstanceOf(CamelExecutionException.class).cause().isInstanceOf(WorkflowConflictException.class);
        assertThat(update("druid:gb2", "no-such-step", "completed").getException())
                .isInstanceOf(WorkflowNotFoundException.class);
    }

    @Test
    void missingInputsNameTheOperationAndTheHeader() {
        // a robot's URI has no operation; as a producer it says what it needs
        assertThat(template.request("workflow:googleScannedBookWF/google-convert", ex -> {
        }).getException()).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("A workflow producer needs an operation: the option operation"
                            + " (workflow:accessionWF?operation=create) or the header CamelWorkflowOperation");
        assertThat(template.request("direct:step", ex -> ex.getIn().setHeader(WorkflowConstants.OBJECT_ID, "x"))
                .getException()).hasMessage("Operation update needs the new status: a StepUpdate body, or header"
                                             + " CamelWorkflowStatus");
        assertThat(template.request("direct:register", ex -> {
        }).getException()).hasMessage("Operation create needs the object id in header CamelWorkflowObjectId");
        assertThat(template.request("workflow:googleScannedBookWF?operation=queue", ex -> {
        }).getException()).hasMessageStartingWith("Operation queue needs a process: in the path");
        assertThat(template.request("workflow:nowhereWF?operation=create",
                ex -> ex.getIn().setHeader(WorkflowConstants.OBJECT_ID, "x")).getException())
                .hasMessage("Operation create: no template for workflow 'nowhereWF'");
        assertThatThrownBy(() -> context.getEndpoint("workflow:a/b/c?operation=get"))
                .isInstanceOf(ResolveEndpointFailedException.class).rootCause()
                .hasMessageContaining("workflow:[workflowName[/processName]]");
        assertThatThrownBy(() -> context.getEndpoint("workflow:a?operation=get&limit=-1"))
                .rootCause().hasMessage("Option limit must be >= 0 but was -1");
        assertThatThrownBy(() -> context.getEndpoint("workflow:a?operation=fly"))
                .isInstanceOf(ResolveEndpointFailedException.class);
    }

    @Test
    void theEtdSubmissionWorkflowStartsTheProcessingWorkflowWhenBothApprovalsArrive() {
        template.sendBodyAndHeader("workflow:etdSubmitWF?operation=create", null, WorkflowConstants.OBJECT_ID, "druid:etd1");
        assertThat(template.requestBody("workflow:etdSubmitWF/submit?operation=queue", null, List.class))
                .containsExactly("druid:etd1");
        Exchange submitted = template.request("workflow:etdSubmitWF/submit?operation=update", ex -> {
            ex.getIn().setHeader(WorkflowConstants.OBJECT_ID, "druid:etd1");
            ex.getIn().setHeader(WorkflowConstants.STATUS, "completed");
        });
        assertThat(submitted.getException()).isNull();
        // approvals are external signals: never queued, though their prerequisite is done
        assertThat(template.requestBody("workflow:etdSubmitWF/reader-approval?operation=queue", null, List.class)).isEmpty();
        template.requestBodyAndHeaders("workflow:etdSubmitWF/reader-approval?operation=update", null, java.util.Map.of(
                WorkflowConstants.OBJECT_ID, "druid:etd1", WorkflowConstants.STATUS, "completed"));
        Exchange registrar = template.request("workflow:etdSubmitWF/registrar-approval?operation=update", ex -> {
            ex.getIn().setHeader(WorkflowConstants.OBJECT_ID, "druid:etd1");
            ex.getIn().setHeader(WorkflowConstants.STATUS, "completed");
        });
        assertThat(registrar.getMessage().getHeader(WorkflowConstants.NEXT_STEPS, List.class))
                .containsExactly("start-accession");
        template.requestBodyAndHeaders("workflow:etdSubmitWF/start-accession?operation=update", null, java.util.Map.of(
                WorkflowConstants.OBJECT_ID, "druid:etd1", WorkflowConstants.STATUS, "completed"));
        assertThat(template.requestBody("workflow:accessionWF/descriptive-metadata?operation=queue", null, List.class))
                .containsExactly("druid:etd1");
    }

    @Test
    void getGivesTheTypedWorkflowAndItsXml() {
        template.sendBodyAndHeader("direct:register", null, WorkflowConstants.OBJECT_ID, "druid:x<1>");
        update("druid:x<1>", "google-download", "error");
        Exchange got = template.request("workflow:googleScannedBookWF?operation=get", ex -> ex.getIn().setHeader(
                WorkflowConstants.OBJECT_ID, "druid:x<1>"));
        Workflow workflow = got.getMessage().getBody(Workflow.class);
        assertThat(workflow.steps()).hasSize(5);
        String xml = got.getMessage().getBody(String.class);
        assertThat(xml).startsWith("<workflow objectId=\"druid:x&lt;1&gt;\" id=\"googleScannedBookWF\">")
                .contains("<process version=\"1\" note=\"\" lifecycle=\"registered\" laneId=\"books\" elapsed=\"0.0\""
                          + " attempts=\"0\" datetime=\"")
                .contains("status=\"error\" name=\"google-download\"/>")
                .endsWith("</workflow>")
                .doesNotContain("errorMessage");
    }

    @Test
    void archiveMovesFinishedInactiveVersionsOut() {
        template.sendBodyAndHeader("direct:register", null, WorkflowConstants.OBJECT_ID, "druid:ar1");
        template.requestBodyAndHeader("workflow:googleScannedBookWF?operation=skipAll", null,
                WorkflowConstants.OBJECT_ID, "druid:ar1");
        // version 1 is finished but still active: it stays
        assertThat(template.requestBody("workflow:?operation=archive", null, Integer.class)).isZero();
        template.sendBodyAndHeaders("workflow:googleScannedBookWF?operation=create", null, java.util.Map.of(
                WorkflowConstants.OBJECT_ID, "druid:ar1", WorkflowConstants.VERSION, 2));
        assertThat(template.requestBody("workflow:?operation=archive", null, Integer.class)).isEqualTo(5);
        Workflow left = template.requestBodyAndHeader("workflow:googleScannedBookWF?operation=get", null,
                WorkflowConstants.OBJECT_ID, "druid:ar1", Workflow.class);
        assertThat(left.steps()).hasSize(5).allSatisfy(s -> assertThat(s.version()).isEqualTo(2));
    }

    @SuppressWarnings("unchecked")
    @Test
    void skipAllDeleteAndTemplates() {
        template.sendBodyAndHeader("direct:register", null, WorkflowConstants.OBJECT_ID, "druid:gb3");
        assertThat(template.requestBodyAndHeader("workflow:googleScannedBookWF?operation=skipAll", null,
                WorkflowConstants.OBJECT_ID, "druid:gb3", Integer.class)).isEqualTo(5);
        assertThat(template.requestBodyAndHeader("workflow:googleScannedBookWF?operation=delete", null,
                WorkflowConstants.OBJECT_ID, "druid:gb3", Integer.class)).isEqualTo(5);
        assertThat(template.requestBody("workflow:?operation=templates", null, List.class)).hasSize(3);
        assertThat(template.requestBody("workflow:accessionWF?operation=templates", null, WorkflowTemplate.class)
                .getProcesses()).hasSize(7);
        // the header overrides the operation option
        assertThat(template.requestBodyAndHeader("workflow:accessionWF?operation=get", null,
                WorkflowConstants.OPERATION, "templates", WorkflowTemplate.class).getId()).isEqualTo("accessionWF");
    }
    @SuppressWarnings("unchecked")
    @Test
    void optionsAndTheirHeadersNarrowQueuesLifecyclesAndArchives() throws Exception {
        for (int i = 0; i < 3; i++) {
            template.sendBodyAndHeader("direct:register", null, WorkflowConstants.OBJECT_ID, "druid:op" + i);
        }
        template.sendBodyAndHeaders("workflow:googleScannedBookWF?operation=create", null, java.util.Map.of(
                WorkflowConstants.OBJECT_ID, "druid:op9", WorkflowConstants.LANE, "other",
                WorkflowConstants.CONTEXT, "{\"priority\":1}"));
        WorkflowComponent component = context.getComponent("workflow", WorkflowComponent.class);
        assertThat(component.getStore().context("druid:op9", 1)).isEqualTo("{\"priority\":1}");
        // limit option, limit header, lane header
        assertThat(template.requestBody("workflow:googleScannedBookWF/google-convert?operation=queue&limit=2", null,
                List.class)).containsExactly("druid:op0", "druid:op1");
        assertThat(template.requestBodyAndHeader("workflow:googleScannedBookWF/google-convert?operation=queue&limit=2",
                null, WorkflowConstants.LIMIT, 1, List.class)).containsExactly("druid:op0");
        assertThat(template.requestBodyAndHeader("workflow:googleScannedBookWF/google-convert?operation=queue", null,
                WorkflowConstants.LANE, "other", List.class)).containsExactly("druid:op9");
        // activeOnly: an unfinished version lists its lifecycle steps, reached or not; a finished one none
        assertThat(template.requestBodyAndHeaders("workflow:?operation=lifecycle&activeOnly=true", null,
                java.util.Map.of(WorkflowConstants.OBJECT_ID, "druid:op0", WorkflowConstants.VERSION, 1), List.class))
                .hasSize(1);
        template.requestBodyAndHeaders("workflow:googleScannedBookWF?operation=skipAll", null, java.util.Map.of(
                WorkflowConstants.OBJECT_ID, "druid:op0", WorkflowConstants.NOTE, "done"));
        assertThat(template.requestBodyAndHeaders("workflow:?operation=lifecycle&activeOnly=true", null,
                java.util.Map.of(WorkflowConstants.OBJECT_ID, "druid:op0", WorkflowConstants.VERSION, 1), List.class))
                .isEmpty();
        // retentionDays: finished and active, but not old enough — then old enough by the header
        assertThat(template.requestBody("workflow:?operation=archive&retentionDays=30", null, Integer.class)).isZero();
        Thread.sleep(20);
        assertThat(template.requestBodyAndHeader("workflow:?operation=archive&retentionDays=30", null,
                WorkflowConstants.RETENTION_DAYS, 0, Integer.class)).isZero();
        assertThatThrownBy(() -> context.getEndpoint("workflow:?operation=archive&retentionDays=-1"))
                .rootCause().hasMessage("Option retentionDays must be >= 0 but was -1");
    }

    @Test
    void withoutADataSourceTheComponentUsesAnEmbeddedH2FileAndMigrateCanBeSwitchedOff() throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("workflow-default");
        try (CamelContext own = new org.apache.camel.impl.DefaultCamelContext()) {
            WorkflowComponent workflow = new WorkflowComponent();
            workflow.setDefaultDatabaseFile(dir.resolve("wf").toString());
            workflow.addTemplate(dev.camelsuite.workflow.template.WorkflowTemplateParser.parse(
                    "<workflow-def id='tinyWF'><process name='only'/></workflow-def>"));
            own.addComponent("workflow", workflow);
            own.start();
            own.createProducerTemplate().sendBodyAndHeader("workflow:tinyWF?operation=create", null,
                    WorkflowConstants.OBJECT_ID, "druid:h2");
            assertThat(java.nio.file.Files.exists(dir.resolve("wf.mv.db"))).isTrue();
        }
        try (CamelContext own = new org.apache.camel.impl.DefaultCamelContext()) {
            JdbcDataSource empty = new JdbcDataSource();
            empty.setURL("jdbc:h2:mem:unmigrated-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
            WorkflowComponent workflow = new WorkflowComponent();
            workflow.setDataSource(empty);
            workflow.setMigrate(false);
            own.addComponent("workflow", workflow);
            own.start();
            assertThat(own.createProducerTemplate().request("workflow:?operation=counts", ex -> {
            }).getException()).isInstanceOf(java.sql.SQLException.class).hasMessageContaining("WORKFLOW_STEP");
        }
    }

    @Test
    void aStartDateKeepsAWorkflowOutOfItsQueuesUntilThen() {
        template.sendBodyAndHeaders("workflow:accessionWF?operation=create", null, java.util.Map.of(
                WorkflowConstants.OBJECT_ID, "druid:sd1", WorkflowConstants.START_DATE, "2999-01-01T00:00:00Z"));
        template.sendBodyAndHeaders("workflow:accessionWF?operation=create", null, java.util.Map.of(
                WorkflowConstants.OBJECT_ID, "druid:sd2", WorkflowConstants.START_DATE, java.time.Instant.EPOCH));
        assertThat(template.requestBody("workflow:accessionWF/descriptive-metadata?operation=queue", null, List.class))
                .containsExactly("druid:sd2");
        assertThatThrownBy(() -> template.sendBodyAndHeaders("workflow:accessionWF?operation=create", null,
                java.util.Map.of(WorkflowConstants.OBJECT_ID, "druid:sd3", WorkflowConstants.START_DATE, "soon")))
                .hasRootCauseMessage("Operation create: header CamelWorkflowStartDate must be a date (e.g."
                                     + " 2026-12-01T00:00:00Z), not 'soon'");
    }

    @SuppressWarnings("unchecked")
    @Test
    void theReadsAcrossWorkflowsAndATypedUpdateAreOperationsToo() {
        template.sendBodyAndHeaders("workflow:googleScannedBookWF?operation=create", null, java.util.Map.of(
                WorkflowConstants.OBJECT_ID, "druid:rd1", WorkflowConstants.LANE, "fast",
                WorkflowConstants.CONTEXT, "{\"ocr\":true}"));
        template.sendBodyAndHeader("direct:register", null, WorkflowConstants.OBJECT_ID, "druid:rd2");
        // a typed update as the body: no header round trip
        List<Step> next = template.requestBodyAndHeaders("workflow:googleScannedBookWF/google-download?operation=update",
                new StepUpdate("completed", "queued", null, null, new java.math.BigDecimal("1.5"), null, "robot-1", null),
                java.util.Map.of(WorkflowConstants.OBJECT_ID, "druid:rd1"), List.class);
        assertThat(next).isEmpty();
        // an update that ends a claim applies only while the step is still under it
        assertThatThrownBy(() -> template.requestBodyAndHeaders(
                "workflow:googleScannedBookWF/google-convert?operation=update",
                StepUpdate.to("completed").ending(new dev.camelsuite.workflow.model.StepClaim(1, 7)),
                java.util.Map.of(WorkflowConstants.OBJECT_ID, "druid:rd1"))).hasCauseInstanceOf(
                        WorkflowConflictException.class);

        List<Step> steps = template.requestBodyAndHeader("workflow:?operation=steps", null,
                WorkflowConstants.OBJECT_ID, "druid:rd1", List.class);
        assertThat(steps).extracting(Step::process).containsExactly("register-object", "google-download",
                "google-convert", "descriptive-metadata", "cleanup");
        assertThat(steps.get(1).status()).isEqualTo("completed");
        assertThat(steps.get(1).note()).isEqualTo("robot-1");
        assertThat(template.requestBodyAndHeaders("workflow:?operation=context", null, java.util.Map.of(
                WorkflowConstants.OBJECT_ID, "druid:rd1", WorkflowConstants.VERSION, 1), String.class))
                .isEqualTo("{\"ocr\":true}");
        assertThat(template.requestBodyAndHeaders("workflow:?operation=context", null, java.util.Map.of(
                WorkflowConstants.OBJECT_ID, "druid:rd2", WorkflowConstants.VERSION, 1), String.class)).isNull();

        // objects at google-convert (queued) whose google-download is done: only rd1
        StepRef convert = new StepRef("googleScannedBookWF", "google-convert");
        StepRef download = new StepRef("googleScannedBookWF", "google-download");
        assertThat(template.requestBody("workflow:?operation=objects",
                new StepQuery(convert, List.of("queued"), List.of(download), null, 0), List.class))
                .containsExactly("druid:rd1");
        assertThat(template.requestBody("workflow:?operation=objects",
                new StepQuery(convert, List.of("queued"), List.of(), "books", 0), List.class))
                .containsExactly("druid:rd2");
        assertThat(template.requestBody("workflow:?operation=lanes", StepQuery.at(convert, List.of("queued")),
                List.class)).containsExactly("books", "fast");

        List<Step> queued = template.requestBodyAndHeader("workflow:?operation=inStatus", null,
                WorkflowConstants.STATUS, "queued", List.class);
        assertThat(queued).extracting(Step::objectId).containsExactly("druid:rd1", "druid:rd2", "druid:rd2");
        assertThat(template.requestBodyAndHeaders("workflow:?operation=inStatus", null, java.util.Map.of(
                WorkflowConstants.STATUS, "queued", WorkflowConstants.BEFORE, "2000-01-01T00:00:00Z"), List.class))
                .isEmpty();
        assertThat(template.requestBodyAndHeaders("workflow:?operation=inStatus", null, java.util.Map.of(
                WorkflowConstants.STATUS, "queued", WorkflowConstants.LIMIT, 1), List.class)).hasSize(1);

        update("druid:rd2", "google-download", "error");
        List<Step> errors = template.requestBody("workflow:?operation=recentErrors", null, List.class);
        assertThat(errors).extracting(Step::objectId, Step::process)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("druid:rd2", "google-download"));

        // what each of them needs, by name
        assertThat(template.request("workflow:?operation=objects", ex -> ex.getIn().setBody("waiting"))
                .getException()).hasMessage("Operation objects needs a StepQuery body, not String");
        assertThat(template.request("workflow:?operation=context", ex -> ex.getIn().setHeader(
                WorkflowConstants.OBJECT_ID, "druid:rd1")).getException())
                .hasMessage("Operation context needs the object version in header CamelWorkflowVersion");
        assertThat(template.request("workflow:?operation=inStatus", ex -> {
        }).getException()).hasMessage("Operation inStatus needs the status in header CamelWorkflowStatus");
        assertThat(template.request("workflow:?operation=inStatus", ex -> {
            ex.getIn().setHeader(WorkflowConstants.STATUS, "queued");
            ex.getIn().setHeader(WorkflowConstants.BEFORE, "yesterday");
        }).getException()).hasMessage("Operation inStatus: header CamelWorkflowBefore must be a date (e.g."
                                      + " 2026-12-01T00:00:00Z), not 'yesterday'");
        assertThatThrownBy(() -> new StepQuery(convert, List.of(), List.of(), null, 0))
                .hasMessage("A query of the steps at googleScannedBookWF:google-convert needs at least one status");
        assertThatThrownBy(() -> new StepQuery(convert, List.of("queued"), List.of(), null, -1))
                .hasMessage("The limit of a query of the steps at googleScannedBookWF:google-convert must be >= 0,"
                            + " not -1");
    }

    @Test
    void theSweeperIsOnByDefaultWithTheWorkflowServicesPeriod() {
        WorkflowEndpoint robot = context.getEndpoint("workflow:accessionWF/shelve", WorkflowEndpoint.class);
        assertThat(robot.getStuckAfter()).isEqualTo(java.time.Duration.ofHours(24).toMillis());
        assertThat(context.getEndpoint("workflow:accessionWF/shelve?stuckAfter=0", WorkflowEndpoint.class)
                .getStuckAfter()).isZero();
    }

    @Test
    void wrongRobotOptionsAreNamed() {
        for (String[] bad : new String[][] {
                { "robots=0", "Option robots must be > 0 but was 0" },
                { "maxAttempts=0", "Option maxAttempts must be > 0 but was 0" },
                { "retryDelay=-1", "Option retryDelay must be >= 0 (milliseconds) but was -1" },
                { "claimBatch=0", "Option claimBatch must be > 0 but was 0" },
                { "stuckAfter=-1", "Option stuckAfter must be >= 0 (milliseconds, 0 for none) but was -1" } }) {
            assertThatThrownBy(() -> context.getEndpoint("workflow:accessionWF/shelve?" + bad[0]))
                    .isInstanceOf(ResolveEndpointFailedException.class).rootCause().hasMessage(bad[1]);
        }
        assertThatThrownBy(() -> context.getEndpoint("workflow:accessionWF").createConsumer(ex -> {
        })).hasMessageContaining("A workflow robot needs the workflow and the process it works on");
    }
}

