package dev.camelsuite.uima;

import dev.camelsuite.uima.client.UimaDriverProducer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.apache.camel.CamelContext;
import org.apache.camel.CamelExecutionException;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangeTimedOutException;
import org.apache.camel.FailedToStartRouteException;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The driver against real UIMA AS 2.10.3 services, in their own JVM with their own ActiveMQ 5.15 broker. */
class UimaDriverServiceTest extends CamelTestSupport {

    private static UimaAsServiceProcess service;

    @BeforeAll
    static void startService() throws Exception {
        service = UimaAsServiceProcess.start(null, "room-number=RoomNumberQueue", "classifier=ClassifierQueue",
                "failing=FailingQueue", "segmenter=SegmenterQueue");
    }

    @AfterAll
    static void stopService() throws Exception {
        if (service != null) {
            service.close();
        }
    }

    private static String uri(String queue, String options) {
        return "uimadriver:" + service.brokerUrl() + "?queue=" + queue + (options.isEmpty() ? "" : "&" + options);
    }

    @org.junit.jupiter.api.io.TempDir
    static java.nio.file.Path testData;

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        context.getPropertiesComponent().addInitialProperty("uima.broker", service.brokerUrl());
        PluginHelper.getRoutesLoader(context)
                .loadRoutes(ResourceHelper.resolveMandatoryResource(context, "classpath:routes/uima-samples.yaml"));
        return context;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:rooms").to(uri("RoomNumberQueue", "CasPoolSize=2&Timeout=30000"));
                // the seed's first sample, as written for the old driver (plus a mock to count what came back)
                // tag::folder[]
                from("file://" + testData + "?noop=true").routeId("folder").autoStartup(false)
                        .to("uimadriver:" + service.brokerUrl() + "?queue=RoomNumberQueue")
                        .to("mock:analysed");
                // end::folder[]
                // tag::classify[]
                from("direct:classify").to(uri("ClassifierQueue", "timeout=30000"))
                        .setHeader("documentClass", simple("${body.first('dev.camelsuite.uima.testservice.DocumentClass')"
                                                           + ".feature('label')}"))
                        .filter(header("documentClass").isEqualTo("other"))
                        .to("mock:humanReview");
                // end::classify[]
                from("direct:failing").to(uri("FailingQueue", "timeout=30000"));
                from("direct:segments").to(uri("SegmenterQueue", "timeout=30000&childAnnotations=true"));
            }
        };
    }

    @Test
    void roomNumbersComeBackAsTypedAnnotations() {
        Exchange out = template.request("direct:rooms",
                e -> e.getIn().setBody("Meet me in room 20-001 at Hawthorne, or in GN-K35 at Yorktown."));
        assertThat(out.getException()).isNull();
        AnalysisResult result = out.getMessage().getBody(AnalysisResult.class);
        List<CasAnnotation> rooms = result.annotations("org.apache.uima.tutorial.RoomNumber");
        assertThat(rooms).extracting(CasAnnotation::coveredText).containsExactly("20-001", "GN-K35");
        // the tutorial annotator tells the building by the number's pattern
        assertThat(rooms).extracting(a -> a.feature("building")).containsExactly("Yorktown", "Hawthorne");
        assertThat(rooms.get(0).begin()).isEqualTo("Meet me in room ".length());
        assertThat(out.getMessage().getHeader(UimaDriverConstants.CAS_REFERENCE_ID, String.class))
                .isEqualTo(result.casReferenceId()).isNotBlank();
        assertThat(out.getMessage().getBody(String.class)).startsWith("<?xml").contains("RoomNumber")
                .isEqualTo(result.xmi());
        assertThat(result.childCasCount()).isZero();
        // the service's timings and its components' analysis times
        assertThat(result.timings()).containsKeys("serialize", "deserialize", "process");
        assertThat(out.getMessage().getHeader(UimaDriverConstants.SERVICE_TIMINGS, java.util.Map.class))
                .isEqualTo(result.timings());
        assertThat(result.componentTimings()).containsOnlyKeys("RoomNumberAnnotator");
        assertThat(out.getMessage().getHeader(UimaDriverConstants.TIMINGS, java.util.Map.class))
                .isEqualTo(result.componentTimings());
    }

    @Test
    void aFailoverUrlWithItsOwnOptions() {
        // the second broker does not exist: with randomize=false the failover transport takes the first
        String failover = "uimadriver:failover:(" + service.brokerUrl() + ",tcp://localhost:1)?queue=RoomNumberQueue"
                          + "&randomize=false&maxReconnectAttempts=5&CasPoolSize=2&Timeout=30000";
        AnalysisResult result = template.requestBody(failover, "Room 20-001 through failover", AnalysisResult.class);
        assertThat(result.annotations("org.apache.uima.tutorial.RoomNumber")).extracting(CasAnnotation::coveredText)
                .containsExactly("20-001");
    }

    @Test
    void theSeedsClassificationSampleReadsTheClassFromTheReturnedCas() throws Exception {
        MockEndpoint review = getMockEndpoint("mock:humanReview");
        review.expectedMessageCount(1);
        review.expectedHeaderReceived("documentClass", "other");
        template.sendBody("direct:classify", "Please pay this invoice by Friday.");
        template.sendBody("direct:classify", "Dear Ada, thank you for the picture.");
        template.sendBody("direct:classify", "A picture of a cat on a mat.");
        review.assertIsSatisfied();
    }

    @Test
    void theSeedsFolderSampleSendsEveryFile() throws Exception {
        for (int i = 0; i < 3; i++) {
            java.nio.file.Files.writeString(testData.resolve("doc" + i + ".txt"), "Document " + i + ", room 20-00" + i);
        }
        MockEndpoint analysed = getMockEndpoint("mock:analysed");
        analysed.expectedMessageCount(3);
        analysed.allMessages().body().isInstanceOf(AnalysisResult.class);
        context.getRouteController().startRoute("folder");
        analysed.assertIsSatisfied();
        assertThat(analysed.getExchanges()).allSatisfy(e -> assertThat(e.getMessage().getBody(AnalysisResult.class)
                .annotations("org.apache.uima.tutorial.RoomNumber")).hasSize(1));
    }

    @Test
    void theClassificationSampleInYaml() throws Exception {
        MockEndpoint review = getMockEndpoint("mock:yamlHumanReview");
        review.expectedBodiesReceived("A picture of a dog.");
        MockEndpoint failed = getMockEndpoint("mock:yamlFailed");
        failed.expectedMessageCount(1);
        template.sendBody("direct:yamlClassify", "Your invoice is attached.");
        template.sendBody("direct:yamlClassify", "A picture of a dog.");
        template.sendBody("direct:yamlClassify", "FAIL on purpose");
        review.assertIsSatisfied();
        failed.assertIsSatisfied();
        assertThat(failed.getExchanges().get(0).getMessage().getBody(String.class))
                .isEqualTo("service failed: java.lang.IllegalStateException: Deliberate failure: the document contains FAIL");
    }

    @Test
    void aServiceErrorCarriesTheServicesRealCause() {
        assertThatThrownBy(() -> template.sendBody("direct:failing", "please FAIL now"))
                .isInstanceOf(CamelExecutionException.class).cause().isInstanceOf(UimaServiceException.class)
                .hasMessageContaining("The UIMA AS service on queue FailingQueue failed")
                .hasMessageContaining("Deliberate failure: the document contains FAIL")
                .satisfies(e -> assertThat(((UimaServiceException) e).getRemoteCauses()).last()
                        .isEqualTo("java.lang.IllegalStateException: Deliberate failure: the document contains FAIL"));
        // the service goes on
        assertThat(template.requestBody("direct:failing", "all is well", AnalysisResult.class)).isNotNull();
    }

    @Test
    void aCasMultipliersChildrenAreCountedReadAndReleased() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            text.append("Line ").append(i).append(" of a long document.\n");
        }
        // more documents than the segmenter's CAS pool: unreleased children would stall it
        for (int round = 0; round < 4; round++) {
            Exchange out = template.request("direct:segments", e -> e.getIn().setBody(text.toString()));
            assertThat(out.getException()).isNull();
            int children = out.getMessage().getHeader(UimaDriverConstants.CHILD_CAS_COUNT, Integer.class);
            assertThat(children).isGreaterThan(1);
            assertThat(out.getMessage().getBody(AnalysisResult.class).childAnnotations()).hasSize(children);
        }
    }

    @Test
    void moreDocumentsThanCasesWaitWithoutHoldingThreadsAndAllComplete() throws Exception {
        UimaDriverProducer producer = (UimaDriverProducer) context.getEndpoint(uri("RoomNumberQueue",
                "casPoolSize=2&timeout=60000")).createProducer();
        producer.start();
        try {
            List<CompletableFuture<Exchange>> replies = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                Exchange exchange = new org.apache.camel.support.DefaultExchange(context);
                exchange.getIn().setBody("Document " + i + " in room 20-00" + (i % 10));
                CompletableFuture<Exchange> done = new CompletableFuture<>();
                // process returns at once: nothing blocks while the exchanges wait for one of the 2 CASes
                assertThat(producer.process(exchange, sync -> done.complete(exchange))).isFalse();
                replies.add(done);
                assertThat(producer.getInFlightCount()).isLessThanOrEqualTo(2);
            }
            assertThat(producer.getActiveCount()).isGreaterThan(2);
            for (CompletableFuture<Exchange> reply : replies) {
                Exchange out = reply.get(60, TimeUnit.SECONDS);
                assertThat(out.getException()).isNull();
                assertThat(out.getMessage().getBody(AnalysisResult.class)
                        .annotations("org.apache.uima.tutorial.RoomNumber")).hasSize(1);
                assertThat(producer.getInFlightCount()).isLessThanOrEqualTo(2);
            }
            assertThat(producer.getActiveCount()).isZero();
            assertThat(producer.getInFlightCount()).isZero();
        } finally {
            producer.stop();
        }
    }

    @Test
    void collectionProcessCompleteReachesTheService() {
        Exchange out = template.request(uri("RoomNumberQueue", "cpcTimeout=30000"),
                e -> e.getIn().setHeader(UimaDriverConstants.COLLECTION_PROCESS_COMPLETE, true));
        assertThat(out.getException()).isNull();
    }

    @Test
    void aQueueNobodyServesFailsClearlyWhenTheProducerStarts() {
        assertThatThrownBy(() -> template.sendBody(uri("NobodyListens", "getMetaTimeout=1500"), "text"))
                .rootCause().hasMessage("No UIMA AS service answered GetMeta on queue NobodyListens at "
                                        + service.brokerUrl() + " within 1500 ms (option getMetaTimeout)");
    }

    @Test
    void aDocumentForAnotherServiceInstanceIsTakenByNoneOfThese() {
        // UIMA AS services select targeted requests by their own id (ip:pid): this one matches no instance
        Exchange header = template.request(uri("RoomNumberQueue", "timeout=1500"), e -> {
            e.getIn().setBody("Room 20-001");
            e.getIn().setHeader(UimaDriverConstants.TARGET_SERVICE_ID, "10.255.255.1:1");
        });
        assertThat(header.getException()).isInstanceOf(ExchangeTimedOutException.class);
        Exchange option = template.request(uri("RoomNumberQueue", "timeout=1500&targetServiceId=10.255.255.1:1"),
                e -> e.getIn().setBody("Room 20-001"));
        assertThat(option.getException()).isInstanceOf(ExchangeTimedOutException.class);
    }

    @Test
    void noReplyWithinTheTimeoutIsAnExchangeTimedOutException() {
        // the failing test service sleeps 3 s on SLOW
        Exchange out = template.request(uri("FailingQueue", "timeout=500"), e -> e.getIn().setBody("SLOW please"));
        assertThat(out.getException()).isInstanceOf(ExchangeTimedOutException.class)
                .hasMessageContaining("No reply from the UIMA AS service on queue FailingQueue");
    }
}
